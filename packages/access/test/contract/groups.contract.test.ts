// Contract tests of groups, their members and roles against Prism (see test/support/prism.ts).
import { ForbiddenError, NotFoundError, ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

const cases: ContractCase[] = [
  {
    operationId: 'createGroup',
    run: (o) => realm.groups.create({ display_name: 'Support agents', description: 'Tier 1' }, o),
    request: {
      path: '/realms/realm-1/groups',
      body: { group: { display_name: 'Support agents', description: 'Tier 1' } },
    },
  },
  {
    operationId: 'listGroups',
    run: (o) => realm.groups.list({ page_size: 200 }, o).then((page) => page.raw),
    request: { query: { page_size: '200' } },
  },
  {
    operationId: 'getGroup',
    run: (o) => realm.groups.get('group-1', o),
    request: { path: '/groups/group-1' },
  },
  {
    operationId: 'updateGroup',
    run: (o) => realm.groups.update('group-1', { description: 'Tier 2' }, o),
    request: { body: { group: { description: 'Tier 2' } } },
  },
  { operationId: 'deleteGroup', run: (o) => realm.groups.delete('group-1', o) },
  {
    operationId: 'addGroupMembers',
    run: (o) => realm.groups.members.add('group-1', ['id-1', 'id-2', 'id-1'], o),
    request: { path: '/groups/group-1:addMembers', body: { identity_ids: ['id-1', 'id-2'] } },
  },
  {
    operationId: 'deleteGroupMembers',
    run: (o) => realm.groups.members.remove('group-1', ['id-1'], o),
    request: { path: '/groups/group-1:deleteMembers', body: { identity_ids: ['id-1'] } },
  },
  {
    operationId: 'listGroupMembers',
    run: (o) => realm.groups.members.list('group-1', { skip: 1 }, o).then((page) => page.raw),
    request: { path: '/groups/group-1:listMembers', query: { skip: '1' } },
  },
  {
    operationId: 'listGroupRoles',
    run: (o) =>
      realm.groups.roles
        .list('group-1', { resource_server_id: 'rs-1' }, o)
        .then((page) => page.raw),
    request: { path: '/groups/group-1:listRoles', query: { resource_server_id: 'rs-1' } },
  },
];

describe('groups', () => contractCases(['Groups'], cases));

describe('group lists', () => {
  it('yield the example items, typed', async () => {
    const members = await realm.groups.members.list('group-1').toArray({ limit: 1 });
    expect(members).toEqual(
      (example('listGroupMembers') as { identities: unknown[] }).identities.slice(0, 1),
    );
    const status: string | undefined = members[0]!.status;
    expect(status).toBeTruthy();
    const [role] = await realm.groups.roles
      .list('group-1', { resource_server_id: 'rs-1' })
      .toArray({ limit: 1 });
    expect(role?.resource_server_id).toBeTruthy();
  });

  it('a page error arrives as its own class, with where the list stood', async () => {
    const error = await realm.groups
      .list({}, { headers: { Prefer: 'code=403' }, retry: false })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ForbiddenError).paging).toEqual({
      page: 1,
      resumeFrom: undefined,
      pagesDelivered: 0,
      itemsDelivered: 0,
    });
  });

  it('a member batch error arrives as its own class, with the chunk', async () => {
    const error = await realm.groups.members
      .add('group-1', ['id-1'], { headers: { Prefer: 'code=404' }, retry: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).batch?.chunkIds).toEqual(['id-1']);
  });
});

describe('checks before sending', () => {
  it('refuses bad names, ids and page sizes with a ValidationError naming the field', async () => {
    await expect(realm.groups.create({ display_name: 'a/b' })).rejects.toThrow(
      /^group\.display_name: must not contain the character "\/"/,
    );
    await expect(realm.groups.get('')).rejects.toThrow(/^groupId: /);
    await expect(realm.groups.list({ page_size: 201 })).rejects.toThrow(ValidationError);
    await expect(realm.groups.roles.list('group-1', { resource_server_id: '' })).rejects.toThrow(
      /^resource_server_id: /,
    );
    expect(seen).toHaveLength(0);
  });
});
