// 5. Type-check cost for app teams: `tsc --noEmit --extendedDiagnostics` on a consumer file that
// calls every resource of every family (fixtures/typecheck/consumer.ts), against the built
// packages' declarations, side by side with the same tsc run on an empty file.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { figure, fmt, median, runStandalone, type Section } from './lib/report.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dir = fileURLToPath(new URL('../fixtures/typecheck/', import.meta.url));

interface TscRun {
  wallMs: number;
  totalS: number;
  checkS: number;
  instantiations: number;
  output: string;
  ok: boolean;
}

async function tscRun(project: string): Promise<TscRun> {
  const started = performance.now();
  let output: string;
  let ok = true;
  try {
    output = (
      await promisify(execFile)(process.execPath, [tsc, '-p', project, '--extendedDiagnostics'], {
        cwd: dir,
      })
    ).stdout;
  } catch (error) {
    ok = false;
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const wallMs = performance.now() - started;
  const num = (label: string) =>
    Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(output)?.[1] ?? Number.NaN);
  return {
    wallMs,
    totalS: num('Total time'),
    checkS: num('Check time'),
    instantiations: num('Instantiations'),
    output,
    ok,
  };
}

export async function run(): Promise<Section> {
  const consumer: TscRun[] = [];
  const empty: TscRun[] = [];
  for (let round = 0; round < 5; round++) {
    consumer.push(await tscRun('tsconfig.json'));
    empty.push(await tscRun('tsconfig.empty.json'));
  }
  const errors = consumer.some((r) => !r.ok);
  const deep = consumer.some((r) => /excessively deep|TS2589/.test(r.output));
  const wall = median(consumer.map((r) => r.wallMs)) / 1000;
  const ratioToEmpty = median(consumer.map((r, i) => r.wallMs / empty[i]!.wallMs));
  const first = consumer[0]!;
  return {
    id: 'typecheck',
    title: '5. Type-check cost',
    method:
      '`tsc -p bench/fixtures/typecheck --noEmit --extendedDiagnostics` (strict, skipLibCheck, moduleResolution Bundler, resolving the built `.d.ts`) on a consumer that calls every resource of every family, 5 runs alternating with the same tsc on an empty file. Wall time includes Node and TypeScript start-up.',
    figures: [
      figure('tsc wall time, consumer', `${fmt(wall, 2)} s`, '< 2 s', wall < 2),
      figure('consumer / empty file (wall)', `${fmt(ratioToEmpty, 2)}x`),
      figure(
        'tsc Check time / Total time',
        `${fmt(median(consumer.map((r) => r.checkS)), 2)} s / ${fmt(median(consumer.map((r) => r.totalS)), 2)} s`,
      ),
      figure('instantiations (editor cost)', String(first.instantiations)),
      figure(
        'errors ("excessively deep" or any)',
        errors ? (deep ? 'excessively deep' : 'type errors') : 'none',
        'none',
        !errors,
      ),
    ],
  };
}

await runStandalone(import.meta.url, run);
