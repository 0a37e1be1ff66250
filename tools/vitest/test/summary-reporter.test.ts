import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { countRun, nameFailures, nameRetried } from '../summary-reporter.js';

type State = 'passed' | 'failed' | 'skipped' | 'pending';

/** The part of vitest's TestModule that the reporter reads. */
function fakeModule(
  tests: State[],
  moduleState: State,
  errors: unknown[] = [],
  retries: number[] = [],
): TestModule {
  return {
    relativeModuleId: 'pkg/test/a.test.ts',
    state: () => moduleState,
    errors: () => errors,
    children: {
      allTests: () =>
        tests.map((state, i) => ({
          fullName: `suite > case ${i}`,
          diagnostic: () => ({ retryCount: retries[i] ?? 0 }),
          result: () => ({
            state,
            errors: state === 'failed' ? [{ message: `boom ${i}\nstack` }] : undefined,
          }),
        })),
    },
  } as unknown as TestModule;
}

describe('countRun', () => {
  it('counts tests by outcome', () => {
    expect(countRun([fakeModule(['passed', 'passed', 'failed', 'skipped'], 'failed')])).toEqual({
      passed: 2,
      failed: 1,
      skipped: 1,
    });
  });

  it('counts a file whose tests all passed but whose afterAll hook failed', () => {
    expect(countRun([fakeModule(['passed', 'passed'], 'failed')])).toEqual({
      passed: 2,
      failed: 1,
      skipped: 0,
    });
  });

  it('counts a file that failed to load', () => {
    expect(countRun([fakeModule([], 'failed', [{ message: 'SyntaxError' }])]).failed).toBe(1);
  });

  it('counts a file-level error beside failed tests once more', () => {
    expect(countRun([fakeModule(['failed'], 'failed', [{ message: 'hook' }])]).failed).toBe(2);
  });

  it('counts unhandled errors', () => {
    expect(countRun([fakeModule(['passed'], 'passed')], [{}, {}]).failed).toBe(2);
  });

  it('reports a clean run as 0 failed', () => {
    expect(
      countRun([fakeModule(['passed'], 'passed'), fakeModule(['skipped'], 'skipped')]),
    ).toEqual({ passed: 1, failed: 0, skipped: 1 });
  });
});

describe('nameFailures', () => {
  it('names each failed test with its file and first error', () => {
    expect(nameFailures([fakeModule(['passed', 'failed'], 'failed')])).toEqual([
      { name: 'pkg/test/a.test.ts › suite > case 1', message: 'boom 1\nstack' },
    ]);
  });

  it('names a file that failed outside its tests, and unhandled errors', () => {
    expect(
      nameFailures([fakeModule([], 'failed', [{ message: 'SyntaxError' }])], [{ message: 'late' }]),
    ).toEqual([
      { name: 'pkg/test/a.test.ts (outside its tests)', message: 'SyntaxError' },
      { name: 'unhandled error', message: 'late' },
    ]);
  });

  it('names nothing on a clean run', () => {
    expect(nameFailures([fakeModule(['passed', 'skipped'], 'passed')])).toEqual([]);
  });
});

describe('nameRetried', () => {
  it('names a test that passed on a retry, not one that passed first time or failed', () => {
    expect(
      nameRetried([fakeModule(['passed', 'passed', 'failed'], 'failed', [], [0, 1, 1])]),
    ).toEqual([{ name: 'pkg/test/a.test.ts › suite > case 1', message: 'passed on retry 1' }]);
  });
});
