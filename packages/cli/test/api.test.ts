// `xid api`: raw requests through the family client against the in-process emulator: typed
// fields as a JSON body or a query, the profile's auth, the output formats, and --paginate in
// each family's paging style (offset, page token, cursor) through the runtime's paginator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fieldsObject } from '../src/api/fields.js';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli, seedEvents, tempDir } from './helpers.js';

let emulator: Emulator;
let eventIds: string[];
beforeAll(async () => {
  emulator = await inProcessEmulator();
  eventIds = seedEvents(emulator, 7, Date.now() - 3_600_000, 1, 'api');
});
afterAll(() => emulator.stop());

const api = (...args: string[]) => runCli(['api', ...args], { emulator });
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const createUser = (name: string) =>
  api(
    '--family',
    'workforce',
    'POST',
    '/v2/users',
    '-F',
    `user[username]=${name}`,
    '-F',
    `user[email_address]=${name}@example.com`,
  );

describe('--field and --raw-field', () => {
  const stdin = () => Readable.from([Buffer.from('from stdin')]);

  it('types values as gh does: booleans, null, integers; strings otherwise', async () => {
    const dir = tempDir();
    const file = join(dir, 'note.txt');
    writeFileSync(file, 'from a file');
    const out = await fieldsObject(
      [
        { text: 'a=true', raw: false },
        { text: 'b=false', raw: false },
        { text: 'c=null', raw: false },
        { text: 'd=42', raw: false },
        { text: 'e=-7', raw: false },
        { text: 'f=1.5', raw: false },
        { text: 'g=007', raw: false },
        { text: 'h=12345678901234567890', raw: false },
        { text: 'i=a=b', raw: false },
        { text: `j=@${file}`, raw: false },
        { text: 'k=@-', raw: false },
        { text: 'l=true', raw: true },
        { text: 'm=42', raw: true },
        { text: 'user[name]=ada', raw: false },
        { text: 'user[admin]=true', raw: false },
        { text: 'ids[]=x', raw: false },
        { text: 'ids[]=2', raw: false },
      ],
      stdin(),
    );
    expect(out).toEqual({
      a: true,
      b: false,
      c: null,
      d: 42,
      e: -7,
      f: '1.5',
      g: '007',
      h: '12345678901234567890',
      i: 'a=b',
      j: 'from a file',
      k: 'from stdin',
      l: 'true',
      m: '42',
      user: { name: 'ada', admin: true },
      ids: ['x', 2],
    });
  });

  it('refuses a field without =, a malformed key and an unreadable file, naming them', async () => {
    await expect(fieldsObject([{ text: 'novalue', raw: false }], stdin())).rejects.toThrow(
      /--field "novalue" must be key=value/,
    );
    await expect(fieldsObject([{ text: 'a[=1', raw: false }], stdin())).rejects.toThrow(
      /"a\[" is not a key/,
    );
    await expect(fieldsObject([{ text: 'a=@/no/such/file', raw: false }], stdin())).rejects.toThrow(
      /cannot read \/no\/such\/file/,
    );
    await expect(
      fieldsObject(
        [
          { text: 'a=1', raw: false },
          { text: 'a[b]=2', raw: false },
        ],
        stdin(),
      ),
    ).rejects.toThrow(/not an object/);
  });
});

