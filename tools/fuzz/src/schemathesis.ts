// One family's Schemathesis run: its closed document, its config (tools/fuzz/config/<family>.toml),
// a fixed seed, no example database or cache carried between runs, every default check, the
// budget's phases (stateful through the documents' links), and the NDJSON,
// JSON and JUnit reports under `.cache/fuzz/reports/<ci|deep>/<part>/`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, toolDir } from './paths.js';
import { schemathesisBin } from './toolchain.js';

/** How much to generate. */
export interface Budget {
  seed: number;
  maxExamples: number;
  /** Schemathesis's phases to run. */
  phases: string[];
  /** Stateful scenarios to walk (`[phases.stateful.generation] max-examples`). */
  statefulScenarios: number;
  /** Calls per scenario at most (`[phases.stateful] max-steps`). */
  statefulSteps: number;
  /**
   * Whether the phases repeat until the part's time is spent (`--max-time`, the deep run) rather
   * than stop after their examples (the CI run, bounded by its counts).
   */
  fillTime: boolean;
}

/** Where a family's run left its reports, its exit code and how long it took. */
export interface FamilyRun {
  exitCode: number;
  seconds: number;
  reportDir: string;
  ndjson: string;
  junit: string;
  json: { test_cases?: { generated?: number }; operations?: { tested?: number } };
  output: string;
}

/**
 * One run of Schemathesis: a family's document, or the part of it under one base address (family
 * A's token endpoint and SCIM server have their own servers, and `--url` names one).
 */
export interface Part {
  /** `access`, `access-scim`, …: names the reports' folder. */
  name: string;
  family: string;
  /** The variable holding the base address. */
  urlVariable: string;
  /** Schemathesis's operation filters (`--include-path-regex=…`). */
  filters: string[];
  /** No link starts or ends in the part (family A's token endpoint): no stateful phase to run. */
  withoutLinks?: boolean;
  /** Only the stateful phase runs (a user create's own part: its family's whole part ran the rest). */
  statefulOnly?: boolean;
  /** The part's share of its lane's time (the deep run's `--max-time`, every run's stop). */
  share: number;
  /** Its config under tools/fuzz/config/ (default: `<family>.toml`). */
  config?: string;
}

/**
 * Runs Schemathesis over one part of a family's document, either its unit phases (examples,
 * coverage, fuzzing) or its stateful phase; resolves when it exits. The stateful phase runs on its
 * own: after the unit phases in the same run it walked a fifth of its scenarios (22 of 150 in
 * family A), on its own all of them.
 */
export async function runPart(
  part: Part,
  document: string,
  budget: Budget,
  env: Record<string, string>,
  seconds: number,
  stage: 'unit' | 'stateful',
): Promise<FamilyRun> {
  const { family } = part;
  const name = stage === 'stateful' ? `${part.name}-stateful` : part.name;
  const phases = budget.phases.filter((p) => (stage === 'stateful') === (p === 'stateful'));
  // The deep run and the CI run keep apart, so one can run while the other does.
  const lane = budget.fillTime ? 'deep' : 'ci';
  const reportDir = join(cacheDir, 'reports', lane, name);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const paths = {
    ndjson: join(reportDir, 'events.ndjson'),
    junit: join(reportDir, 'junit.xml'),
    json: join(reportDir, 'run.json'),
    output: join(reportDir, 'output.txt'),
  };
  // The family's config with the budget's stateful settings (no CLI option sets them) and the
  // run's `${X_FUZZ_*}` values in place (Schemathesis substitutes them in parameters and auth,
  // not in dictionaries).
  const config = join(reportDir, 'config.toml');
  const familyConfig = readFileSync(
    join(toolDir, 'config', part.config ?? `${family}.toml`),
    'utf8',
  ).replace(/\$\{(X_FUZZ_[A-Z_]+)\}/g, (placeholder, name: string) => env[name] ?? placeholder);
  writeFileSync(
    config,
    `${familyConfig}\n` +
      `[phases.stateful]\nmax-steps = ${budget.statefulSteps}\n\n` +
      `[phases.stateful.generation]\nmax-examples = ${budget.statefulScenarios}\n`,
  );
  const args = [
    '--config-file',
    config,
    '--no-color',
    'run',
    document,
    `--url=${env[part.urlVariable]}`,
    ...part.filters,
    `--seed=${budget.seed}`,
    ...(budget.fillTime ? [`--max-time=${Math.max(1, Math.floor(seconds))}`] : []),
    `--max-examples=${budget.maxExamples}`,
    `--phases=${phases.join(',')}`,
    // Nothing found by an earlier run is replayed: the run depends on the seed alone.
    '--generation-database=none',
    '--workers=1',
    '--report=ndjson,json,junit',
    `--report-ndjson-path=${paths.ndjson}`,
    `--report-json-path=${paths.json}`,
    `--report-junit-path=${paths.junit}`,
  ];
  // Hypothesis keeps its own folder in the working directory; a fresh one per run.
  const workDir = join(cacheDir, 'work', lane, name);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const started = performance.now();
  const child = spawn(schemathesisBin, args, {
    env: { ...process.env, ...env, PYTHONHASHSEED: '0' },
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(paths.output);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  // A part still running past its time (and, with `--max-time`, a minute's grace) is stopped:
  // the run's budget holds whatever Schemathesis does.
  const kill = setTimeout(
    () => child.kill('SIGKILL'),
    (seconds + (budget.fillTime ? 60 : 0)) * 1000,
  );
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  }).finally(() => clearTimeout(kill));
  await new Promise((resolve) => log.end(resolve));
  const took = (performance.now() - started) / 1000;
  let json: FamilyRun['json'] = {};
  try {
    json = JSON.parse(readFileSync(paths.json, 'utf8'));
  } catch {
    // No JSON report: the run failed before testing; the output says why.
  }
  return {
    exitCode,
    seconds: took,
    reportDir,
    ndjson: paths.ndjson,
    junit: paths.junit,
    json,
    output: readFileSync(paths.output, 'utf8'),
  };
}

/** One family's run from the runs of its parts: the worst exit code, the times and counts added. */
export function mergeRuns(runs: FamilyRun[]): FamilyRun {
  const [first] = runs as [FamilyRun];
  return {
    ...first,
    exitCode: runs.reduce((code, r) => (code === 0 ? r.exitCode : code), 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    json: {
      test_cases: {
        generated: runs.reduce((n, r) => n + (r.json.test_cases?.generated ?? 0), 0),
      },
    },
    output: runs.map((r) => r.output).join('\n'),
  };
}
