// More shapes of generated commands against the emulator: positional ids with repeated list
// flags (groups add-members), nested lists (list-members), SCIM bodies from --json.
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
});
afterAll(() => emulator.stop());

const json = <T>(text: string) => JSON.parse(text) as T;

describe('xid workforce groups and scim', () => {
  it('creates a group, adds members with a repeated flag, lists them, deletes the group', async () => {
    const ids: string[] = [];
    for (const name of ['g1', 'g2']) {
      const r = await runCli(
        [
          'workforce',
          'users',
          'create',
          '--username',
          name,
          '--email-address',
          `${name}@example.com`,
        ],
        { emulator },
      );
      ids.push(json<{ id: string }>(r.stdout).id);
    }
    const group = await runCli(
      ['workforce', 'groups', 'create', '--name', 'Engineers', '--description', 'All of them'],
      { emulator },
    );
    expect(group.stderr).toBe('');
    const { id } = json<{ id: string }>(group.stdout);
    const added = await runCli(
      ['workforce', 'groups', 'add-members', id, '--user-ids', ids[0]!, '--user-ids', ids[1]!],
      { emulator },
    );
    expect(added.code).toBe(EXIT.ok);
    const members = await runCli(
      ['workforce', 'groups', 'list-members', id, '-o', 'json', '--fields', 'username'],
      { emulator },
    );
    expect(
      json<{ username: string }[]>(members.stdout)
        .map((m) => m.username)
        .sort(),
    ).toEqual(['g1', 'g2']);
    const duplicate = await runCli(['workforce', 'groups', 'create', '--name', 'Engineers'], {
      emulator,
    });
    expect(duplicate.code).toBe(EXIT.conflict);
    expect((await runCli(['workforce', 'groups', 'delete', id, '--yes'], { emulator })).code).toBe(
      EXIT.ok,
    );
    expect((await runCli(['workforce', 'groups', 'get', id], { emulator })).code).toBe(
      EXIT.notFound,
    );
  });

  it('creates a SCIM user from --json and finds it with a SCIM filter', async () => {
    const body = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'scim-1',
      userName: 'scimmy',
      displayName: 'Scimmy',
      active: true,
      emails: [{ value: 'scimmy@example.com', primary: true }],
    };
    const created = await runCli(
      ['workforce', 'scim', 'users', 'create', '--json', JSON.stringify(body)],
      { emulator },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(EXIT.ok);
    const found = await runCli(
      ['workforce', 'scim', 'users', 'list', '--filter', 'userName eq "scimmy"', '-o', 'json'],
      { emulator },
    );
    expect(found.code).toBe(EXIT.ok);
    expect(json<{ userName: string }[]>(found.stdout).map((u) => u.userName)).toEqual(['scimmy']);
  });
});
