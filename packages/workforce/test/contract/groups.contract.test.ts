import {
  type Group,
  type GroupList,
  groupFilter,
  groupOrderBy,
  type UserList,
  userFilter,
} from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const ENGINEERING = '3a9c1e5b-7d2f-4b6a-8e0c-9f1d3b5a7c42';
const MEMBERS = ['5f0c6a1e-7c41-4d0e-9f5b-2f4a9d3c1b07', '8b2e4d6f-3a5c-4e7b-9d1f-6c8a0b2e4f13'];

describe('groups.create (POST /v2/groups)', () => {
  it('sends a request Prism accepts and returns the example, typed', async () => {
    const group: Group = await workforce.groups.create({
      name: 'Engineering',
      description: 'Product engineering staff',
    });
    expectAcceptedByPrism();
    expect(group).toEqual(example('createGroup'));
  });
  declaredErrors('createGroup', (client, options) =>
    client.groups.create({ name: 'Engineering' }, options),
  );
});

describe('groups.get (GET /v2/groups/{group_id})', () => {
  it('returns the example group', async () => {
    expect(await workforce.groups.get(ENGINEERING)).toEqual(example('getGroup'));
    expectAcceptedByPrism();
  });
  declaredErrors('getGroup', (client, options) => client.groups.get(ENGINEERING, options));
});

describe('groups.update (PATCH /v2/groups/{group_id})', () => {
  it('sends a partial update Prism accepts', async () => {
    const group = await workforce.groups.update(ENGINEERING, {
      description: 'Product and platform engineering staff',
    });
    expectAcceptedByPrism();
    expect(group).toEqual(example('updateGroup'));
  });
  declaredErrors('updateGroup', (client, options) =>
    client.groups.update(ENGINEERING, { name: 'Engineering' }, options),
  );
});

describe('groups.delete (DELETE /v2/groups/{group_id})', () => {
  it('resolves with nothing on the empty 200', async () => {
    await expect(workforce.groups.delete(ENGINEERING)).resolves.toBeUndefined();
    expectAcceptedByPrism();
  });
  declaredErrors('deleteGroup', (client, options) => client.groups.delete(ENGINEERING, options));
});

describe('groups.list (GET /v2/groups)', () => {
  it('iterates the example page with a filter and order', async () => {
    const groups = await workforce.groups
      .list({ filter: groupFilter.name.sw('Eng'), orderBy: groupOrderBy.desc('name') })
      .toArray();
    expectAcceptedByPrism();
    expect(groups).toEqual(example<GroupList>('listGroups').groups);
  });
  it('await list() returns the typed first page with member counts', async () => {
    const page = (await workforce.groups.list({ page_size: 2 })).raw;
    expectAcceptedByPrism();
    expect(page).toEqual(example('listGroups'));
    expect(page.groups?.[0]?.member_count).toBe(2);
  });
  declaredErrors('listGroups', async (client, options) => client.groups.list({}, options));
});

describe('groups.listMembers (GET /v2/groups/{group_id}:listUsers)', () => {
  it('iterates the members with the users filter', async () => {
    const users = await workforce.groups.members
      .list(ENGINEERING, { filter: userFilter.has_active_passkey.eq(true) })
      .toArray();
    expectAcceptedByPrism();
    expect(users).toEqual(example<UserList>('listGroupUsers').users);
  });
  it('await listMembers() returns the typed first page', async () => {
    expect((await workforce.groups.members.list(ENGINEERING, { page_size: 5 })).raw).toEqual(
      example('listGroupUsers'),
    );
    expectAcceptedByPrism();
  });
  declaredErrors('listGroupUsers', async (client, options) =>
    client.groups.members.list(ENGINEERING, {}, options),
  );
});

describe('groups.addMembers (POST /v2/groups/{group_id}:addUsers)', () => {
  it('sends {id, user_ids} Prism accepts and returns the group', async () => {
    expect(await workforce.groups.members.add(ENGINEERING, MEMBERS)).toEqual(
      example('addGroupUsers'),
    );
    expectAcceptedByPrism();
  });
  // A failed chunk is the API error itself, with `batch` saying which chunk it was.
  declaredErrors('addGroupUsers', (client, options) =>
    client.groups.members.add(ENGINEERING, MEMBERS, options),
  );
});

describe('groups.removeMembers (POST /v2/groups/{group_id}:deleteUsers)', () => {
  it('sends {id, user_ids} Prism accepts and returns the group', async () => {
    expect(await workforce.groups.members.remove(ENGINEERING, MEMBERS)).toEqual(
      example('deleteGroupUsers'),
    );
    expectAcceptedByPrism();
  });
  declaredErrors('deleteGroupUsers', (client, options) =>
    client.groups.members.remove(ENGINEERING, MEMBERS, options),
  );
});
