// Contract tests of identities against Prism (see test/support/prism.ts).
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');
const ada = {
  display_name: 'Ada Lovelace',
  status: 'active',
  traits: { type: 'traits_v0', username: 'ada.lovelace', primary_email_address: 'ada@example.com' },
} as const;

const cases: ContractCase[] = [
  {
    operationId: 'createIdentity',
    run: (o) => realm.identities.create(ada, o),
    request: { body: { identity: ada } },
  },
  {
    operationId: 'listIdentities',
    run: (o) => realm.identities.list({ username: 'ada "the first"' }, o).then((page) => page.raw),
    request: {
      path: '/realms/realm-1/identities',
      query: { filter: 'traits.username eq "ada \\"the first\\""' },
    },
  },
  {
    operationId: 'batchDeleteIdentities',
    run: (o) => realm.identities.batchDelete(['id-1', 'id-2'], o),
    request: { path: '/identities:batchDelete', body: { ids: ['id-1', 'id-2'] } },
  },
  {
    operationId: 'getIdentity',
    run: (o) => realm.identities.get('id-1', o),
    request: { path: '/identities/id-1' },
  },
  {
    operationId: 'updateIdentity',
    run: (o) => realm.identities.update('id-1', { status: 'suspended' }, o),
    request: { body: { identity: { status: 'suspended' } } },
  },
  { operationId: 'deleteIdentity', run: (o) => realm.identities.delete('id-1', o) },
  {
    operationId: 'listIdentityGroups',
    run: (o) => realm.identities.groups.list('id-1', {}, o).then((page) => page.raw),
    request: { path: '/identities/id-1:listGroups' },
  },
  {
    operationId: 'listIdentityRoles',
    run: (o) =>
      realm.identities.roles
        .list('id-1', { resource_server_id: 'rs-1', skip: 0 }, o)
        .then((page) => page.raw),
    request: {
      path: '/identities/id-1:listRoles',
      query: { resource_server_id: 'rs-1', skip: '0' },
    },
  },
];

describe('identities', () => contractCases(['Identities'], cases));

describe('identity lists and records', () => {
  it('an identity found by username has typed traits', async () => {
    const [found] = await realm.identities.list({ username: 'ada.lovelace' }).toArray({ limit: 1 });
    expect(found).toEqual((example('listIdentities') as { identities: unknown[] }).identities[0]);
    const id: string = found!.id;
    expect(id).toBeTruthy();
    if (found?.traits?.type === 'traits_v0') expect(found.traits.username).toBeTruthy();
  });

  it('roles of every resource server: no resource_server_id is sent', async () => {
    await realm.identities.roles.list('id-1');
    expect(seen[0]!.url.searchParams.has('resource_server_id')).toBe(false);
  });

  it('batchDelete refuses a repeated id before sending: the server would fail the whole batch', async () => {
    await expect(realm.identities.batchDelete(['id-1', 'id-2', 'id-1'])).rejects.toThrow(
      /^ids\[2\]: repeats ids\[0\]/,
    );
    expect(seen).toHaveLength(0);
  });
});
