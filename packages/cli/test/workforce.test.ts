// Generated commands of family W against the in-process emulator: create, get, list (table,
// NDJSON, CSV, YAML, --fields, --limit), delete (confirmation, --yes), errors and exit codes.
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
});
afterAll(() => emulator.stop());

const create = (username: string) =>
  runCli(
    [
      'workforce',
      'users',
      'create',
      '--username',
      username,
      '--email-address',
      `${username}@example.com`,
      '--display-name',
      username.toUpperCase(),
    ],
    { emulator },
  );

describe('xid workforce users', () => {
  it('creates a user and lists it as a table, NDJSON, CSV and YAML', async () => {
    const created = await create('ada');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(EXIT.ok);
    const ada = JSON.parse(created.stdout) as { id: string; username: string };
    expect(ada.username).toBe('ada');
    await create('grace');

    const table = await runCli(['workforce', 'users', 'list'], { emulator, tty: true });
    expect(table.code).toBe(EXIT.ok);
    expect(table.stdout).toContain('┌');
    expect(table.stdout).toMatch(/ada@example\.com/);
    expect(table.stdout).toMatch(/grace/);

    const ndjson = await runCli(['workforce', 'users', 'list', '-o', 'ndjson'], { emulator });
    const lines = ndjson.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { username: string });
    expect(lines.map((u) => u.username)).toEqual(expect.arrayContaining(['ada', 'grace']));

    const csv = await runCli(
      ['workforce', 'users', 'list', '-o', 'csv', '--fields', 'username,email_address'],
      { emulator },
    );
    expect(csv.stdout.split('\n').slice(0, 1)).toEqual(['username,email_address']);
    expect(csv.stdout).toContain('ada,ada@example.com');

    const yaml = await runCli(
      ['workforce', 'users', 'list', '-o', 'yaml', '--fields', 'username'],
      { emulator },
    );
    expect(parseYaml(yaml.stdout)).toEqual(
      expect.arrayContaining([{ username: 'ada' }, { username: 'grace' }]),
    );

    const got = await runCli(['workforce', 'users', 'get', ada.id, '--fields', 'id,username'], {
      emulator,
    });
    expect(JSON.parse(got.stdout)).toEqual({ id: ada.id, username: 'ada' });
  });

  it('pages through everything by default, and stops at --limit', async () => {
    for (let i = 0; i < 12; i++) await create(`bulk${i}`);
    const all = await runCli(['workforce', 'users', 'list', '-o', 'ndjson', '--page-size', '5'], {
      emulator,
    });
    expect(all.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(12);
    const some = await runCli(
      ['workforce', 'users', 'list', '-o', 'ndjson', '--limit', '7', '--page-size', '5'],
      { emulator },
    );
    expect(some.stdout.trim().split('\n')).toHaveLength(7);
  });

  it("filters and orders with the spec's query parameters", async () => {
    const found = await runCli(
      [
        'workforce',
        'users',
        'list',
        '--filter',
        'username eq "grace"',
        '--order-by',
        'username desc',
        '-o',
        'json',
      ],
      { emulator },
    );
    expect(found.code).toBe(EXIT.ok);
    expect((JSON.parse(found.stdout) as { username: string }[]).map((u) => u.username)).toEqual([
      'grace',
    ]);
  });

  it('asks before a destructive command: refused without --yes off a terminal, done with it', async () => {
    const { stdout } = await create('doomed');
    const { id } = JSON.parse(stdout) as { id: string };
    const refused = await runCli(['workforce', 'users', 'delete', id], { emulator });
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toMatch(/--yes/);
    expect((await runCli(['workforce', 'users', 'get', id], { emulator })).code).toBe(EXIT.ok);

    const dry = await runCli(['workforce', 'users', 'delete', id, '--dry-run'], { emulator });
    expect(dry.code).toBe(EXIT.ok);
    expect(dry.stdout).toMatch(new RegExp(`^DELETE http://localhost/workforce/v2/users/${id}`));
    expect((await runCli(['workforce', 'users', 'get', id], { emulator })).code).toBe(EXIT.ok);

    const deleted = await runCli(['workforce', 'users', 'delete', id, '--yes'], { emulator });
    expect(deleted.code).toBe(EXIT.ok);
    const gone = await runCli(['workforce', 'users', 'get', id], { emulator });
    expect(gone.code).toBe(EXIT.notFound);
    expect(gone.stderr).toMatch(/status 404/);
  });

  it('refuses bad flags before any request, naming the field', async () => {
    let requests = 0;
    const counting = {
      ...emulator,
      fetch: (i: RequestInfo | URL, init?: RequestInit) => {
        requests++;
        return emulator.fetch(i, init);
      },
    } as Emulator;
    const bad = await runCli(['workforce', 'users', 'list', '--page-size', 'lots'], {
      emulator: counting,
    });
    expect(bad.code).toBe(EXIT.invalid);
    expect(bad.stderr).toMatch(/--page-size: must be integer/);
    const big = await runCli(['workforce', 'users', 'list', '--page-size', '5000'], {
      emulator: counting,
    });
    expect(big.code).toBe(EXIT.invalid);
    expect(big.stderr).toMatch(/--page-size: must be <= 1000/);
    const unknown = await runCli(
      ['workforce', 'users', 'create', '--json', '{"username":"x","nickname":"y"}'],
      { emulator: counting },
    );
    expect(unknown.code).toBe(EXIT.invalid);
    expect(unknown.stderr).toMatch(/user\.nickname: is not a field of this request/);
    const usage = await runCli(['workforce', 'users', 'create', '--nickname', 'y'], {
      emulator: counting,
    });
    expect(usage.code).toBe(EXIT.usage);
    expect(usage.stderr).toMatch(/unknown option '--nickname'/);
    expect(requests).toBe(0);
  });

  it('reads a body from --json inline and from stdin, flags winning over it', async () => {
    const inline = await runCli(
      [
        'workforce',
        'users',
        'create',
        '--json',
        '{"username":"lin","email_address":"lin@example.com"}',
        '--display-name',
        'Lin',
      ],
      { emulator },
    );
    expect(JSON.parse(inline.stdout)).toMatchObject({ username: 'lin', display_name: 'Lin' });
    const piped = await runCli(['workforce', 'users', 'create', '--json', '-'], {
      emulator,
      stdin: '{"user":{"username":"pip","email_address":"pip@example.com"}}',
    });
    expect(JSON.parse(piped.stdout)).toMatchObject({ username: 'pip' });
  });

  it('logs to stderr with X_LOG_LEVEL, never among the results on stdout', async () => {
    const r = await runCli(['workforce', 'users', 'list', '-o', 'ndjson'], {
      emulator,
      env: { X_LOG_LEVEL: 'debug' },
    });
    expect(r.code).toBe(EXIT.ok);
    for (const line of r.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(r.stderr).toMatch(/debug: GET \S*\/v2\/users/);
  });
});
