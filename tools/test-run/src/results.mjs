// The results protocol every test stage shares: a runner writes one JSON file per suite into the
// results folder (`.cache/results/` in the clone, or `X_RESULTS_DIR`), `{ suite, passed, failed,
// skipped, failures, retried }`; the test run adds them up for its closing line and names the failures just
// above it (CI often keeps only the tail of a log, so the names must be where the tail is). One file per suite, so a stage that
// runs several runners (pytest, go test, JUnit, Schemathesis, vitest) reports each.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder results are written to and read from. */
export function resultsDir(env = process.env) {
  return env.X_RESULTS_DIR ?? join(root, '.cache', 'results');
}

/** How many failures a suite names at most, and how long each line may be. */
const MAX_FAILURES = 20;
const MAX_LINE = 300;

/** One line, shortened: a failure's name and the first line of its message. */
function oneLine(text) {
  const line = String(text).split('\n', 1)[0].trim();
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/**
 * Records one suite's counts. `suite` names the file (`vitest`, `generators-pytest`, …);
 * `counts.failures`, when given, names what failed (`{ name, message }`, the first 20 kept), and
 * `counts.retried` what passed only on a retry.
 */
export function writeResult(suite, counts, env = process.env) {
  const dir = resultsDir(env);
  mkdirSync(dir, { recursive: true });
  const named = (list) =>
    (list ?? []).slice(0, MAX_FAILURES).map((f) => ({
      name: oneLine(f.name),
      ...(f.message === undefined ? {} : { message: oneLine(f.message) }),
    }));
  const failures = named(counts.failures);
  const retried = named(counts.retried);
  const record = {
    suite,
    passed: counts.passed | 0,
    failed: counts.failed | 0,
    skipped: counts.skipped | 0,
    ...(failures.length > 0 ? { failures } : {}),
    ...(retried.length > 0 ? { retried } : {}),
  };
  writeFileSync(join(dir, `${suite}.json`), `${JSON.stringify(record)}\n`);
  return record;
}

/** Every suite's counts, by file name order. */
export function readResults(env = process.env) {
  const dir = resultsDir(env);
  let names = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** Empties the results folder before a run, so no figure of an earlier run is counted. */
export function clearResults(env = process.env) {
  rmSync(resultsDir(env), { recursive: true, force: true });
}

/** Adds suites up. */
export function total(results) {
  return results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}
