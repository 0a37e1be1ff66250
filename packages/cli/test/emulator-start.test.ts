// `xid emulator start` through the bin, as a new user types it: the emulator serves, a `local`
// profile appears, commands work with --profile local, and --data keeps the state across restarts.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { execCli, spawnCli, tempDir } from './helpers.js';

async function start(env: Record<string, string>, extra: string[] = []) {
  const child = spawnCli(['emulator', 'start', ...extra], { env });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`emulator start exited with ${code}`)));
  });
  const stop = async () => {
    const code = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    child.kill('SIGTERM');
    return code;
  };
  return { info: JSON.parse(first) as { profile: string; urls: Record<string, string> }, stop };
}

describe('xid emulator start', () => {
  it('serves the platform and writes a local profile that every command can use', async () => {
    const home = tempDir();
    const env = { XDG_CONFIG_HOME: home };
    const { info, stop } = await start(env);
    try {
      expect(info.profile).toBe('local');
      expect(info.urls.workforce).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/workforce$/);
      expect(JSON.stringify(info)).not.toMatch(/secret/i);
      expect(statSync(join(home, 'xid', 'config.json')).mode & 0o777).toBe(0o600);

      const login = await execCli(['--profile', 'local', 'login', '-o', 'json'], env);
      expect(login.code).toBe(EXIT.ok);
      const families = JSON.parse(login.stdout) as {
        family: string;
        status: string;
        tenant?: string;
      }[];
      expect(families.every((f) => f.status === 'ok')).toBe(true);
      expect(families.find((f) => f.family === 'workforce')?.tenant).toBeTruthy();

      const created = await execCli(
        [
          '--profile',
          'local',
          'legacy',
          'users',
          'create',
          '--external-id',
          'e2e-1',
          '--email',
          'e2e@example.com',
          '--user-name',
          'e2e',
          '--display-name',
          'E2E',
          '--binding-token-delivery-method',
          'email',
        ],
        env,
      );
      expect(created.code).toBe(EXIT.ok);
      const listed = await execCli(
        ['--profile', 'local', 'events', 'list', '--since', '1h', '-o', 'ndjson'],
        env,
      );
      expect(listed.code).toBe(EXIT.ok);
      expect(listed.stdout).toMatch(/"external_id":"e2e-1"/);
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 60_000);

  it('keeps its state in --data across a restart', async () => {
    const home = tempDir();
    const env = { XDG_CONFIG_HOME: home };
    const data = join(home, 'state.json');
    const user = [
      'legacy',
      'users',
      'create',
      '--external-id',
      'kept',
      '--email',
      'k@example.com',
      '--user-name',
      'k',
      '--display-name',
      'K',
      '--binding-token-delivery-method',
      'email',
    ];
    const first = await start(env, ['--data', data]);
    expect((await execCli(['--profile', 'local', ...user], env)).code).toBe(EXIT.ok);
    expect(await first.stop()).toBe(0);
    expect(existsSync(data)).toBe(true);
    const second = await start(env, ['--data', data]);
    try {
      expect((await execCli(['--profile', 'local', ...user], env)).code).toBe(EXIT.conflict);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
