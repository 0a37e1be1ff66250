// Where the generator harness keeps things, and how it runs a toolchain's commands. Every cache
// lives under the clone's .cache/generators (git-ignored), so a cache in the home folder can never
// hide a missing install step; a toolchain that is not installed fails with its name.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The clone's root folder. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Every download, build cache and generated file of the harness. */
export const cache = join(root, '.cache', 'generators');
/** The committed options and pins, by language. */
export const config = join(root, 'tools', 'generators');
/** The families, each one document. */
export const families = ['legacy', 'workforce', 'access', 'events'] as const;
export type Family = (typeof families)[number];

/** A bundled document: the 3.1 source form or the derived 3.0.3 form. */
export const documentPath = (family: Family, version: '3.0' | '3.1') =>
  join(root, 'specs', 'dist', ...(version === '3.0' ? ['3.0'] : []), `${family}.json`);

/** Where one language's output for one family goes (created). */
export function outDir(language: string, family?: Family): string {
  const dir = join(cache, 'out', language, ...(family ? [family] : []));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The environment every toolchain runs with: caches inside the clone. */
export const toolEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GOMODCACHE: join(cache, 'gomod'),
  GOCACHE: join(cache, 'gocache'),
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
  GOTELEMETRY: 'off',
  PIP_CACHE_DIR: join(cache, 'pip'),
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
  MYPY_CACHE_DIR: join(cache, 'mypy'),
  MAVEN_OPTS: `-Dmaven.repo.local=${join(cache, 'm2')}`,
};

/** A toolchain command that is not installed: the message names it. */
export class MissingToolchainError extends Error {
  override name = 'MissingToolchainError';
}

export interface RunResult {
  code: number;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/** Runs a command to its end; a non-zero exit is a result, a missing command an error. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: options.env ?? toolEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new MissingToolchainError(`missing toolchain: ${command} is not installed (on PATH)`)
          : error,
      ),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a command that must succeed; its output is in the error otherwise. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.code}:\n${result.output.slice(-4000)}`,
    );
  return result.output;
}

/** Fails with the toolchain's name when `command` cannot be run. */
export async function requireToolchain(name: string, command: string, args: readonly string[]) {
  try {
    await runOk(command, args);
  } catch (error) {
    throw new MissingToolchainError(`missing toolchain: ${name} (${command}): ${String(error)}`);
  }
}
