// Schemathesis in a venv under `.cache/fuzz/venv`, installed from the pinned requirements with
// pip's cache inside the clone; rebuilt when requirements.txt changes. No python3: the run fails
// with its name.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, toolDir } from './paths.js';

const venv = join(cacheDir, 'venv');
const stamp = join(venv, '.requirements-sha256');

/** The `schemathesis` executable of the venv. */
export const schemathesisBin = join(venv, 'bin', 'schemathesis');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/**
 * Makes sure the venv holds exactly the pinned Schemathesis; returns whether it had to install
 * (and so how long the install took is part of the caller's measurement).
 */
export function ensureSchemathesis(): { installed: boolean } {
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  if (python.error || python.status !== 0)
    throw new Error('python3 is not installed: pnpm fuzz needs python3 (3.9 or later) on PATH');
  const requirements = join(toolDir, 'requirements.txt');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && existsSync(schemathesisBin))
    return { installed: false };
  rmSync(venv, { recursive: true, force: true });
  run('python3', ['-m', 'venv', venv]);
  run(
    join(venv, 'bin', 'pip'),
    // No byte-compiling of every installed module: Python compiles what it imports, on first use.
    ['install', '--quiet', '--disable-pip-version-check', '--no-compile', '-r', requirements],
    { ...process.env, PIP_CACHE_DIR: join(cacheDir, 'pip') },
  );
  writeFileSync(stamp, wanted);
  return { installed: true };
}
