// `--query` (JMESPath) on the JSON result of commands, applied before formatting: a list is
// queried as one array, every --output format shows the result, a bad expression fails before
// anything is sent.
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
  for (const name of ['ada', 'grace', 'alan'])
    await runCli(
      ['workforce', 'users', 'create', '--username', name, '--email-address', `${name}@ex.com`],
      { emulator },
    );
});
afterAll(() => emulator.stop());

const users = (...args: string[]) => runCli(['workforce', 'users', 'list', ...args], { emulator });
const SORTED = 'sort_by(@, &username)';

describe('--query', () => {
  it('selects from a list as one array, in JSON', async () => {
    const r = await users('--query', `${SORTED}[].username`, '-o', 'json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['ada', 'alan', 'grace']);
    const count = await users('--query', 'length(@)', '-o', 'json');
    expect(JSON.parse(count.stdout)).toBe(3);
  });

  it('filters and reshapes before formatting: ndjson, csv, yaml and table show the result', async () => {
    const q = `${SORTED}[?starts_with(username, 'a')].{name: username, mail: email_address}`;
    const ndjson = await users('--query', q, '-o', 'ndjson');
    expect(ndjson.stdout).toBe(
      '{"name":"ada","mail":"ada@ex.com"}\n{"name":"alan","mail":"alan@ex.com"}\n',
    );
    const csv = await users('--query', q, '-o', 'csv');
    expect(csv.stdout).toBe('name,mail\nada,ada@ex.com\nalan,alan@ex.com\n');
    const yaml = await users('--query', q, '-o', 'yaml');
    expect(parseYaml(yaml.stdout)).toEqual([
      { name: 'ada', mail: 'ada@ex.com' },
      { name: 'alan', mail: 'alan@ex.com' },
    ]);
    const table = await runCli(['workforce', 'users', 'list', '--query', q, '-o', 'table'], {
      emulator,
      tty: true,
    });
    expect(table.stdout).toMatch(/name.*mail/);
    expect(table.stdout).toContain('alan@ex.com');
    expect(table.stdout).not.toContain('grace');
  });

  it('applies to a single result, and --fields applies to what it selected', async () => {
    const list = await users('--query', `${SORTED}[0].id`, '-o', 'json');
    const id = JSON.parse(list.stdout) as string;
    const one = await runCli(
      ['workforce', 'users', 'get', id, '--query', '{who: username, at: {mail: email_address}}'],
      { emulator },
    );
    expect(JSON.parse(one.stdout)).toEqual({ who: 'ada', at: { mail: 'ada@ex.com' } });
    const fields = await runCli(
      ['workforce', 'users', 'get', id, '--query', '{who: username, id: id}', '--fields', 'who'],
      { emulator },
    );
    expect(JSON.parse(fields.stdout)).toEqual({ who: 'ada' });
  });

  it('works on other commands: profile list and xid api', async () => {
    const profiles = await runCli(['profile', 'list', '--query', '[].name', '-o', 'json'], {
      emulator,
    });
    expect(profiles.code).toBe(EXIT.ok);
    expect(Array.isArray(JSON.parse(profiles.stdout))).toBe(true);
    const raw = await runCli(
      ['api', '--family', 'workforce', 'GET', '/v2/users', '--query', 'total_size'],
      { emulator },
    );
    expect(JSON.parse(raw.stdout)).toBe(3);
  });

  it('refuses an expression that is not JMESPath before sending anything (usage)', async () => {
    const r = await runCli(
      [
        'workforce',
        'users',
        'create',
        '--username',
        'never',
        '--email-address',
        'never@ex.com',
        '--query',
        '[?',
      ],
      { emulator },
    );
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('--query "[?"');
    const after = await users('--query', '[].username', '-o', 'json');
    expect(JSON.parse(after.stdout)).not.toContain('never');
  });

  it('reports an expression that fails on the data (a type error) as usage', async () => {
    const r = await users('--query', 'abs(@)', '-o', 'json');
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('--query "abs(@)"');
  });
});
