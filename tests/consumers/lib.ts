// Helpers of the consumer suite: child processes with a clean npm/pnpm environment, temporary
// consumer projects, and runtimes installed from the npm registry into a cache.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const bin = (name: string) => join(root, 'node_modules', '.bin', name);
export const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The families app teams install, each with `@x/auth` as its README says. */
export const FAMILIES = ['legacy', 'workforce', 'access', 'events'] as const;
export type Family = (typeof FAMILIES)[number];

/** What a consumer may end up with after installing one family (and `@x/auth`). */
export const RUNTIME_CLOSURE = [
  '@x/runtime',
  'openapi-fetch',
  'openapi-typescript-helpers',
  'undici',
];

/** The environment for npm and pnpm in a consumer: nothing inherited from the outer pnpm run. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|NODE_OPTIONS$|VITEST|TURBO_|INIT_CWD$)/i.test(key)) continue;
    env[key] = value;
  }
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return { ...env, ...extra };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command; rejects with its output when it exits non-zero (unless `allowFail`). */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; allowFail?: boolean },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 240_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const result = { code, stdout, stderr };
      if (code === 0 || options.allowFail) resolve(result);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${options.cwd}) exited ${code}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`,
          ),
        );
    });
  });
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `x-consumer-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes files (path → content) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * `.npmrc` for a consumer of the local registry (pnpm and npm both read it). pnpm's metadata cache
 * goes there too: its default, in the home folder, is keyed by registry host and port, so a later
 * run's registry on a port an earlier one used would meet the earlier tarballs' checksums.
 */
export function consumerNpmrc(registry: string, cacheDir: string): string {
  return [
    `registry=${registry}`,
    `cache=${cacheDir}/npm`,
    `store-dir=${cacheDir}/pnpm-store`,
    `cache-dir=${cacheDir}/pnpm-cache`,
    'audit=false',
    'fund=false',
    'update-notifier=false',
    'package-lock=true',
    '',
  ].join('\n');
}

/** Where runtimes installed from the npm registry are cached, one directory per version. */
export const runtimeCache = join(root, 'node_modules', '.cache', 'x-runtimes');

/**
 * Installs an npm package that ships a runtime (node, bun, deno) into the cache, once per
 * version, and returns its install directory. A half-finished install is redone.
 */
export async function installRuntime(spec: string): Promise<string> {
  const dir = join(runtimeCache, spec.replace(/[@/]/g, '_'));
  const done = join(dir, '.installed');
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  await run(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--registry=https://registry.npmjs.org/', spec],
    { cwd: dir, timeoutMs: 300_000 },
  );
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return dir;
}

/**
 * A new publisher account of the local registry, and an npm environment that publishes with it
 * (its `.npmrc` and npm cache under `dir`).
 */
export async function publisherEnv(registry: string, dir: string): Promise<NodeJS.ProcessEnv> {
  const name = `publisher-${process.pid}-${Date.now()}`;
  const response = await fetch(`${registry}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'publisher-password-1', type: 'user' }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!response.ok || !token) throw new Error(`no registry user: ${response.status}`);
  const npmrc = join(dir, 'npmrc');
  writeFileSync(
    npmrc,
    `registry=${registry}\n${registry.replace(/^http:/, '')}:_authToken=${token}\n`,
  );
  return cleanEnv({
    npm_config_userconfig: npmrc,
    npm_config_registry: registry,
    npm_config_cache: join(dir, 'npm-cache'),
  });
}
