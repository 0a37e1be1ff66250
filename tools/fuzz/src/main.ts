// `pnpm fuzz [--deep] [--family NAME]`: Schemathesis over every family's document against a
// fresh emulator. Writes the run's results (`.cache/results/fuzz.json`, one test per
// operation × check) and its section of docs/reliability.md; exits non-zero on any finding.
import { startEmulator } from '@x/emulator';
import { type SpecName, specNames } from '@x/specs';
import { writeResult } from '../../test-run/src/results.mjs';
import { fuzzEnvironment } from './credentials.js';
import { writeClosedDocument } from './documents.js';
import { partsOf } from './parts.js';
import { type FamilyReport, writeReliabilitySection } from './report.js';
import { type Budget, mergeRuns, runPart } from './schemathesis.js';
import { mergeSummaries, summarize } from './summary.js';
import { ensureSchemathesis } from './toolchain.js';

/**
 * The CI budget (all four families ≤ 6 minutes cold on 2 cores, the pip install included) and
 * the nightly one. CI runs the phases examples, fuzzing and stateful; the deep run adds the
 * coverage phase (boundary and negative values of every parameter: about 9,000 of family A's
 * 10,000 test cases) and more examples per operation.
 */
const budgets: Record<'ci' | 'deep', Budget> = {
  ci: { seed: 20261126, maxExamples: 5, phases: ['examples', 'fuzzing', 'stateful'] },
  deep: {
    seed: 20261126,
    maxExamples: 100,
    phases: ['examples', 'coverage', 'fuzzing', 'stateful'],
  },
};

const args = process.argv.slice(2);
const mode = args.includes('--deep') ? 'deep' : 'ci';
const familyArg = args.indexOf('--family');
const families: SpecName[] =
  familyArg >= 0 ? [args[familyArg + 1] as SpecName] : (specNames as readonly SpecName[]).slice();
const budget = budgets[mode];

const installStarted = performance.now();
const { installed } = ensureSchemathesis();
const installSeconds = (performance.now() - installStarted) / 1000;
console.log(
  `fuzz: Schemathesis ${installed ? `installed in ${installSeconds.toFixed(1)} s` : 'ready (venv up to date)'}`,
);

// Tokens outlive the deep run (60 minutes).
const emulator = await startEmulator({ port: 0, tokenLifetimeSeconds: 4 * 3600 });
const reports: FamilyReport[] = [];
try {
  const env = await fuzzEnvironment(emulator);
  // Two lanes on two cores: family A (106 operations) alone, the other three one after another.
  const lanes = [families.filter((f) => f === 'access'), families.filter((f) => f !== 'access')];
  const byFamily = new Map<string, FamilyReport>();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const family of lane) {
        const document = writeClosedDocument(family);
        const runs = [];
        for (const part of partsOf(family)) runs.push(await runPart(part, document, budget, env));
        byFamily.set(family, {
          family,
          run: mergeRuns(runs),
          summary: mergeSummaries(runs.map((run) => summarize(run.ndjson))),
        });
      }
    }),
  );
  for (const family of families) {
    const report = byFamily.get(family) as FamilyReport;
    const { run, summary } = report;
    const failed = summary.cells.reduce((n, c) => n + (c.failed > 0 ? 1 : 0), 0);
    console.log(
      `fuzz: ${family}: ${summary.cells.length} operation × check cells, ${failed} failing; ` +
        `${run.json.test_cases?.generated ?? summary.testCases} test cases, ` +
        `${summary.statefulSequences} stateful sequences in ${run.seconds.toFixed(1)} s (exit ${run.exitCode})`,
    );
    if (run.exitCode !== 0 || summary.findings.length > 0 || summary.errors.length > 0) {
      const at = run.output.indexOf('FAILURES');
      console.log(run.output.slice(at >= 0 ? at : Math.max(0, run.output.length - 6000)));
    }
    reports.push(report);
  }
} finally {
  await emulator.stop();
}

const counts = reports.reduce(
  (sum, { summary, run }) => {
    for (const cell of summary.cells) {
      if (cell.failed > 0) sum.failed += 1;
      else sum.passed += 1;
    }
    // A run that ended without its reports counts as a failure, never as nothing.
    if (summary.cells.length === 0 || (run.exitCode !== 0 && summary.findings.length === 0))
      sum.failed += 1;
    return sum;
  },
  { passed: 0, failed: 0, skipped: 0 },
);
writeResult('fuzz', counts);
if (familyArg < 0) writeReliabilitySection({ mode, budget, installSeconds, installed, reports });
console.log(`fuzz: ${counts.passed} passed, ${counts.failed} failed`);
process.exitCode = counts.failed > 0 ? 1 : 0;
