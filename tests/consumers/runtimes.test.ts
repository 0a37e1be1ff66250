// The same smoke script, against the Prism mocks, on every runtime an app may use: Node 20, 22
// and 24, Bun, Deno, and headless Chromium (a page served from loopback, the published ESM
// files loaded through an import map). The packages come from the local registry; the runtimes
// come from the npm registry (cached per version under node_modules/.cache/x-runtimes) and
// Chromium from Debian's apt when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CASES } from './consumer-code.js';
import { consumerNpmrc, FAMILIES, installRuntime, run, tempDir, writeFiles } from './lib.js';

const registry = inject('registry');
const published = inject('published');
const urls = inject('consumerMockUrls');
const project = tempDir('runtimes');
afterAll(() => project.remove());

/** One module, valid everywhere: `smoke(urls)` calls every family once and returns results. */
function smokeModule(): string {
  // One module imports every family's names: a name several families re-export (`ApiError`)
  // is imported once, from the first family that names it.
  const imports = new Map<string, Set<string>>();
  const named = new Set<string>();
  for (const family of FAMILIES)
    for (const [pkg, names] of Object.entries(CASES[family].imports))
      for (const name of names) {
        if (named.has(name)) continue;
        named.add(name);
        imports.set(pkg, (imports.get(pkg) ?? new Set()).add(name));
      }
  const lines = [...imports].map(
    ([pkg, names]) => `import { ${[...names].join(', ')} } from '${pkg}';`,
  );
  const calls = FAMILIES.map(
    (family) => `  {
    const baseUrl = urls.${family};
    let result;
    ${CASES[family].body}
    results.push(result);
  }`,
  );
  return `${lines.join('\n')}

export async function smoke(urls) {
  const results = [];
${calls.join('\n')}
  return results;
}
`;
}

const CLI = `import { smoke } from './smoke-lib.mjs';
const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await smoke(JSON.parse(args[0]))));
`;

function checkResults(results: { family: string; value: unknown; typedError?: string }[]) {
  expect(results.map((r) => r.family)).toEqual([...FAMILIES]);
  for (const r of results) expect(r.value, r.family).toBeTruthy();
  expect(results[0]!.typedError).toBe('UnauthorizedError 401');
}

beforeAll(async () => {
  const dependencies = Object.fromEntries(
    [...new Set(FAMILIES.flatMap((f) => CASES[f].install))].map((n) => [n, published[n]!]),
  );
  writeFiles(project.dir, {
    'package.json': JSON.stringify({
      name: 'consumer-runtimes',
      private: true,
      type: 'module',
      dependencies,
    }),
    '.npmrc': consumerNpmrc(registry, join(project.dir, '.cache')),
    'smoke-lib.mjs': smokeModule(),
    'cli.mjs': CLI,
  });
  await run('npm', ['install'], { cwd: project.dir });
});

const RUNTIMES: { name: string; spec?: string | undefined; command(dir: string): string[] }[] = [
  {
    name: 'Node 20',
    spec: process.version.startsWith('v20.') ? undefined : 'node@20.19.5',
    command: (dir) => (dir ? [join(dir, 'node_modules', '.bin', 'node')] : [process.execPath]),
  },
  {
    name: 'Node 22',
    spec: 'node@22.23.3',
    command: (dir) => [join(dir, 'node_modules', '.bin', 'node')],
  },
  {
    name: 'Node 24',
    spec: 'node@24.9.0',
    command: (dir) => [join(dir, 'node_modules', '.bin', 'node')],
  },
  {
    name: 'Bun',
    spec: 'bun@1.4.5',
    command: (dir) => [join(dir, 'node_modules', '.bin', 'bun'), 'run'],
  },
  {
    name: 'Deno',
    spec: 'deno@2.9.6',
    command: (dir) => [
      join(dir, 'node_modules', '.bin', 'deno'),
      'run',
      '--allow-net',
      '--allow-read',
      '--allow-env',
    ],
  },
];

