// The last release's packages, rebuilt from the commit it was cut from (tools/release/baseline/
// baseline.json): a git worktree of that commit, its own locked install, the release's own
// steps (`changeset version`, then `src/version.ts` from the manifests, as `pnpm
// version-packages` did), a turbo build and `pnpm pack`. The tarballs are cached inside the clone
// under .cache/release/baseline-packages/<commit>/, so only the first run pays for the build.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { root, run, tempDir } from './lib.js';

/** The packages an app installs from the last release: the families and what they depend on. */
export const BASELINE_PACKAGES = [
  '@x/runtime',
  '@x/auth',
  '@x/legacy',
  '@x/workforce',
  '@x/access',
  '@x/events',
] as const;

export interface BaselineRelease {
  /** The commit the release was cut from. */
  commit: string;
  /** Name → version, as baseline.json records them. */
  versions: Record<string, string>;
  /** Name → packed tarball of that version. */
  tarballs: Record<string, string>;
  /** Whether the tarballs came from the cache (no worktree was built). */
  cached: boolean;
}

const recorded = () =>
  JSON.parse(readFileSync(join(root, 'tools', 'release', 'baseline', 'baseline.json'), 'utf8')) as {
    commit: string;
    versions: Record<string, string>;
  };

const dirName = (name: string) => name.replace(/^@x\//, '');

/** The tarballs of a cache directory, by package name; undefined when one is missing. */
function readCache(dir: string, versions: Record<string, string>) {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir);
  const tarballs: Record<string, string> = {};
  for (const name of BASELINE_PACKAGES) {
    const file = `x-${dirName(name)}-${versions[name]}.tgz`;
    if (!files.includes(file)) return undefined;
    tarballs[name] = join(dir, file);
  }
  return tarballs;
}

/**
 * The last release's tarballs: from the cache, or built in a worktree of the baseline commit.
 * Each step that cannot run (the commit absent from a shallow clone, the install, the build)
 * fails with its reason.
 */
export async function baselineRelease(): Promise<BaselineRelease> {
  const { commit, versions } = recorded();
  for (const name of BASELINE_PACKAGES)
    if (!versions[name])
      throw new Error(`tools/release/baseline/baseline.json has no version of ${name}`);
  const cache = join(root, '.cache', 'release', 'baseline-packages', commit);
  const hit = readCache(cache, versions);
  if (hit) return { commit, versions, tarballs: hit, cached: true };

  const found = await run('git', ['cat-file', '-e', `${commit}^{commit}`], {
    cwd: root,
    allowFail: true,
  });
  if (found.code !== 0)
    throw new Error(
      `the baseline commit ${commit} is not in this clone (a shallow clone? \`git fetch --unshallow\`): ${found.stderr.trim()}`,
    );

  const work = tempDir('baseline');
  const tree = join(work.dir, 'tree');
  const packs = join(work.dir, 'packs');
  mkdirSync(packs);
  await run('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root });
  try {
    // The store is warm after the workspace's own install: offline first, then the network.
    const offline = await run('pnpm', ['install', '--frozen-lockfile', '--offline'], {
      cwd: tree,
      allowFail: true,
      timeoutMs: 600_000,
    });
    if (offline.code !== 0) {
      const online = await run('pnpm', ['install', '--frozen-lockfile'], {
        cwd: tree,
        allowFail: true,
        timeoutMs: 600_000,
      });
      if (online.code !== 0)
        throw new Error(
          `pnpm install of the baseline commit ${commit} failed offline and online:\n${offline.stderr.slice(-2000)}\n${online.stdout.slice(-2000)}\n${online.stderr.slice(-2000)}`,
        );
    }
    // The release as it was made: the pending changesets of that commit give the versions.
    await run(
      process.execPath,
      [join(tree, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version'],
      {
        cwd: tree,
      },
    );
    await run(process.execPath, [join(tree, 'tools', 'release', 'src', 'sync-versions.mjs')], {
      cwd: tree,
    });
    const filters = BASELINE_PACKAGES.flatMap((name) => ['--filter', name]);
    await run('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: tree,
      timeoutMs: 900_000,
    });
    for (const name of BASELINE_PACKAGES) {
      const dir = join(tree, 'packages', dirName(name));
      const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (version !== versions[name])
        throw new Error(
          `${name} at ${commit} versions to ${version}, but baseline.json records ${versions[name]}`,
        );
      await run('pnpm', ['pack', '--pack-destination', packs], { cwd: dir });
    }
    // Into the cache whole or not at all: a run stopped halfway leaves no partial cache. Only
    // the current baseline is kept.
    rmSync(join(cache, '..'), { recursive: true, force: true });
    mkdirSync(join(cache, '..'), { recursive: true });
    const staging = `${cache}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(packs, staging, { recursive: true });
    renameSync(staging, cache);
  } finally {
    await run('git', ['worktree', 'remove', '--force', tree], { cwd: root, allowFail: true });
    work.remove();
    await run('git', ['worktree', 'prune'], { cwd: root, allowFail: true });
  }
  const tarballs = readCache(cache, versions);
  if (!tarballs) throw new Error(`the baseline build left no tarballs in ${cache}`);
  return { commit, versions, tarballs, cached: false };
}
