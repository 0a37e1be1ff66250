// `pnpm generators`: every family's document through a real generator of each language, the
// generated code built by that language's own checker, and the conformance story run in that
// language's own test runner against a fresh emulator, as published and in tolerance mode. Each
// step is a test, so the results count in the run's closing line, and each runner's own counts go
// to the results folder too; a missing toolchain fails the language's tests with its name. The
// numbers are held to tools/generators/thresholds.json and written to docs/generators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResult } from '../../test-run/src/results.mjs';
import { anonymousNames, componentNames } from '../src/anonymous-names.js';
import type { Generated, Generator } from '../src/generator.js';
import { go } from '../src/go.js';
import { java } from '../src/java.js';
import { python } from '../src/python.js';
import {
  type Cell,
  type Cells,
  cellKey,
  type StoryTally,
  tallySteps,
  writeReport,
} from '../src/report.js';
import { countSteps, type StoryMode, type StoryRun } from '../src/story.js';
import { startStoryEmulator } from '../src/story-emulator.js';
import { loadThresholds } from '../src/thresholds.js';
import { documentPath, type Family, families } from '../src/toolchain.js';
import { typescript } from '../src/typescript.js';

const generators: Generator[] = [typescript, python, go, java];
const thresholds = loadThresholds();
const cells: Cells = new Map();
const started = Date.now();
const storySeconds = new Map<string, number>();

/** The results file of each language's story runner (tools/test-run/src/results.mjs). */
const storySuites: Record<Generator['language'], string> = {
  typescript: 'generators-vitest-story',
  python: 'generators-pytest',
  go: 'generators-go-test',
  java: 'generators-junit',
};
const modes: readonly StoryMode[] = ['normal', 'tolerance'];

const emptyCell = (): Cell => ({
  generated: false,
  warnings: [],
  built: undefined,
  buildOutput: '',
  anonymousNames: [],
});

/** Runs a language's story once per mode, each against its own fresh emulator. */
async function runStories(generator: Generator, generated: ReadonlyMap<Family, Generated>) {
  const runs = new Map<StoryMode, StoryRun | { error: string }>();
  for (const mode of modes) {
    const emulator = await startStoryEmulator(mode);
    try {
      runs.set(mode, await generator.story(generated, emulator.target));
    } catch (error) {
      runs.set(mode, {
        error: `${generator.language} story (${generator.tool}): ${String(error)}`,
      });
    } finally {
      await emulator.stop();
    }
  }
  return runs;
}

afterAll(() =>
  writeReport(generators, cells, thresholds, (Date.now() - started) / 1000, storySeconds),
);

describe.each(generators)('$tool', (generator) => {
  beforeAll(() => generator.prepare());
  const generatedByFamily = new Map<Family, Generated>();

  describe.each(families)('%s', (family) => {
    const key = cellKey(generator.language, family);
    const limit = thresholds.cells[key];
    const cell: Cell = emptyCell();
    let generated: Generated | undefined;

    it('generates, within the committed limits of unexplained warnings and anonymous names', async () => {
      cells.set(key, cell);
      expect(limit, `${key} has a limit in thresholds.json`).toBeDefined();
      try {
        generated = await generator.generate(family);
      } catch (error) {
        cell.error = String(error);
        throw error;
      }
      cell.generated = true;
      generatedByFamily.set(family, generated);
      cell.warnings = generated.warnings;
      cell.anonymousNames = anonymousNames(
        generated.dir,
        generator.sources,
        componentNames(documentPath(family, generator.reads)),
      );
      // Warnings with a reason in thresholds.json are listed in docs/generators.md; only the
      // others count against the limit.
      const unexplained = cell.warnings.filter(
        (w) => !Object.keys(thresholds.warningReasons).some((text) => w.includes(text)),
      );
      expect(
        unexplained.length,
        `${key} unexplained warnings:\n${unexplained.join('\n')}`,
      ).toBeLessThanOrEqual(limit?.warnings ?? 0);
      expect(
        cell.anonymousNames.length,
        `${key} anonymous names: ${cell.anonymousNames}`,
      ).toBeLessThanOrEqual(limit?.anonymousNames ?? 0);
    });

    it(`builds (${generator.check}) as thresholds.json expects`, async () => {
      expect(generated, 'generated first').toBeDefined();
      if (!generated) return;
      const built = await generator.build(family, generated);
      cell.built = built.ok;
      cell.buildOutput = built.output;
      expect(built.ok ? true : `does not build:\n${built.output}`).toBe(
        limit?.builds === true ? true : `does not build:\n${built.output}`,
      );
    });
  });

  // After every family is generated and built: the story over all four families at once (events
  // last, as its listing shows the others' changes), in the language's own runner.
  describe('conformance story', () => {
    const tallies = new Map<string, StoryTally>();
    beforeAll(async () => {
      const storyStarted = Date.now();
      const runs = await runStories(generator, generatedByFamily);
      storySeconds.set(generator.language, (Date.now() - storyStarted) / 1000);
      const steps = [...runs.values()].flatMap((run) => ('steps' in run ? run.steps : []));
      if ([...runs.values()].some((run) => 'steps' in run))
        writeResult(storySuites[generator.language], countSteps(steps));
      for (const family of families) {
        const key = cellKey(generator.language, family);
        const cell = cells.get(key) ?? emptyCell();
        cells.set(key, cell);
        for (const mode of modes) {
          const run = runs.get(mode);
          const tally =
            run && 'steps' in run
              ? tallySteps(family, run.steps)
              : tallySteps(family, undefined, run?.error);
          tallies.set(`${family}/${mode}`, tally);
          if (mode === 'normal') cell.story = tally;
          else cell.tolerance = tally;
        }
      }
    });

    describe.each(families)('%s', (family) => {
      const expectAll = (mode: StoryMode) => {
        const tally = tallies.get(`${family}/${mode}`);
        expect(tally, 'the story ran').toBeDefined();
        expect(
          tally?.failures ?? [],
          `${cellKey(generator.language, family)} story (${mode})`,
        ).toEqual([]);
        expect(tally?.passed).toBe(tally?.total);
      };

      it('passes its story steps', () => expectAll('normal'));
      it('reads every response in tolerance mode', () => expectAll('tolerance'));
    });
  });
});
