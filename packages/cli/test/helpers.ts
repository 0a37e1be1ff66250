// Test helpers: run the command line in process against an in-process emulator, or as a child
// process (the real bin's code, from source) against an emulator on a port.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@x/emulator';
import type { Io } from '../src/io.js';
import { run } from '../src/main.js';

/** The package's directory and the repository root. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** A fresh temporary directory. */
export const tempDir = (prefix = 'xid-test-') => mkdtempSync(join(tmpdir(), prefix));

/** The profile variables of an emulator, as environment variables. */
export const emulatorEnv = (emulator: Emulator): Record<string, string> => ({ ...emulator.env });

/** What an in-process run printed and returned. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of an in-process run. */
export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  emulator?: Emulator;
  tty?: boolean;
  /** The terminal's width (with `tty`). */
  columns?: number;
}

/** Runs `xid argv…` in process; the emulator's variables and in-process fetch when given. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const env = {
    XDG_CONFIG_HOME: options.env?.XDG_CONFIG_HOME ?? tempDir('xid-config-'),
    ...(options.emulator ? emulatorEnv(options.emulator) : {}),
    ...options.env,
  };
  const io: Io = {
    stdout: {
      write: (t: string) => {
        stdout += t;
        return true;
      },
    },
    stderr: {
      write: (t: string) => {
        stderr += t;
        return true;
      },
    },
    stdin: Readable.from(options.stdin !== undefined ? [Buffer.from(options.stdin)] : []),
    env,
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    fetch: options.emulator?.fetch as typeof fetch | undefined,
    columns: options.columns,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** An emulator in process (no socket). */
export const inProcessEmulator = () => startEmulator();

/** The command that runs the bin's code from source (no build needed). */
export function cliCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: ['--conditions=@x/source', '--import', 'tsx', join(PACKAGE_DIR, 'src/bin.ts')],
  };
}

/** Starts `xid args…` as a child process. */
export function spawnCli(
  args: string[],
  options: { env: Record<string, string | undefined>; stdio?: ('pipe' | 'ignore' | number)[] },
): ChildProcess {
  const { command, args: base } = cliCommand();
  return spawn(command, [...base, ...args], {
    cwd: REPO_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `xid args…` as a child process to its end. */
export async function execCli(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<RunResult> {
  const child = spawnCli(args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin!.end(input ?? '');
  const code = await new Promise<number>((resolve) =>
    child.on('close', (c, signal) => resolve(c ?? (signal ? 128 : 1))),
  );
  return { code, stdout, stderr };
}

export { PassThrough };

/** A tenant id the seeded events API key reaches (the seeded workforce tenant). */
export function seededTenant(emulator: Emulator): string {
  return emulator.credentials.workforce.tenantId;
}

/**
 * Adds `count` USER_CHANGE events to the emulator's store, recorded from `startMillis` on,
 * `perMillisecond` of them in each millisecond (so that checkpoints meet many events at one time).
 * Returns their ids in recorded order.
 */
export function seedEvents(
  emulator: Emulator,
  count: number,
  startMillis: number,
  perMillisecond = 3,
  prefix = 'ev',
): string[] {
  const snapshot = emulator.snapshot() as unknown as {
    state: { seq: number; events: { records: unknown[] } };
  };
  const tenant = seededTenant(emulator);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${String(i).padStart(6, '0')}`;
    const at = startMillis + Math.floor(i / perMillisecond);
    ids.push(id);
    snapshot.state.events.records.push({
      seq: snapshot.state.seq++,
      tenant_id: tenant,
      event: {
        id,
        correlation_id: `c-${id}`,
        service: 'directory',
        event_occurred_millis: at,
        event_recorded_millis: at,
        outcome: 'SUCCESS',
        attested: true,
        event_type: 'USER_CHANGE',
        data: {
          type_name: 'UserChange',
          user: { type_name: 'User', external_id: id, user_name: id, status: 'ACTIVE' },
          action: 'CREATE',
        },
      },
    });
  }
  emulator.restore(snapshot);
  return ids;
}

/** Waits until `check` holds, polling. */
export async function waitFor(check: () => boolean, timeoutMs = 20_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
