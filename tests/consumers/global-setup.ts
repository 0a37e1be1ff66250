// Global setup of the `consumers` project: one local npm registry (verdaccio on loopback, no
// uplinks) for the whole run, every published package released into it the way a release does
// it (`changeset version`, then `changeset publish`, in a temporary copy of the workspace), the
// third-party packages they depend on published from the lockfile's install, and one Prism mock
// per spec.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startMocks } from '../../tools/mock/src/index.js';
import { cleanEnv, root, run, tempDir, writeFiles } from './lib.js';
import { publishFolder } from './publish-installed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the local registry, ending in `/`. */
    registry: string;
    /** Name → version of every package the registry holds. */
    published: Record<string, string>;
    /** Base URL of the Prism mock per spec name. */
    consumerMockUrls: Record<string, string>;
  }
}

/** The workspace's published packages: directory and manifest. */
export function publishedPackages(): { dir: string; name: string; version: string }[] {
  const dirs = [...readdirSync(join(root, 'packages')).map((d) => join('packages', d)), 'specs'];
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, ...JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .filter((pkg) => !pkg.private);
}

/** Copies the workspace for a release: published packages whole, the others' manifests only. */
export function copyWorkspace(target: string) {
  for (const file of ['package.json', 'pnpm-workspace.yaml'])
    cpSync(join(root, file), join(target, file));
  cpSync(join(root, '.changeset'), join(target, '.changeset'), { recursive: true });
  const skip = /(^|\/)(node_modules|\.turbo|test)(\/|$)/;
  for (const pkg of publishedPackages())
    cpSync(join(root, pkg.dir), join(target, pkg.dir), {
      recursive: true,
      filter: (source) => !skip.test(source.slice(join(root, pkg.dir).length)),
    });
  // Private workspace packages appear in devDependencies as `workspace:*`: the copy needs
  // their manifests so pnpm can resolve (and drop) those ranges.
  for (const group of ['tools', 'examples', 'bench']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    const dirs = existsSync(join(base, 'package.json'))
      ? ['']
      : readdirSync(base).filter((d) => existsSync(join(base, d, 'package.json')));
    for (const dir of dirs)
      cpSync(join(base, dir, 'package.json'), join(target, group, dir, 'package.json'));
  }
  // What `pnpm install` would link: each `workspace:` dependency in node_modules, so pnpm can
  // turn the range into the dependency's version when it packs.
  const byName = new Map<string, string>();
  const manifests = new Map<string, Record<string, Record<string, string>>>();
  const walk = (dir: string, depth: number) => {
    if (existsSync(join(dir, 'package.json')) && dir !== target) {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      byName.set(manifest.name, dir);
      manifests.set(dir, manifest);
    }
    if (depth < 2)
      for (const entry of readdirSync(dir, { withFileTypes: true }))
        if (entry.isDirectory() && !['node_modules', 'dist', '.changeset'].includes(entry.name))
          walk(join(dir, entry.name), depth + 1);
  };
  walk(target, 0);
  for (const [dir, manifest] of manifests)
    for (const field of [
      'dependencies',
      'devDependencies',
      'peerDependencies',
      'optionalDependencies',
    ])
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        const source = byName.get(name);
        if (!range.startsWith('workspace:') || !source) continue;
        const link = join(dir, 'node_modules', name);
        mkdirSync(join(link, '..'), { recursive: true });
        if (!existsSync(link)) symlinkSync(source, link, 'dir');
      }
}

function startRegistry(storage: string, port: number): ChildProcess {
  writeFiles(storage, {
    'config.yaml': [
      `storage: ${join(storage, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(storage, 'htpasswd')}`,
      '    max_users: 10',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'server:',
      '  keepAliveTimeout: 60',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  });
  return spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
      '--config',
      join(storage, 'config.yaml'),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv() },
  );
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`verdaccio did not start:\n${log()}`);
}

/** The installed directory of `name` as seen from `from` (node_modules lookup, symlinks resolved). */
function installedDir(name: string, from: string): string {
  for (let dir = from; ; dir = join(dir, '..')) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === '/') throw new Error(`${name} is not installed (from ${from})`);
  }
}

