// Prints one plain closing line for the whole run (`tests: N passed, N failed, N skipped`), which
// CI and humans can read without knowing vitest's own summary format. A file that fails outside
// its tests (an import error, a failing beforeAll/afterAll hook) and an unhandled error each count
// as one failure, so the line never says "0 failed" on a run that fails. The counts also go to the
// results folder, where `pnpm test` adds them to the other runners' (tools/test-run).
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import type { Failure } from '../test-run/src/results.mjs';
import { writeResult } from '../test-run/src/results.mjs';

/** The figures of the closing line. */
export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The first error's message, if there is one. */
function firstMessage(errors: ReadonlyArray<{ message?: unknown }>): string | undefined {
  const message = errors[0]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * What failed, by name: each failed test (file › suite › test), each file that failed outside its
 * tests, each unhandled error; with the first line of its first error.
 */
export function nameFailures(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<{ message?: unknown }> = [],
): Failure[] {
  const failures: Failure[] = [];
  const add = (name: string, message: string | undefined) =>
    failures.push(message === undefined ? { name } : { name, message });
  for (const module of testModules) {
    let failedTests = 0;
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state !== 'failed') continue;
      failedTests++;
      add(`${module.relativeModuleId} › ${test.fullName}`, firstMessage(result.errors ?? []));
    }
    if (module.state() === 'failed' && (failedTests === 0 || module.errors().length > 0))
      add(`${module.relativeModuleId} (outside its tests)`, firstMessage(module.errors()));
  }
  for (const error of unhandledErrors) add('unhandled error', firstMessage([error]));
  return failures;
}

/**
 * Tests that passed only on a retry (the consumers project retries once: it installs over the
 * network). Named in the run's report, so a flaky test is seen, never hidden by its retry.
 */
export function nameRetried(testModules: ReadonlyArray<TestModule>): Failure[] {
  const retried: Failure[] = [];
  for (const module of testModules)
    for (const test of module.children.allTests()) {
      const retries = test.diagnostic()?.retryCount ?? 0;
      if (test.result().state === 'passed' && retries > 0)
        retried.push({
          name: `${module.relativeModuleId} › ${test.fullName}`,
          message: `passed on retry ${retries}`,
        });
    }
  return retried;
}

/** Counts tests by outcome, plus one failure per file that failed outside its tests and per unhandled error. */
export function countRun(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<unknown> = [],
): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedTests = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') failedTests++;
      else counts.skipped++;
    }
    counts.failed += failedTests;
    const moduleFailedOutsideTests =
      module.state() === 'failed' && (failedTests === 0 || module.errors().length > 0);
    if (moduleFailedOutsideTests) counts.failed++;
  }
  counts.failed += unhandledErrors.length;
  return counts;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const counts = countRun(testModules, unhandledErrors);
    // One results file per suite: `pnpm generators` names its own (X_RESULTS_SUITE).
    const suite = process.env.X_RESULTS_SUITE ?? 'vitest';
    writeResult(suite, {
      ...counts,
      failures: nameFailures(testModules, unhandledErrors),
      retried: nameRetried(testModules),
    });
    process.stdout.write(
      `\n${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
