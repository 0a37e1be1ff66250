// 7. Codegen for all specs and the full contract-test run: wall time, reported (no goal).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { figure, fmt, runStandalone, type Section } from './lib/report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function timed(command: string, args: string[]): Promise<{ seconds: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'ignore' });
    child.on('exit', (code) =>
      resolve({ seconds: (performance.now() - started) / 1000, ok: code === 0 }),
    );
  });
}

export async function run(): Promise<Section> {
  // `--check` generates every spec's types exactly as `pnpm codegen` does, without writing.
  const codegen = await timed('pnpm', ['exec', 'tsx', 'tools/codegen/src/cli.ts', '--check']);
  const contract = await timed('pnpm', ['exec', 'vitest', 'run', '--project', 'contract']);
  const show = (r: { seconds: number; ok: boolean }) =>
    `${fmt(r.seconds, 1)} s${r.ok ? '' : ' (failed)'}`;
  return {
    id: 'pipeline',
    title: '7. Codegen and contract tests',
    method:
      'Wall time of `tsx tools/codegen/src/cli.ts --check` (openapi-typescript for every spec, compared with the committed output) and of `vitest run --project contract` (starts Prism for every spec, runs every contract test).',
    figures: [
      figure('codegen, all specs', show(codegen)),
      figure('contract tests', show(contract)),
    ],
  };
}

await runStandalone(import.meta.url, run);
