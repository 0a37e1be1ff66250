// The confirmation of a destructive command on a terminal: answered no, nothing is deleted;
// answered yes, it is.
import { PassThrough } from 'node:stream';
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import type { Io } from '../src/io.js';
import { run } from '../src/main.js';
import { emulatorEnv, inProcessEmulator, runCli, tempDir } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
});
afterAll(() => emulator.stop());

/** Runs with a terminal on stdin and stderr, typing `keys` once the prompt is shown. */
async function onTerminal(argv: string[], keys: string): Promise<{ code: number; stderr: string }> {
  const stdin = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode: (m: boolean) => void;
  };
  stdin.isTTY = true;
  stdin.setRawMode = () => undefined;
  let stderr = '';
  const stderrStream = new PassThrough();
  stderrStream.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (/Continue\?/.test(stderr) && keys) {
      const k = keys;
      keys = '';
      setTimeout(() => stdin.write(k), 10);
    }
  });
  const io: Io = {
    stdout: { write: () => true },
    stderr: stderrStream,
    stdin,
    env: { XDG_CONFIG_HOME: tempDir(), ...emulatorEnv(emulator) },
    stdoutIsTTY: false,
    stderrIsTTY: true,
    stdinIsTTY: true,
    fetch: emulator.fetch as typeof fetch,
  };
  const code = await run(argv, io);
  return { code, stderr };
}

describe('confirmation', () => {
  it('deletes only after a yes on the terminal', async () => {
    const created = await runCli(
      ['workforce', 'users', 'create', '--username', 'kim', '--email-address', 'kim@example.com'],
      { emulator },
    );
    const { id } = JSON.parse(created.stdout) as { id: string };
    const no = await onTerminal(['workforce', 'users', 'delete', id], 'n\r');
    expect(no.stderr).toMatch(/this cannot be undone/);
    expect(no.code).toBe(EXIT.failure);
    expect((await runCli(['workforce', 'users', 'get', id], { emulator })).code).toBe(EXIT.ok);
    const yes = await onTerminal(['workforce', 'users', 'delete', id], 'y\r');
    expect(yes.code).toBe(EXIT.ok);
    expect((await runCli(['workforce', 'users', 'get', id], { emulator })).code).toBe(
      EXIT.notFound,
    );
  });
});
