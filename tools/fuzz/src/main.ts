// `pnpm fuzz [--deep [--minutes N]] [--family NAME]`: Schemathesis over every family's document
// against a fresh emulator. Writes the run's results (`.cache/results/fuzz.json`, one test per
// operation × check) and its section of docs/reliability.md; exits non-zero on any finding.
import { startEmulator } from '@x/emulator';
import { type SpecName, specNames } from '@x/specs';
import { startMocks } from '../../mock/src/index.js';
import { writeResult } from '../../test-run/src/results.mjs';
import { activeWorkforceUser, fuzzEnvironment } from './credentials.js';
import { closedDocument, declaredLinks, writeClosedDocument } from './documents.js';
import { partsOf, prismPartOf } from './parts.js';
import { type FamilyReport, walkedOf, writeReliabilitySection } from './report.js';
import { type Budget, type FamilyRun, mergeRuns, runPart } from './schemathesis.js';
import { mergeSummaries, summarize } from './summary.js';
import { ensureSchemathesis } from './toolchain.js';

/**
 * The CI budget (all four families ≤ 6 minutes cold on 2 cores, the pip install included) and
 * the nightly one. CI runs the phases examples, fuzzing and stateful, each bounded by its counts;
 * the deep run adds the coverage phase (boundary and negative values of every parameter: about
 * 9,000 of family A's 10,000 test cases), more examples per operation and longer scenarios, and
 * repeats fuzzing and stateful testing until its time (60 minutes, `--minutes` fewer) is spent.
 */
const budgets: Record<'ci' | 'deep', Budget & { minutes: number }> = {
  ci: {
    seed: 20261126,
    maxExamples: 5,
    phases: ['examples', 'fuzzing', 'stateful'],
    statefulScenarios: 150,
    statefulSteps: 12,
    fillTime: false,
    minutes: 5,
  },
  deep: {
    seed: 20261126,
    maxExamples: 100,
    phases: ['examples', 'coverage', 'fuzzing', 'stateful'],
    statefulScenarios: 1000,
    statefulSteps: 20,
    fillTime: true,
    minutes: 60,
  },
};

const args = process.argv.slice(2);
const mode = args.includes('--deep') ? 'deep' : 'ci';
const familyArg = args.indexOf('--family');
const families: SpecName[] =
  familyArg >= 0 ? [args[familyArg + 1] as SpecName] : (specNames as readonly SpecName[]).slice();
const minutesArg = args.indexOf('--minutes');
const budget = {
  ...budgets[mode],
  // A shorter deep run (never a longer one: 60 minutes is the nightly budget).
  minutes:
    minutesArg >= 0
      ? Math.min(budgets[mode].minutes, Number(args[minutesArg + 1]))
      : budgets[mode].minutes,
};
if (!(budget.minutes > 0)) throw new Error('fuzz: --minutes takes a positive number');
const runStarted = performance.now();

const installStarted = performance.now();
const { installed } = ensureSchemathesis();
const installSeconds = (performance.now() - installStarted) / 1000;
console.log(
  `fuzz: Schemathesis ${installed ? `installed in ${installSeconds.toFixed(1)} s` : 'ready (venv up to date)'}`,
);

/**
 * The CI run also runs each family's document against its Prism mock, the contract tests' mock
 * server (tools/mock, Prism 5.14.2, started from the same spec): the stateless phases, with the
 * exclusions config/prism/<family>.toml gives. Not the deep run: Prism answers from the document
 * alone (its examples, or data from its schemas), so a few requests per operation reach every
 * answer it has; more only repeat Prism's own request validation.
 */
const withPrism = mode === 'ci';
const prismBudget: Budget = { ...budget, phases: ['examples', 'fuzzing'] };

/** Prints a family's figures (and its failures' output); returns the report. */
function announce(label: string, report: FamilyReport): FamilyReport {
  const { run, summary, linksDeclared } = report;
  const failed = summary.cells.reduce((n, c) => n + (c.failed > 0 ? 1 : 0), 0);
  console.log(
    `fuzz: ${label}: ${summary.cells.length} operation × check cells, ${failed} failing; ` +
      `${run.json.test_cases?.generated ?? summary.testCases} test cases, ` +
      (linksDeclared.length > 0 || summary.statefulSequences > 0
        ? `${summary.statefulSequences} stateful sequences, ` +
          `links walked ${walkedOf(report).length}/${linksDeclared.length} `
        : '') +
      `in ${run.seconds.toFixed(1)} s (exit ${run.exitCode})`,
  );
  if (run.exitCode !== 0 || summary.findings.length > 0 || summary.errors.length > 0) {
    const at = run.output.indexOf('FAILURES');
    console.log(run.output.slice(at >= 0 ? at : Math.max(0, run.output.length - 6000)));
  }
  return report;
}

