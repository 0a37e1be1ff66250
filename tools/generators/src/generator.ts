// What the harness asks of each language's generator.
import type { StoryRun, StoryTarget } from './story.js';
import type { Family } from './toolchain.js';

export interface Generated {
  /** The folder the generated code is in. */
  dir: string;
  /** The generator's warnings, one line each. */
  warnings: string[];
}

export interface Built {
  ok: boolean;
  /** The build's own output (errors), trimmed. */
  output: string;
}

export interface Generator {
  language: 'python' | 'go' | 'java' | 'typescript';
  /** The generator and its pinned version, as docs/generators.md names it. */
  tool: string;
  /** The document version it is fed. */
  reads: '3.0' | '3.1';
  /** The build check, as docs/generators.md names it. */
  check: string;
  /** File endings of the generated source, for the anonymous-name count. */
  sources: readonly string[];
  /** Installs the generator and the build tools from the committed pins (cached). */
  prepare(): Promise<void>;
  generate(family: Family): Promise<Generated>;
  build(family: Family, generated: Generated): Promise<Built>;
  /**
   * Runs this language's conformance story (tools/generators/stories/<language>) in its own test
   * runner against the emulator in `target`, over every family's generated client at once (events
   * last), and reports each test by name from the runner's own report.
   */
  story(generated: ReadonlyMap<Family, Generated>, target: StoryTarget): Promise<StoryRun>;
}

/** The lines of a generator's output that are warnings, by a pattern of that generator. */
export const warningLines = (output: string, pattern: RegExp) =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => pattern.test(line));
