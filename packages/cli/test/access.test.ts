// Family A's generated commands against the in-process emulator: the realm from --realm or the
// profile, nested trait fields with their fixed type, conflicts, deletes with --yes.
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

describe('xid access', () => {
  it('creates a realm, an identity in it with --realm, finds it, and deletes both', async () => {
    const realm = await runCli(
      [
        'access',
        'realms',
        'create',
        '--display-name',
        'Staging',
        '--classification',
        'SECURE_CUSTOMER',
      ],
      { emulator },
    );
    expect(realm.stderr).toBe('');
    const { id: realmId } = json<{ id: string }>(realm.stdout);

    const args = ['access', '--realm', realmId, 'identities'];
    const created = await runCli(
      [...args, 'create', '--display-name', 'Ada', '--traits', '{"username":"ada"}'],
      { emulator },
    );
    expect(created.stderr).toBe('');
    const identity = json<{ id: string; realm_id: string; traits: { type: string } }>(
      created.stdout,
    );
    expect(identity.realm_id).toBe(realmId);
    expect(identity.traits.type).toBe('traits_v0');

    const again = await runCli(
      [...args, 'create', '--display-name', 'Ada 2', '--traits', '{"username":"ADA"}'],
      { emulator },
    );
    expect(again.code).toBe(EXIT.conflict);

    const found = await runCli(
      [...args, 'list', '--filter', 'traits.username eq "ada"', '-o', 'json', '--fields', 'id'],
      { emulator },
    );
    expect(json<{ id: string }[]>(found.stdout)).toEqual([{ id: identity.id }]);
    // Not in the profile's realm.
    const elsewhere = await runCli(['access', 'identities', 'get', identity.id], { emulator });
    expect(elsewhere.code).toBe(EXIT.notFound);

    const busy = await runCli(['access', 'realms', 'delete', realmId, '--yes'], { emulator });
    expect(busy.code).toBe(EXIT.conflict); // the realm still has an identity
    expect((await runCli([...args, 'delete', identity.id, '--yes'], { emulator })).code).toBe(
      EXIT.ok,
    );
    expect(
      (await runCli(['access', 'realms', 'delete', realmId, '--yes'], { emulator })).code,
    ).toBe(EXIT.ok);
  });

  it('names the realm when neither --realm nor X_ACCESS_REALM_ID gives one', async () => {
    const r = await runCli(['access', 'identities', 'list'], {
      emulator,
      env: { X_ACCESS_REALM_ID: undefined },
    });
    expect(r.code).toBe(EXIT.invalid);
    expect(r.stderr).toMatch(/--realm \(or X_ACCESS_REALM_ID\): is required/);
  });
});
