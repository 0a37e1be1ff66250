// `xid events export` through the bin: an export killed half way (kill -9, and Ctrl-C) resumes
// from its checkpoint with every event exactly once, plain and gzip-compressed.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Emulator, startEmulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { emulatorEnv, execCli, seedEvents, spawnCli, tempDir, waitFor } from './helpers.js';

let emulator: Emulator;
let expected: string[];
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  expected = seedEvents(emulator, 20_000, Date.now() - 2 * 86_400_000, 2);
});
afterAll(() => emulator.stop());

const idsIn = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { id: string }).id);

describe('xid events export', () => {
  for (const [name, file, how] of [
    ['plain, killed with kill -9', 'events.ndjson', 'SIGKILL'],
    ['gzip, stopped with Ctrl-C', 'events.ndjson.gz', 'SIGINT'],
  ] as const) {
    it(`resumes an interrupted export with nothing lost or repeated (${name})`, async () => {
      const dir = tempDir();
      const to = join(dir, file);
      const checkpoint = `${to}.checkpoint`;
      const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
      const args = ['events', 'export', '--since', '7d', '--to', to, '--page-size', '100'];
      const child = spawnCli(args, { env });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      await waitFor(() => existsSync(checkpoint), 20_000, 'the first checkpoint');
      child.kill(how);
      const code = await exited;
      if (how === 'SIGINT') {
        expect(code).toBe(EXIT.interrupted);
        expect(stderr).toMatch(/run the same command again to resume/);
      }
      const stopped = JSON.parse(readFileSync(checkpoint, 'utf8')) as { events: number };
      // What a kill between a page's write and its checkpoint leaves: bytes past the checkpoint.
      if (how === 'SIGKILL') appendFileSync(to, '{"id":"written-after-the-checkpoint"');
      expect(stopped.events).toBeGreaterThan(0);
      expect(stopped.events).toBeLessThan(expected.length);

      const resumed = await execCli(args, env);
      expect(resumed.stderr).toMatch(/resuming: \d+ events were written/);
      expect(resumed.code).toBe(EXIT.ok);
      expect(existsSync(checkpoint)).toBe(false);
      const bytes = readFileSync(to);
      const text = file.endsWith('.gz')
        ? gunzipSync(bytes).toString('utf8')
        : bytes.toString('utf8');
      expect(idsIn(text)).toEqual(expected);
    }, 60_000);
  }

  it('refuses to resume a different export from the same checkpoint', async () => {
    const dir = tempDir();
    const to = join(dir, 'events.ndjson');
    const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
    const child = spawnCli(['events', 'export', '--since', '7d', '--to', to, '--page-size', '50'], {
      env,
    });
    const exited = new Promise((r) => child.on('exit', r));
    await waitFor(() => existsSync(`${to}.checkpoint`), 20_000, 'the first checkpoint');
    child.kill('SIGKILL');
    await exited;
    const other = await execCli(['events', 'export', '--since', '1d', '--to', to], env);
    expect(other.code).toBe(EXIT.usage);
    expect(other.stderr).toMatch(/checkpoint of another export/);
  }, 60_000);
});
