import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readResults, total, writeResult } from '../src/results.mjs';
import { reportLines, runStages } from '../src/run.mjs';

let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'x-test-run-'));
  env = { ...process.env, X_RESULTS_DIR: dir };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stage whose command records the given counts as `suite` and exits with `code`. */
function stage(
  name: string,
  code: number,
  record?: [string, number, number, number],
  tests = true,
) {
  const script = [
    `import { writeResult } from ${JSON.stringify(new URL('../src/results.mjs', import.meta.url).href)};`,
    record
      ? `writeResult(${JSON.stringify(record[0])}, { passed: ${record[1]}, failed: ${record[2]}, skipped: ${record[3]} });`
      : '',
    `process.exit(${code});`,
  ].join('\n');
  return {
    name,
    command: [process.execPath, ['--input-type=module', '-e', script]] as [string, string[]],
    budgetSeconds: 60,
    tests,
  };
}

const quiet = { log: () => {} };

describe('results', () => {
  it('adds up every suite a run records', () => {
    writeResult('vitest', { passed: 3, failed: 1, skipped: 2 }, env);
    writeResult('pytest', { passed: 4, failed: 0, skipped: 0 }, env);
    expect(total(readResults(env))).toEqual({ passed: 7, failed: 1, skipped: 2 });
  });

  it('keeps the first line of each failure, at most 20 of them', () => {
    const failures = Array.from({ length: 25 }, (_, i) => ({
      name: `t${i}`,
      message: `expected 1\nreceived 2 ${'x'.repeat(400)}`,
    }));
    const record = writeResult('vitest', { passed: 0, failed: 25, skipped: 0, failures }, env);
    expect(record.failures).toHaveLength(20);
    expect(record.failures?.[0]).toEqual({ name: 't0', message: 'expected 1' });
    expect(readResults(env)[0]?.failures?.[19]?.name).toBe('t19');
  });
});

describe('reportLines', () => {
  it('names each failure above the closing line, and how many more failed unnamed', () => {
    const results = [
      { suite: 'vitest', passed: 1, failed: 0, skipped: 0 },
      {
        suite: 'consumers',
        passed: 5,
        failed: 3,
        skipped: 0,
        failures: [
          { name: 'a.test.ts › installs', message: 'timed out' },
          { name: 'b.test.ts (outside its tests)' },
        ],
      },
    ];
    const lines = reportLines({ timings: [], results, sum: total(results) });
    const at = lines.indexOf('failed:');
    expect(lines.slice(at, at + 4)).toEqual([
      'failed:',
      '  consumers: a.test.ts › installs — timed out',
      '  consumers: b.test.ts (outside its tests)',
      '  consumers: and 1 more',
    ]);
    expect(lines.at(-1)).toBe('tests: 6 passed, 3 failed, 0 skipped');
  });

  it('names the tests that passed only on a retry', () => {
    const results = [
      {
        suite: 'consumers',
        passed: 2,
        failed: 0,
        skipped: 0,
        retried: [{ name: 'a.test.ts › installs', message: 'passed on retry 1' }],
      },
    ];
    const lines = reportLines({ timings: [], results, sum: total(results) });
    const at = lines.indexOf('passed only on a retry:');
    expect(lines[at + 1]).toBe('  consumers: a.test.ts › installs');
  });

  it('prints no failure section for a clean run', () => {
    const results = [{ suite: 'vitest', passed: 1, failed: 0, skipped: 0 }];
    expect(reportLines({ timings: [], results, sum: total(results) })).not.toContain('failed:');
  });
});

describe('runStages', () => {
  it('closes with the sum of every runner and passes when all passed', () => {
    const outcome = runStages(
      [stage('a', 0, ['vitest', 5, 0, 1]), stage('b', 0, ['pytest', 2, 0, 0])],
      {
        cwd: tmpdir(),
        env,
        ...quiet,
      },
    );
    expect(outcome.failed).toBe(false);
    expect(reportLines(outcome).at(-1)).toBe('tests: 7 passed, 0 failed, 1 skipped');
  });

  it('fails a test stage that exited 0 having run no test', () => {
    const outcome = runStages([stage('empty', 0)], { cwd: tmpdir(), env, ...quiet });
    expect(outcome.failed).toBe(true);
    expect(outcome.timings[0]?.outcome).toBe('failed (no test ran)');
  });

  it('fails on a failed test even when the runner exited 0', () => {
    const outcome = runStages([stage('a', 0, ['go-test', 1, 1, 0])], {
      cwd: tmpdir(),
      env,
      ...quiet,
    });
    expect(outcome.failed).toBe(true);
  });

  it('goes on after a failed test stage but stops after a failed check stage', () => {
    const afterTests = runStages(
      [stage('t', 1, ['vitest', 1, 1, 0]), stage('u', 0, ['junit', 1, 0, 0])],
      {
        cwd: tmpdir(),
        env,
        ...quiet,
      },
    );
    expect(afterTests.timings.map((t) => t.stage)).toEqual(['t', 'u']);
    const afterChecks = runStages(
      [stage('checks', 1, undefined, false), stage('u', 0, ['junit', 1, 0, 0])],
      {
        cwd: tmpdir(),
        env,
        ...quiet,
      },
    );
    expect(afterChecks.timings.map((t) => t.stage)).toEqual(['checks']);
    expect(afterChecks.failed).toBe(true);
  });

  it('counts no result left from an earlier run', () => {
    writeResult('stale', { passed: 100, failed: 0, skipped: 0 }, env);
    const outcome = runStages([stage('a', 0, ['vitest', 1, 0, 0])], {
      cwd: tmpdir(),
      env,
      ...quiet,
    });
    expect(outcome.sum).toEqual({ passed: 1, failed: 0, skipped: 0 });
  });
});
