// Turning a runner's report into the story's steps: every step of `storySteps` is in the result,
// one the runner never reported (the tests did not compile, the runner stopped) as a failure
// that carries the runner's output, so a broken build reads as failed steps rather than none.
import type { Generated } from './generator.js';
import { type StepResult, storySteps } from './story.js';
import { type Family, families } from './toolchain.js';

/** The runner's results, plus every story step it did not report, failed with `why`. */
export function completeSteps(reported: readonly StepResult[], why: string): StepResult[] {
  const names = new Set(reported.map((step) => step.name));
  const missing = families
    .flatMap((family) => storySteps[family] as readonly string[])
    .filter((name) => !names.has(name))
    .map((name) => ({ name, ok: false, message: `not reported by the runner: ${why}` }));
  return [...reported, ...missing];
}

/** The families the story needs that have no generated client, by name. */
export const missingFamilies = (generated: ReadonlyMap<Family, Generated>) =>
  families.filter((family) => !generated.has(family));

/** The tail of a runner's output, for a report, without terminal colour codes. */
export const tail = (output: string, lines = 40) =>
  output
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')
    .slice(-lines)
    .join('\n');