describe('runtime matrix', () => {
  it.each(RUNTIMES)('$name', async ({ spec, command }) => {
    const dir = spec ? await installRuntime(spec) : '';
    const [bin, ...args] = command(dir);
    const version = await run(bin!, ['--version'], { cwd: project.dir });
    const { stdout } = await run(bin!, [...args, 'cli.mjs', JSON.stringify(urls)], {
      cwd: project.dir,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    const results = JSON.parse(stdout.trim().split('\n').at(-1)!);
    checkResults(results);
    if (spec?.startsWith('node@')) expect(version.stdout).toContain(`v${spec.slice(5)}`);
  });

  it('headless Chromium', async () => {
    const executablePath = await ensureChromium();
    const server = await servePage(project.dir);
    const profile = mkdtempSync(join(tmpdir(), 'x-consumer-chromium-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const address = server.address() as { port: number };
      await page.goto(
        `http://127.0.0.1:${address.port}/?urls=${encodeURIComponent(JSON.stringify(urls))}`,
      );
      const outcome = await page.waitForFunction(
        () => (globalThis as { __smoke?: unknown }).__smoke,
        null,
        {
          timeout: 60_000,
        },
      );
      const value = (await outcome.jsonValue()) as { results?: never; error?: string };
      expect(value.error, errors.join('\n')).toBeUndefined();
      checkResults(value.results!);
    } finally {
      await browser.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/** Debian's chromium: installed with apt when missing (as root); otherwise a loud failure. */
async function ensureChromium(): Promise<string> {
  const path = '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version']).status === 0;
  if (!isRoot || !hasApt)
    throw new Error(
      `${path} is missing and cannot be installed here (${isRoot ? 'no apt-get' : 'not root'}): install Debian's chromium`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { cwd: '/', env, timeoutMs: 300_000 });
  await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    cwd: '/',
    env,
    timeoutMs: 480_000,
  });
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is missing`);
  return path;
}

/**
 * The ESM entries of an installed package, by import path relative to it (`.`, `./internal`, …),
 * from its `exports`, or else its `module` or `main`.
 */
function esmEntries(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const exports = manifest.exports;
  const subpaths: Record<string, unknown> =
    exports && typeof exports === 'object' && Object.keys(exports).some((k) => k.startsWith('.'))
      ? exports
      : { '.': exports };
  const entries: Record<string, string> = {};
  for (const [subpath, value] of Object.entries(subpaths)) {
    if (subpath.endsWith('.json') || subpath.includes('*')) continue;
    const file =
      pickEntry(value) ?? (subpath === '.' ? (manifest.module ?? manifest.main) : undefined);
    if (file) entries[subpath] = file;
  }
  return entries;
}

function pickEntry(value: unknown): string | undefined {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') {
      const v = value as Record<string, unknown>;
      return pick(v.browser) ?? pick(v.import) ?? pick(v.default);
    }
    return undefined;
  };
  return pick(value);
}

/** Serves the consumer project and a page that runs the smoke module, on loopback. */
function servePage(dir: string): Promise<Server> {
  const modules = join(dir, 'node_modules');
  const imports: Record<string, string> = {};
  for (const entry of readdirSync(modules)) {
    const names = entry.startsWith('@')
      ? readdirSync(join(modules, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of names) {
      if (!existsSync(join(modules, name, 'package.json'))) continue;
      for (const [subpath, file] of Object.entries(esmEntries(join(modules, name))))
        imports[`${name}${subpath.slice(1)}`] =
          `/node_modules/${name}/${file.replace(/^\.\//, '')}`;
    }
  }
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>x-sdk smoke</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module">
  const urls = JSON.parse(new URLSearchParams(location.search).get('urls'));
  import('/smoke-lib.mjs')
    .then((m) => m.smoke(urls))
    .then((results) => { globalThis.__smoke = { results }; },
          (error) => { globalThis.__smoke = { error: String(error && error.stack || error) }; });
</script></head><body>smoke</body></html>`;
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.json': 'application/json',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      return;
    }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