/** Third-party runtime dependencies of the published packages, with their own, transitively. */
function thirdParty(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    if (name.startsWith('@x/')) return;
    const dir = installedDir(name, from);
    if (found.has(dir)) return;
    found.set(dir, name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir);
  };
  for (const pkg of publishedPackages()) {
    const manifest = JSON.parse(readFileSync(join(root, pkg.dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, join(root, pkg.dir));
  }
  return found;
}

export default async function setup(project: TestProject) {
  for (const pkg of publishedPackages())
    if (pkg.dir !== 'specs' && !existsSync(join(root, pkg.dir, 'dist', 'index.js')))
      throw new Error(`${pkg.name} is not built: run \`pnpm build\` first (\`pnpm test\` does)`);
  if (!existsSync(join(root, 'specs', 'dist', 'access.json')))
    throw new Error('@x/specs is not built: run `pnpm build` first');

  const work = tempDir('registry');
  const port = await freePort();
  const registry = `http://127.0.0.1:${port}/`;
  let log = '';
  const verdaccio = startRegistry(work.dir, port);
  const collect = (c: Buffer) => {
    log = (log + c.toString()).slice(-4000);
  };
  verdaccio.stdout?.on('data', collect);
  verdaccio.stderr?.on('data', collect);
  const stopRegistry = () =>
    new Promise<void>((resolve) => {
      if (verdaccio.exitCode !== null) return resolve();
      verdaccio.once('exit', () => resolve());
      verdaccio.kill('SIGTERM');
    });

  try {
    await waitFor(`${registry}-/ping`, verdaccio, () => log);
    // A publisher account: its token goes into the release copy's .npmrc.
    const user = await fetch(`${registry}-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password: 'release-password-1', type: 'user' }),
    });
    const { token } = (await user.json()) as { token?: string };
    if (!user.ok || !token) throw new Error(`could not create a registry user: ${user.status}`);
    const npmrc = join(work.dir, 'npmrc');
    const host = registry.replace(/^http:/, '');
    writeFileSync(npmrc, `registry=${registry}\n${host}:_authToken=${token}\n`);
    const env = cleanEnv({
      npm_config_userconfig: npmrc,
      npm_config_registry: registry,
      npm_config_cache: join(work.dir, 'npm-cache'),
    });

    // Third-party dependencies first (the registry has no uplinks), packed from the install and
    // published in process (publish-installed.ts). Each is copied out of pnpm's store first, so
    // its manifest can lose a `publishConfig` (which could name the public registry). Versions of
    // one name go one after another: the registry merges each into the name's document.
    const byName = new Map<string, string[]>();
    for (const [dir, name] of thirdParty()) byName.set(name, [...(byName.get(name) ?? []), dir]);
    const names = [...byName.keys()];
    const publishName = async (name: string, slot: number) => {
      const versions = new Set<string>();
      for (const dir of byName.get(name) ?? []) {
        // The same version installed twice (peer variants) is one package.
        const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        if (versions.has(version)) continue;
        versions.add(version);
        const copy = join(work.dir, 'copies', String(slot), name);
        rmSync(copy, { recursive: true, force: true });
        cpSync(dir, copy, {
          recursive: true,
          dereference: true,
          filter: (src) => !src.endsWith('/node_modules'),
        });
        const manifestFile = join(copy, 'package.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
        delete manifest.publishConfig;
        writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
        await publishFolder(copy, { registry, token });
      }
    };
    await Promise.all(
      Array.from({ length: 8 }, async (_, slot) => {
        for (let next = names.shift(); next; next = names.shift()) await publishName(next, slot);
      }),
    );

    // The release, as CONTRIBUTING.md describes it: version from the pending changesets, then
    // publish, in a copy so the repository's versions and changesets stay as they are.
    const release = join(work.dir, 'release');
    copyWorkspace(release);
    writeFileSync(join(release, '.npmrc'), readFileSync(npmrc, 'utf8'));
    await run('git', ['init', '-q'], { cwd: release, env });
    const changeset = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
    await run(process.execPath, [changeset, 'version'], { cwd: release, env });
    await run(process.execPath, [changeset, 'publish'], { cwd: release, env });

    const published: Record<string, string> = {};
    for (const pkg of publishedPackages()) {
      const manifest = JSON.parse(readFileSync(join(release, pkg.dir, 'package.json'), 'utf8'));
      published[pkg.name] = manifest.version;
    }
    for (const [dir, name] of thirdParty())
      published[name] = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    for (const name of Object.keys(published)) {
      const info = await fetch(`${registry}${name.replace('/', '%2f')}`);
      if (!info.ok) throw new Error(`${name} is not in the local registry after publishing`);
    }

    const mocks = await startMocks(['legacy', 'workforce', 'access', 'events']);
    project.provide('registry', registry);
    project.provide('published', published);
    project.provide('consumerMockUrls', mocks.urls);
    return async () => {
      await mocks.stop();
      await stopRegistry();
      work.remove();
    };
  } catch (error) {
    await stopRegistry();
    work.remove();
    throw error;
  }
}
