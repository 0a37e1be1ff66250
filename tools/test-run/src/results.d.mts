/** One suite's counts, as a runner records them. */
export interface SuiteResult {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, when the runner names it (at most 20, one line each). */
  failures?: ReadonlyArray<Failure>;
  /** What passed only on a retry (a flaky test, named so it is not hidden). */
  retried?: ReadonlyArray<Failure>;
}
/** One failed test: its full name and the first line of its error. */
export interface Failure {
  name: string;
  message?: string;
}
export type Counts = Omit<SuiteResult, 'suite'>;
export function resultsDir(env?: NodeJS.ProcessEnv): string;
export function writeResult(suite: string, counts: Counts, env?: NodeJS.ProcessEnv): SuiteResult;
export function readResults(env?: NodeJS.ProcessEnv): SuiteResult[];
export function clearResults(env?: NodeJS.ProcessEnv): void;
export function total(results: ReadonlyArray<SuiteResult>): Counts;