describe('xid api', () => {
  it('posts a JSON body built from --field and reads the result back, in every format', async () => {
    const created = await createUser('ada');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(EXIT.ok);
    const ada = JSON.parse(created.stdout) as { id: string; username: string };
    expect(ada.username).toBe('ada');

    const yaml = await api('--family', 'workforce', 'GET', `/v2/users/${ada.id}`, '-o', 'yaml');
    expect(yaml.code).toBe(EXIT.ok);
    expect((parseYaml(yaml.stdout) as { email_address: string }).email_address).toBe(
      'ada@example.com',
    );
    const csv = await runCli(
      [
        'api',
        '--family',
        'workforce',
        'GET',
        `/v2/users/${ada.id}`,
        '-o',
        'csv',
        '--fields',
        'id,username',
      ],
      { emulator },
    );
    expect(csv.stdout).toBe(`id,username\n${ada.id},ada\n`);
  });

  it('sends GET fields as the query string, and a ?query in the path', async () => {
    await createUser('bob');
    await createUser('cyd');
    const one = await api('--family', 'workforce', 'GET', '/v2/users', '-F', 'page_size=1');
    expect(one.code).toBe(EXIT.ok);
    const page = JSON.parse(one.stdout) as { users: unknown[]; total_size: number };
    expect(page.users).toHaveLength(1);
    expect(page.total_size).toBeGreaterThanOrEqual(3);
    const inPath = await api('--family', 'workforce', 'GET', '/v2/users?page_size=2&skip=1');
    expect((JSON.parse(inPath.stdout) as { users: unknown[] }).users).toHaveLength(2);
  });

  it('uses the profile: a wrong secret is refused by the platform (auth exit code)', async () => {
    const r = await runCli(['api', '--family', 'workforce', 'GET', '/v2/users'], {
      emulator,
      env: { X_WORKFORCE_CLIENT_SECRET: 'not-the-secret', X_WORKFORCE_TOKEN: undefined },
    });
    expect(r.code).toBe(EXIT.auth);
    expect(r.stderr).not.toContain('not-the-secret');
  });

  it('shows the request with --dry-run, the token masked, and sends nothing', async () => {
    const r = await api(
      '--dry-run',
      '--family',
      'workforce',
      'POST',
      '/v2/groups',
      '-F',
      'group[display_name]=dry',
    );
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^POST http:\/\/[^ ]+\/v2\/groups\n/);
    expect(r.stdout).toContain('authorization: Bearer ****');
    expect(r.stdout).toContain('"display_name": "dry"');
    const groups = await api('--family', 'workforce', 'GET', '/v2/groups', '-F', 'page_size=100');
    expect(groups.stdout).not.toContain('"dry"');
  });

  it('pages an offset list with --paginate (items streamed as NDJSON), and stops at --limit', async () => {
    const all = await api(
      '--family',
      'workforce',
      'GET',
      '/v2/users',
      '-F',
      'page_size=1',
      '--paginate',
      '-o',
      'ndjson',
    );
    expect(all.stderr).toBe('');
    const names = lines(all.stdout).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['ada', 'bob', 'cyd']));
    expect(new Set(names).size).toBe(names.length);

    const two = await api(
      '--limit',
      '2',
      '--family',
      'workforce',
      'GET',
      '/v2/users',
      '-F',
      'page_size=1',
      '--paginate',
      '-o',
      'ndjson',
    );
    expect(lines(two.stdout)).toHaveLength(2);
  });

  it('pages family A by page token, filling {tenant_id} from the profile', async () => {
    for (const name of ['North', 'South', 'East'])
      await api(
        '--family',
        'access',
        'POST',
        '/v1/tenants/{tenant_id}/realms',
        '-F',
        `realm[display_name]=${name}`,
        '-F',
        'realm[classification]=SECURE_CUSTOMER',
      );
    const r = await api(
      '--family',
      'access',
      'GET',
      '/v1/tenants/{tenant_id}/realms',
      '-F',
      'page_size=1',
      '--paginate',
      '-o',
      'json',
    );
    expect(r.stderr).toBe('');
    const realms = JSON.parse(r.stdout) as { display_name: string }[];
    expect(realms.map((x) => x.display_name)).toEqual(
      expect.arrayContaining(['North', 'South', 'East']),
    );
    expect(realms.length).toBeGreaterThanOrEqual(3);
  });

  it('pages family E by cursor, the items one object down (body.events)', async () => {
    const since = String(Date.now() - 2 * 3_600_000);
    const r = await api(
      '--family',
      'events',
      'GET',
      '/v1/events',
      '-F',
      `start_time=${since}`,
      '-F',
      'ordering=asc',
      '-F',
      'page_size=2',
      '--paginate',
      '-o',
      'ndjson',
    );
    expect(r.stderr).toBe('');
    // The emulator also records events for the users and realms the other tests made.
    const ids = lines(r.stdout).map((e) => String(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('api-'))).toEqual(eventIds);
    expect(ids.length).toBeGreaterThan(2);
  });

  it('refuses what it cannot do, before sending', async () => {
    const noFamily = await runCli(['api', 'GET', '/v2/users'], { emulator });
    expect(noFamily.code).toBe(EXIT.usage);
    expect(noFamily.stderr).toContain('--family');
    const post = await api('--family', 'workforce', 'POST', '/v2/users', '--paginate');
    expect(post.code).toBe(EXIT.usage);
    const unknown = await api('--family', 'workforce', 'GET', '/v2/nothing', '--paginate');
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain('no GET /v2/nothing');
    const method = await api('--family', 'workforce', 'FETCH', '/v2/users');
    expect(method.code).toBe(EXIT.usage);
    const relative = await api('--family', 'workforce', 'GET', 'v2/users');
    expect(relative.code).toBe(EXIT.usage);
  });
});
