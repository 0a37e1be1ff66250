// 4. Cold import time of each package, and of all five families together, in a fresh Node
// process (plain node, no loader), resolving @x/* as an app does (the built dist/).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { figure, fmt, median, runStandalone, type Section } from './lib/report.js';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['@x/legacy', '@x/auth', '@x/workforce', '@x/access', '@x/events', '@x/runtime'];
const FAMILIES = ['@x/legacy', '@x/auth', '@x/workforce', '@x/access', '@x/events'];

/** Milliseconds from just before the first import() to when all resolved, in a new process. */
async function coldImport(specifiers: readonly string[]): Promise<number> {
  const script = `const t = performance.now(); await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s))); console.log(performance.now() - t);`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { cwd: benchDir },
  );
  return Number(stdout.trim());
}

export async function run(): Promise<Section> {
  const cases: [string, string[]][] = [
    ...PACKAGES.map((p): [string, string[]] => [p, [p]]),
    ['all five families', FAMILIES],
    ['openapi-fetch alone', ['openapi-fetch']],
    ['empty module (baseline)', ['data:text/javascript,export default 1']],
  ];
  const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  const ROUNDS = 11;
  for (let round = 0; round < ROUNDS + 1; round++)
    for (const [name, specifiers] of cases) {
      const ms = await coldImport(specifiers);
      if (round > 0) times.get(name)!.push(ms);
    }
  const figures = cases.map(([name]) => {
    const ms = median(times.get(name)!);
    const goal = name.startsWith('@x/') || name.startsWith('all') ? '< 30 ms' : '';
    return figure(name, `${fmt(ms, 1)} ms`, goal, goal ? ms < 30 : undefined);
  });
  return {
    id: 'import-time',
    title: '4. Cold import time',
    method: `A fresh \`node --input-type=module\` process per measurement (cwd bench/), timing \`await import()\` of the package(s) with performance.now(); median of ${ROUNDS} processes per case after one warm-up round, cases interleaved.`,
    figures,
  };
}

await runStandalone(import.meta.url, run);
