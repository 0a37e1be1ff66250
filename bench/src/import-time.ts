// 4. Cold import time of each package, and of all five families together, in a fresh Node
// process (plain node, no loader), resolving @x/* as an app does (the built dist/).
//
// The first import of any file-based ES module in a process also starts Node's ESM loader for
// files and packages (resolver, package.json `exports` and scope lookups, translators): about
// 15-20 ms that an empty package pays as much as ours, and that an app pays once whatever it
// imports. A `data:` URL module skips that start-up, so it is no baseline for a package. Each
// process therefore first imports an empty package through a node_modules `exports` map (the
// warm-up), then times the import under test: what the package itself costs. The start-up is
// reported on its own line.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PEER_PACKAGES } from './lib/peers.js';
import { figure, fmt, median, runStandalone, type Section } from './lib/report.js';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['@x/legacy', '@x/auth', '@x/workforce', '@x/access', '@x/events', '@x/runtime'];
const FAMILIES = ['@x/legacy', '@x/auth', '@x/workforce', '@x/access', '@x/events'];

/** An empty ESM package resolved the way an app resolves ours: bare specifier, `exports` map. */
async function emptyPackage(): Promise<{ dir: string; entry: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'x-import-time-'));
  const pkg = join(dir, 'node_modules', 'empty-esm-package');
  await mkdir(pkg, { recursive: true });
  await writeFile(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'empty-esm-package',
      type: 'module',
      sideEffects: false,
      exports: { '.': { import: './index.js', require: './index.cjs' } },
    }),
  );
  await writeFile(join(pkg, 'index.js'), 'export default 1;\n');
  // A second entry of the same package, so the timed "empty package" case is not a cache hit.
  await writeFile(join(dir, 'warm-up.mjs'), "import 'empty-esm-package';\n");
  await writeFile(join(dir, 'empty.mjs'), "export { default } from 'empty-esm-package';\n");
  return { dir, entry: pathToFileURL(join(dir, 'warm-up.mjs')).href };
}

/**
 * Milliseconds from just before the first timed import() to when all resolved, in a new process;
 * `warmUp` is imported first, untimed.
 */
async function coldImport(specifiers: readonly string[], warmUp?: string): Promise<number> {
  const before = warmUp ? `await import(${JSON.stringify(warmUp)});` : '';
  const script = `${before} const t = performance.now(); await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s))); console.log(performance.now() - t);`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { cwd: benchDir },
  );
  return Number(stdout.trim());
}

/** Cold import of each peer's one-call imports (the SDK's: @x/workforce + @x/auth), in ms. */
export let importMs: Map<string, number> | undefined;

export async function run(): Promise<Section> {
  const empty = await emptyPackage();
  const emptyEntry = pathToFileURL(join(empty.dir, 'empty.mjs')).href;
  // [name, specifiers, warmed up first]
  const cases: [string, string[], boolean][] = [
    ...PACKAGES.map((p): [string, string[], boolean] => [p, [p], true]),
    ['all five families', FAMILIES, true],
    ...PEER_PACKAGES.map((peer): [string, string[], boolean] => [
      `peer: ${peer.name} (${peer.imports.join(' + ')})`,
      peer.imports,
      true,
    ]),
    ['empty package (baseline)', [emptyEntry], true],
    ['loader start-up: empty package, not warmed up', [emptyEntry], false],
    ['empty data: module, not warmed up', ['data:text/javascript,export default 1'], false],
  ];
  const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  const ROUNDS = 11;
  try {
    for (let round = 0; round < ROUNDS + 1; round++)
      for (const [name, specifiers, warm] of cases) {
        const ms = await coldImport(specifiers, warm ? empty.entry : undefined);
        if (round > 0) times.get(name)!.push(ms);
      }
  } finally {
    await rm(empty.dir, { recursive: true, force: true });
  }
  const figures = cases.map(([name]) => {
    const ms = median(times.get(name)!);
    const goal = name.startsWith('@x/') || name.startsWith('all') ? '< 30 ms' : '';
    return figure(name, `${fmt(ms, 1)} ms`, goal, goal ? ms < 30 : undefined);
  });
  importMs = new Map(
    PEER_PACKAGES.map((peer) => [
      peer.name,
      median(times.get(`peer: ${peer.name} (${peer.imports.join(' + ')})`)!),
    ]),
  );
  return {
    id: 'import-time',
    title: '4. Cold import time',
    method: `A fresh \`node --input-type=module\` process per measurement (cwd bench/), timing \`await import()\` of the package(s) with performance.now(); median of ${ROUNDS} processes per case after one warm-up round, cases interleaved. Each process first imports an empty package (bare specifier, \`exports\` map, untimed): the first file-based ES module of a process starts Node's ESM loader (about 15-20 ms, the same for any package, paid once per app), which a \`data:\` module skips. The peers (and the SDK as a one-call program imports it: \`@x/workforce\` + \`@x/auth\`) are measured the same way, each from its main entry. So the figures are what the package itself costs; the loader start-up is the "not warmed up" line, and a package's total in a new process is about its figure plus that.`,
    figures,
  };
}

await runStandalone(import.meta.url, run);
