#!/usr/bin/env node
// `pnpm test` (`pnpm test STAGE…` for some): every stage of the test run in order (stages.mjs),
// each timed, then one closing line that adds up every runner's results:
// `tests: N passed, N failed, N skipped`. A failed check stage stops the run; a failed test stage
// does not, so one run shows every failure. Exits non-zero when a stage failed, a test failed, or
// a test stage ran no test.
import { fileURLToPath } from 'node:url';
import { reportLines, runStages } from './run.mjs';
import { stages } from './stages.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const only = process.argv.slice(2);
const selected = only.length ? stages.filter((s) => only.includes(s.name)) : stages;
if (selected.length !== (only.length || stages.length)) {
  console.error(
    `unknown stage in "${only.join(' ')}"; stages: ${stages.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const outcome = runStages(selected, { cwd: root });
for (const line of reportLines(outcome)) console.log(line);
process.exit(outcome.failed ? 1 : 0);
