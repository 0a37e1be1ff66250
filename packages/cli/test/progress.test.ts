// Progress on stderr, drawn in a real pseudo-terminal (util-linux `script` gives the command one)
// and absent when stderr is piped or NO_COLOR is set.
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, emulatorEnv, execCli, REPO_DIR, seedEvents, tempDir } from './helpers.js';

const SCRIPT = '/usr/bin/script';
const ESC = String.fromCharCode(27);
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  seedEvents(emulator, 5000, Date.now() - 86_400_000, 2);
});
afterAll(() => emulator.stop());

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs `xid args…` inside a pseudo-terminal; returns everything the terminal showed. */
function inTerminal(args: string[], env: Record<string, string>): Promise<string> {
  const { command, args: base } = cliCommand();
  const line = [command, ...base, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) =>
    execFile(
      SCRIPT,
      ['-qfec', line, '/dev/null'],
      {
        cwd: REPO_DIR,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', ...env },
        maxBuffer: 1 << 26,
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
}

function csv(dir: string, count: number): string {
  const lines = ['external_id,email,user_name,display_name,binding_token_delivery_method'];
  for (let i = 0; i < count; i++)
    lines.push(`${dir.slice(-6)}-${i},p${i}@example.com,p${i},P ${i},email`);
  const file = join(dir, 'users.csv');
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe.skipIf(!existsSync(SCRIPT))('progress', () => {
  it('draws a bar with count, rate and time left for an import on a terminal', async () => {
    const dir = tempDir();
    const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
    const screen = await inTerminal(
      ['legacy', 'users', 'import', csv(dir, 300), '-o', 'json'],
      env,
    );
    expect(screen).toMatch(/import .*\d+% \| \d+\/300 rows \| [\d.]+\/s \| ETA/);
    expect(screen).toMatch(/100% \| 300\/300 rows/);
  }, 60_000);

  it('shows the share of the window and events per second for an export on a terminal', async () => {
    const dir = tempDir();
    const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
    const screen = await inTerminal(
      ['events', 'export', '--since', '2d', '--to', join(dir, 'e.ndjson'), '--page-size', '200'],
      env,
    );
    expect(screen).toMatch(/export .*\d+% of the window \| \d+ events \| \d+ events\/s/);
    expect(screen).toMatch(/100% of the window \| \d{4} events/);
  }, 60_000);

  // Through the bin, so with the family's own catalog (the stand-in serves in-process tests only).
  it.skipIf(!existsSync(join(REPO_DIR, 'packages/workforce/src/operations.ts')))(
    'draws count, rate and time left for a list that knows total_size',
    async () => {
      const dir = tempDir();
      const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
      const rows = ['username,email_address'];
      for (let i = 0; i < 400; i++) rows.push(`lister${i},lister${i}@example.com`);
      writeFileSync(join(dir, 'users.csv'), rows.join('\n'));
      await execCli(['workforce', 'users', 'import', join(dir, 'users.csv')], env);
      const screen = await inTerminal(
        ['workforce', 'users', 'list', '--page-size', '50', '-o', 'json'],
        env,
      );
      expect(screen).toMatch(/\d+% \| \d+\/\d+ items \| [\d.]+\/s \| ETA/);
    },
    60_000,
  );

  it('draws nothing when stderr is piped, or with NO_COLOR on a terminal', async () => {
    const dir = tempDir();
    const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
    const piped = await execCli(
      ['events', 'export', '--since', '2d', '--to', join(dir, 'a.ndjson')],
      env,
    );
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toMatch(new RegExp(`${ESC}|\r|%`));
    expect(piped.stderr).toMatch(/exported \d+ events/);
    const plain = await inTerminal(
      ['events', 'export', '--since', '2d', '--to', join(dir, 'b.ndjson')],
      { ...env, NO_COLOR: '1' },
    );
    expect(plain).not.toMatch(new RegExp(`%|${ESC}\\[`));
  }, 60_000);
});