/**
 * The variables for one run of Schemathesis: for family W, a user made just before it, active, for
 * the binding-job operations (config/workforce.toml), since a run may suspend or delete the
 * users it finds.
 */
async function prepared(
  family: string,
  env: Record<string, string>,
): Promise<Record<string, string>> {
  if (family !== 'workforce') return env;
  return { ...env, X_FUZZ_WORKFORCE_USER_ID: await activeWorkforceUser(env) };
}

const secondsLeft = () => budget.minutes * 60 - (performance.now() - runStarted) / 1000 - 60;

// Tokens outlive the deep run (60 minutes).
const emulator = await startEmulator({ port: 0, tokenLifetimeSeconds: 4 * 3600 });
// Prism starts while the emulator is fuzzed.
const mocksStarting = withPrism ? startMocks(families) : undefined;
const reports: FamilyReport[] = [];
const prismReports: FamilyReport[] = [];
try {
  const env = await fuzzEnvironment(emulator);
  // Two lanes on two cores: family A (106 operations) alone, the other three one after another.
  const lanes = [families.filter((f) => f === 'access'), families.filter((f) => f !== 'access')];
  const byFamily = new Map<string, FamilyReport>();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const family of lane) {
        const document = writeClosedDocument(family);
        const linksDeclared = declaredLinks(closedDocument(family));
        const runs: FamilyRun[] = [];
        for (const part of partsOf(family)) {
          // What is left of the run's time, a minute for the reports held back; a deep part gets
          // its share of the lane's time, a CI part (bounded by its counts) whatever is left.
          const share = Math.max(30, (budget.minutes * 60 - 120) * part.share);
          // Schemathesis refuses a stateful run over a document without links (families L, E).
          const stateful =
            !part.withoutLinks && linksDeclared.length > 0 && budget.phases.includes('stateful');
          // A deep part gives its unit phases three fifths of its time, the stateful phase the
          // rest (a stateful-only part all of it).
          const unitShare = part.statefulOnly ? 0 : stateful ? 0.6 : 1;
          const phases = [
            ['unit', unitShare],
            ['stateful', stateful ? 1 - unitShare : 0],
          ] as const;
          for (const [phase, phaseShare] of phases) {
            if (phaseShare <= 0) continue;
            const seconds = budget.fillTime
              ? Math.min(share * phaseShare, secondsLeft())
              : secondsLeft();
            runs.push(
              await runPart(part, document, budget, await prepared(family, env), seconds, phase),
            );
          }
        }
        byFamily.set(family, {
          family,
          run: mergeRuns(runs),
          summary: mergeSummaries(runs.map((run) => summarize(run.ndjson))),
          linksDeclared,
        });
      }
    }),
  );
  for (const family of families)
    reports.push(announce(family, byFamily.get(family) as FamilyReport));

  if (mocksStarting) {
    const mocks = await mocksStarting;
    {
      for (const family of families)
        env[`X_FUZZ_PRISM_${family.toUpperCase()}_URL`] = mocks.urls[family] as string;
      const byPrism = new Map<string, FamilyReport>();
      await Promise.all(
        lanes.map(async (lane) => {
          for (const family of lane) {
            const run = await runPart(
              prismPartOf(family),
              writeClosedDocument(family),
              prismBudget,
              env,
              secondsLeft(),
              'unit',
            );
            byPrism.set(family, {
              family,
              run,
              summary: summarize(run.ndjson),
              linksDeclared: [],
            });
          }
        }),
      );
      for (const family of families)
        prismReports.push(announce(`${family} (Prism)`, byPrism.get(family) as FamilyReport));
    }
  }
} finally {
  await emulator.stop();
  // Prism stops whatever happened (a mock that failed to start has stopped the others).
  await (await mocksStarting?.catch(() => undefined))?.stop();
}

const counts = [...reports, ...prismReports].reduce(
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
// The deep run's counts apart from the CI run's (the test command reads `fuzz`).
writeResult(mode === 'deep' ? 'fuzz-deep' : 'fuzz', counts);
if (familyArg < 0)
  writeReliabilitySection({
    mode,
    budget,
    installSeconds,
    installed,
    reports,
    prismReports,
    seconds: (performance.now() - runStarted) / 1000,
  });
console.log(`fuzz: ${counts.passed} passed, ${counts.failed} failed`);
process.exitCode = counts.failed > 0 ? 1 : 0;
