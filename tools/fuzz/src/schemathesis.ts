// One family's Schemathesis run: its closed document, its config (tools/fuzz/config/<family>.toml),
// a fixed seed, no example database or cache carried between runs, every default check, the
// budget's phases (stateful through the documents' links), and the NDJSON,
// JSON and JUnit reports under `.cache/fuzz/reports/<family>/`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, toolDir } from './paths.js';
import { schemathesisBin } from './toolchain.js';

/** How much to generate. */
export interface Budget {
  seed: number;
  maxExamples: number;
  /** Schemathesis's phases to run. */
  phases: string[];
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
}

/** Runs Schemathesis over one part of a family's document; resolves when it exits. */
export async function runPart(
  part: Part,
  document: string,
  budget: Budget,
  env: Record<string, string>,
): Promise<FamilyRun> {
  const { name, family } = part;
  const reportDir = join(cacheDir, 'reports', name);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const paths = {
    ndjson: join(reportDir, 'events.ndjson'),
    junit: join(reportDir, 'junit.xml'),
    json: join(reportDir, 'run.json'),
    output: join(reportDir, 'output.txt'),
  };
  const args = [
    '--config-file',
    join(toolDir, 'config', `${family}.toml`),
    '--no-color',
    'run',
    document,
    `--url=${env[part.urlVariable]}`,
    ...part.filters,
    `--seed=${budget.seed}`,
    `--max-examples=${budget.maxExamples}`,
    `--phases=${budget.phases.filter((p) => !(part.withoutLinks && p === 'stateful')).join(',')}`,
    // Nothing found by an earlier run is replayed: the run depends on the seed alone.
    '--generation-database=none',
    '--workers=1',
    '--report=ndjson,json,junit',
    `--report-ndjson-path=${paths.ndjson}`,
    `--report-json-path=${paths.json}`,
    `--report-junit-path=${paths.junit}`,
  ];
  // Hypothesis keeps its own folder in the working directory; a fresh one per run.
  const workDir = join(cacheDir, 'work', name);
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
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
  await new Promise((resolve) => log.end(resolve));
  const seconds = (performance.now() - started) / 1000;
  let json: FamilyRun['json'] = {};
  try {
    json = JSON.parse(readFileSync(paths.json, 'utf8'));
  } catch {
    // No JSON report: the run failed before testing; the output says why.
  }
  return {
    exitCode,
    seconds,
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
