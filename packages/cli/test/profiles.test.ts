// Profiles: the config file (mode 0600 in a 0700 directory), which variables win, and secrets
// absent from every output.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Emulator } from '@x/emulator';
import { send, startTestServer } from '@x/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { configPath } from '../src/profiles/config-file.js';
import { emulatorEnv, inProcessEmulator, runCli, tempDir } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
});
afterAll(() => emulator.stop());

describe('profiles', () => {
  it('writes the config file with mode 0600 in a 0700 directory, and reads a secret from stdin', async () => {
    const home = tempDir();
    const env = { XDG_CONFIG_HOME: home };
    const set = await runCli(
      ['profile', 'set', 'prod', 'X_LEGACY_URL=https://legacy.example.com', 'X_LEGACY_TOKEN=-'],
      { env, stdin: 'tok-from-stdin-123\n' },
    );
    expect(set.code).toBe(EXIT.ok);
    const file = configPath(env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'xid')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      default: 'prod',
      profiles: { prod: { X_LEGACY_TOKEN: 'tok-from-stdin-123' } },
    });
    const shown = await runCli(['profile', 'show', 'prod', '-o', 'json'], { env });
    expect(JSON.parse(shown.stdout)).toEqual({
      X_LEGACY_URL: 'https://legacy.example.com',
      X_LEGACY_TOKEN: '****',
    });
    const unknown = await runCli(['profile', 'set', 'prod', 'X_NOPE=1'], { env });
    expect(unknown.code).toBe(EXIT.usage);
  });

  it('narrows a config file that others could read, with a warning', async () => {
    const home = tempDir();
    mkdirSync(join(home, 'xid'));
    const file = join(home, 'xid', 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ profiles: { a: { X_LEGACY_URL: 'https://x.example.com' } } }),
    );
    chmodSync(file, 0o644);
    const listed = await runCli(['profile', 'list', '-o', 'json'], {
      env: { XDG_CONFIG_HOME: home },
    });
    expect(listed.stderr).toMatch(/was readable by others/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses a profile named on purpose over the environment, and the environment over the default', async () => {
    const home = tempDir();
    const good = emulatorEnv(emulator);
    // The default profile has a wrong token; the environment has the right one.
    await runCli(
      [
        'profile',
        'set',
        'stale',
        `X_LEGACY_URL=${good.X_LEGACY_URL}`,
        'X_LEGACY_TOKEN=wrong-token-1',
      ],
      {
        env: { XDG_CONFIG_HOME: home },
      },
    );
    await runCli(
      [
        'profile',
        'set',
        'right',
        `X_LEGACY_URL=${good.X_LEGACY_URL}`,
        `X_LEGACY_TOKEN=${good.X_LEGACY_TOKEN}`,
      ],
      {
        env: { XDG_CONFIG_HOME: home },
      },
    );
    const recover = [
      'legacy',
      'users',
      'recover',
      '--external-id',
      'nobody',
      '--binding-token-delivery-method',
      'email',
    ];
    const base = { XDG_CONFIG_HOME: home };
    // Through the emulator's variables in the environment: 404 (the token works).
    expect((await runCli(recover, { env: base, emulator })).code).toBe(EXIT.notFound);
    // --profile stale wins over the environment: 401.
    expect((await runCli(['--profile', 'stale', ...recover], { env: base, emulator })).code).toBe(
      EXIT.auth,
    );
    // X_PROFILE names one on purpose too.
    expect((await runCli(recover, { env: { ...base, X_PROFILE: 'stale' }, emulator })).code).toBe(
      EXIT.auth,
    );
    const missing = await runCli(['--profile', 'nope', ...recover], { env: base, emulator });
    expect(missing.code).toBe(EXIT.config);
    expect(missing.stderr).toMatch(/there is no profile "nope"/);
  });

  it("takes all of a family's variables from one source: a URL left in the shell never receives the default profile's secret", async () => {
    const home = tempDir();
    const good = emulatorEnv(emulator);
    const shell = await startTestServer((_req, res) =>
      send(res, 200, { access_token: 'x', token_type: 'Bearer', expires_in: 60 }),
    );
    try {
      await runCli(
        [
          'profile',
          'set',
          'tenant',
          `X_WORKFORCE_URL=${good.X_WORKFORCE_URL}`,
          `X_WORKFORCE_CLIENT_ID=${good.X_WORKFORCE_CLIENT_ID}`,
          `X_WORKFORCE_CLIENT_SECRET=${good.X_WORKFORCE_CLIENT_SECRET}`,
        ],
        { env: { XDG_CONFIG_HOME: home } },
      );
      // The shell still holds another tenant's URL: the environment supplies the whole family,
      // so the command stops for want of credentials and nothing reaches the shell's URL.
      const env = { XDG_CONFIG_HOME: home, X_WORKFORCE_URL: shell.url };
      const run = await runCli(['workforce', 'users', 'list', '--limit', '1'], { env });
      expect(shell.requests).toHaveLength(0);
      expect(run.code).toBe(EXIT.config);
      expect(run.stderr).toMatch(/X_WORKFORCE_CLIENT_ID/);
      // A family the named profile leaves unset comes from the environment.
      const legacy = await runCli(
        [
          '--profile',
          'tenant',
          'legacy',
          'users',
          'recover',
          '--external-id',
          'nobody',
          '--binding-token-delivery-method',
          'email',
        ],
        { env: { XDG_CONFIG_HOME: home }, emulator },
      );
      expect(legacy.code).toBe(EXIT.notFound);
    } finally {
      await shell.close();
    }
  });

  it('refuses a token and client credentials set in one source, naming both', async () => {
    const home = tempDir();
    await runCli(
      [
        'profile',
        'set',
        'mixed',
        'X_WORKFORCE_URL=https://w.example.com',
        'X_WORKFORCE_TOKEN=tok-123456',
        'X_WORKFORCE_CLIENT_ID=cid',
        'X_WORKFORCE_CLIENT_SECRET=csecret-123456',
      ],
      { env: { XDG_CONFIG_HOME: home } },
    );
    const run = await runCli(['workforce', 'users', 'list'], { env: { XDG_CONFIG_HOME: home } });
    expect(run.code).toBe(EXIT.config);
    expect(run.stderr).toContain(
      'profile "mixed" sets both X_WORKFORCE_TOKEN and X_WORKFORCE_CLIENT_ID, X_WORKFORCE_CLIENT_SECRET',
    );
    expect(run.stderr).not.toContain('csecret-123456');
    // The same variables in the environment instead: the same error, naming the environment.
    const fromShell = await runCli(['workforce', 'users', 'list'], {
      env: {
        XDG_CONFIG_HOME: tempDir(),
        X_WORKFORCE_URL: 'https://w.example.com',
        X_WORKFORCE_TOKEN: 'tok-123456',
        X_WORKFORCE_CLIENT_ID: 'cid',
      },
    });
    expect(fromShell.code).toBe(EXIT.config);
    expect(fromShell.stderr).toContain(
      'the environment sets both X_WORKFORCE_TOKEN and X_WORKFORCE_CLIENT_ID',
    );
  });

  it('says which variables are missing when a family is not configured', async () => {
    const result = await runCli(
      [
        'legacy',
        'users',
        'recover',
        '--external-id',
        'x',
        '--binding-token-delivery-method',
        'email',
      ],
      {
        env: { XDG_CONFIG_HOME: tempDir() },
      },
    );
    expect(result.code).toBe(EXIT.config);
    expect(result.stderr).toMatch(/X_LEGACY_URL/);
  });
});

