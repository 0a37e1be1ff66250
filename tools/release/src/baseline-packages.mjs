#!/usr/bin/env node
// The last release's packages, rebuilt from the commit it was cut from (baseline/baseline.json):
// a git worktree of that commit, its own locked install, the release's own steps (`changeset
// version`, then `src/version.ts` from the manifests, as `pnpm version-packages` did), a turbo
// build and `pnpm pack`. The tarballs are cached inside the clone under
// .cache/release/baseline-packages/<commit>/, so only the first run pays for the build. The
// release rehearsal (tests/consumers/release-rehearsal.test.ts) publishes them beside the new
// release; `pnpm release:baseline-packages` (a turbo task of the `release` stage) builds them
// ahead of it. Every step that cannot run fails with its reason.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './records/packages.mjs';

/** The packages an app installs from the last release: the families and what they depend on. */
export const BASELINE_PACKAGES = Object.freeze([
  '@x/runtime',
  '@x/auth',
  '@x/legacy',
  '@x/workforce',
  '@x/access',
  '@x/events',
]);

/** Where the tarballs of each baseline commit are kept. */
export const CACHE = join(root, '.cache', 'release', 'baseline-packages');

/** The environment of a child: nothing of an outer pnpm, turbo or vitest run. */
function childEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|pnpm_|PNPM_|NODE_OPTIONS$|VITEST|TURBO_|INIT_CWD$)/i.test(key)) env[key] = value;
  return env;
}

/**
 * Runs a command; resolves `{ code, stdout, stderr }`, or rejects with its output when it exits
 * non-zero (unless `allowFail`).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, allowFail?: boolean, timeoutMs?: number }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function run(command, args, { cwd, allowFail = false, timeoutMs = 600_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} cannot run: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 || allowFail) resolve({ code, stdout, stderr });
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${cwd}) exited ${code}\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`,
          ),
        );
    });
  });
}

/** The commit and versions tools/release/baseline/baseline.json records. */
export function recordedBaseline() {
  const file = join(root, 'tools', 'release', 'baseline', 'baseline.json');
  const { commit, versions } = JSON.parse(readFileSync(file, 'utf8'));
  for (const name of BASELINE_PACKAGES)
    if (!versions?.[name]) throw new Error(`${file} has no version of ${name}`);
  return { commit, versions };
}

const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/** The tarballs in `dir`, by package name; undefined when one is missing. */
function readCache(dir, versions) {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir);
  const tarballs = {};
  for (const name of BASELINE_PACKAGES) {
    const file = tarballName(name, versions[name]);
    if (!files.includes(file)) return undefined;
    tarballs[name] = join(dir, file);
  }
  return tarballs;
}

/** Builds and packs the packages of `commit` in a worktree; the packs go to `packs`. */
async function buildAt(commit, versions, packs) {
  const found = await run('git', ['cat-file', '-e', `${commit}^{commit}`], {
    cwd: root,
    allowFail: true,
  });
  if (found.code !== 0)
    throw new Error(
      `the baseline commit ${commit} is not in this clone (a shallow clone? \`git fetch --unshallow\`): ${found.stderr.trim()}`,
    );
  const work = mkdtempSync(join(tmpdir(), 'x-release-baseline-'));
  const tree = join(work, 'tree');
  await run('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root });
  try {
    // The store is warm after the workspace's own install: offline first, then the network.
    const offline = await run('pnpm', ['install', '--frozen-lockfile', '--offline'], {
      cwd: tree,
      allowFail: true,
    });
    if (offline.code !== 0) {
      const online = await run('pnpm', ['install', '--frozen-lockfile'], {
        cwd: tree,
        allowFail: true,
      });
      if (online.code !== 0)
        throw new Error(
          `pnpm install of the baseline commit ${commit} failed offline and online:\n${offline.stderr.slice(-2000)}\n${online.stdout.slice(-2000)}\n${online.stderr.slice(-2000)}`,
        );
    }
    // The release as it was made: the pending changesets of that commit give its versions.
    const changeset = join(tree, 'node_modules', '@changesets', 'cli', 'bin.js');
    await run(process.execPath, [changeset, 'version'], { cwd: tree });
    await run(process.execPath, [join(tree, 'tools', 'release', 'src', 'sync-versions.mjs')], {
      cwd: tree,
    });
    const filters = BASELINE_PACKAGES.flatMap((name) => ['--filter', name]);
    await run('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: tree,
      timeoutMs: 900_000,
    });
    for (const name of BASELINE_PACKAGES) {
      const dir = join(tree, 'packages', name.replace(/^@x\//, ''));
      const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (version !== versions[name])
        throw new Error(
          `${name} at ${commit} versions to ${version}, but baseline.json records ${versions[name]}`,
        );
      await run('pnpm', ['pack', '--pack-destination', packs], { cwd: dir });
    }
  } finally {
    await run('git', ['worktree', 'remove', '--force', tree], { cwd: root, allowFail: true });
    rmSync(work, { recursive: true, force: true });
    await run('git', ['worktree', 'prune'], { cwd: root, allowFail: true });
  }
}

/**
 * The last release's tarballs: from the cache, or built in a worktree of the baseline commit.
 * @returns {Promise<{ commit: string, versions: Record<string, string>, tarballs: Record<string, string>, cached: boolean }>}
 */
export async function baselinePackages() {
  const { commit, versions } = recordedBaseline();
  const cache = join(CACHE, commit);
  const hit = readCache(cache, versions);
  if (hit) return { commit, versions, tarballs: hit, cached: true };
  const staging = `${cache}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await buildAt(commit, versions, staging);
    // Into the cache whole or not at all; only the current baseline's tarballs are kept.
    for (const entry of readdirSync(CACHE))
      if (entry !== `${commit}.${process.pid}`)
        rmSync(join(CACHE, entry), { recursive: true, force: true });
    renameSync(staging, cache);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const tarballs = readCache(cache, versions);
  if (!tarballs) throw new Error(`the baseline build left no tarballs in ${cache}`);
  return { commit, versions, tarballs, cached: false };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { commit, tarballs, cached } = await baselinePackages();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `baseline packages of ${commit.slice(0, 12)}: ${Object.keys(tarballs).length} tarballs ${cached ? 'from the cache' : `built in ${seconds} s`} (${join(CACHE, commit)})`,
  );
}
