import type { Counts, SuiteResult } from './results.mjs';
export interface Stage {
  name: string;
  command: [string, string[]];
  budgetSeconds: number;
  tests: boolean;
}
export interface StageTiming {
  stage: string;
  outcome: string;
  seconds: number;
  budget: number;
}
export interface RunOutcome {
  timings: StageTiming[];
  results: SuiteResult[];
  sum: Counts;
  failed: boolean;
}
export function runStages(
  stages: ReadonlyArray<Stage>,
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void },
): RunOutcome;
export function reportLines(outcome: Pick<RunOutcome, 'timings' | 'results' | 'sum'>): string[];