describe('secrets', () => {
  it('never appear in any output: login, dry runs, errors, profiles', async () => {
    const home = tempDir();
    const env = emulatorEnv(emulator);
    const secrets = [
      env.X_WORKFORCE_CLIENT_SECRET,
      env.X_ACCESS_CLIENT_SECRET,
      env.X_EVENTS_API_KEY,
      env.X_LEGACY_TOKEN,
    ];
    const outputs: string[] = [];
    const record = async (argv: string[], extra: Record<string, string> = {}) => {
      const r = await runCli(argv, { env: { XDG_CONFIG_HOME: home, ...extra }, emulator });
      outputs.push(r.stdout, r.stderr);
      return r;
    };
    for (const [k, v] of Object.entries(env))
      await record(['profile', 'set', 'local', `${k}=${v}`]);
    await record(['login', '-o', 'json']);
    await record(['--profile', 'local', 'login', '-o', 'table']);
    await record(['profile', 'show', 'local', '-o', 'yaml']);
    await record(['profile', 'show']);
    await record([
      '--dry-run',
      'legacy',
      'users',
      'recover',
      '--external-id',
      'x',
      '--binding-token-delivery-method',
      'email',
    ]);
    await record(['--dry-run', '-o', 'json', 'workforce', 'users', 'list']);
    await record([
      'legacy',
      'users',
      'recover',
      '--external-id',
      'nobody',
      '--binding-token-delivery-method',
      'email',
    ]);
    // Wrong secrets: the failures must not quote them either.
    const wrong = {
      X_WORKFORCE_CLIENT_SECRET: 'wrong-secret-xyz',
      X_LEGACY_TOKEN: 'wrong-token-xyz',
      X_EVENTS_API_KEY: 'wrong-key-xyz',
    };
    secrets.push(...Object.values(wrong));
    const failed = await record(['login', '-o', 'json'], wrong);
    expect(failed.code).toBe(EXIT.auth);
    await record(['workforce', 'users', 'list'], wrong);
    await record(
      [
        'legacy',
        'users',
        'recover',
        '--external-id',
        'x',
        '--binding-token-delivery-method',
        'email',
      ],
      wrong,
    );
    await record(['events', 'export', '--to', join(home, 'e.ndjson')], wrong);
    const all = outputs.join('\n');
    expect(all).toMatch(/\*\*\*\*/); // masked values were shown
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no token either
  });
});
