// Runs stages in order and adds up what their runners recorded (see main.mjs for the rules).
import { spawnSync } from 'node:child_process';
import { clearResults, readResults, total } from './results.mjs';

/**
 * Runs each stage, timing it; returns the timings, every suite's results and whether the run
 * failed. `log` receives each line the run prints of its own.
 */
export function runStages(stages, { cwd, env = process.env, log = console.log } = {}) {
  clearResults(env);
  const timings = [];
  let failed = false;
  for (const stage of stages) {
    const before = new Set(readResults(env).map((r) => r.suite));
    const started = performance.now();
    log(`\n== stage ${stage.name} (budget ${stage.budgetSeconds} s)`);
    const [command, args] = stage.command;
    const run = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
    const seconds = (performance.now() - started) / 1000;
    const ran = total(readResults(env).filter((r) => !before.has(r.suite)));
    let outcome =
      run.status === 0
        ? 'ok'
        : `failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`;
    if (stage.tests && run.status === 0 && ran.passed + ran.failed === 0)
      outcome = 'failed (no test ran)';
    if (outcome !== 'ok') failed = true;
    timings.push({ stage: stage.name, outcome, seconds, budget: stage.budgetSeconds });
    log(`== stage ${stage.name}: ${outcome} in ${seconds.toFixed(1)} s`);
    // Nothing after a failed check stage (lint, types, build) can be trusted; test stages go on.
    if (outcome !== 'ok' && !stage.tests) break;
  }
  const results = readResults(env);
  const sum = total(results);
  if (sum.failed > 0) failed = true;
  return { timings, results, sum, failed };
}

/** The report's lines; the last is the closing line CI reads. */
export function reportLines({ timings, results, sum }) {
  const lines = ['', 'stage timings:'];
  for (const t of timings) {
    const over = t.seconds > t.budget ? ` (over its ${t.budget} s budget)` : '';
    lines.push(
      `  ${t.stage.padEnd(12)} ${t.seconds.toFixed(1).padStart(7)} s  ${t.outcome}${over}`,
    );
  }
  lines.push('results by suite:');
  for (const r of results)
    lines.push(
      `  ${r.suite.padEnd(28)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
    );
  const named = results.filter((r) => r.failures?.length);
  if (named.length > 0) {
    lines.push('failed:');
    for (const r of named) {
      for (const f of r.failures)
        lines.push(`  ${r.suite}: ${f.name}${f.message === undefined ? '' : ` — ${f.message}`}`);
      if (r.failed > r.failures.length)
        lines.push(`  ${r.suite}: and ${r.failed - r.failures.length} more`);
    }
  }
  const retried = results.filter((r) => r.retried?.length);
  if (retried.length > 0) {
    lines.push('passed only on a retry:');
    for (const r of retried) for (const f of r.retried) lines.push(`  ${r.suite}: ${f.name}`);
  }
  lines.push('', `tests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
  return lines;
}
