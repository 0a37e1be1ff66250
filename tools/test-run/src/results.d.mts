/** One suite's counts, as a runner records them. */
export interface SuiteResult {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
}
export type Counts = Omit<SuiteResult, 'suite'>;
export function resultsDir(env?: NodeJS.ProcessEnv): string;
export function writeResult(suite: string, counts: Counts, env?: NodeJS.ProcessEnv): SuiteResult;
export function readResults(env?: NodeJS.ProcessEnv): SuiteResult[];
export function clearResults(env?: NodeJS.ProcessEnv): void;
export function total(results: ReadonlyArray<SuiteResult>): Counts;
