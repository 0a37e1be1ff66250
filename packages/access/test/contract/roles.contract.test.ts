// Contract tests of resource servers and their roles against Prism (see test/support/prism.ts).
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, seen } from '../support/prism.js';

const realm = access.realm('realm-1');
const roles = realm.resourceServers.roles;
const SERVER = 'resource-server-1';

const cases: ContractCase[] = [
  {
    operationId: 'createResourceServer',
    run: (o) =>
      realm.resourceServers.create(
        {
          display_name: 'Orders API',
          identifier: 'https://api.example.com/orders',
          scopes: ['orders.read', 'orders.write'],
        },
        o,
      ),
    request: {
      body: {
        resource_server: {
          display_name: 'Orders API',
          identifier: 'https://api.example.com/orders',
          scopes: ['orders.read', 'orders.write'],
        },
      },
    },
  },
  {
    operationId: 'listResourceServers',
    run: (o) => realm.resourceServers.list({ page_size: 100 }, o).then((page) => page.raw),
    request: { path: '/realms/realm-1/resource-servers', query: { page_size: '100' } },
  },
  {
    operationId: 'getResourceServer',
    run: (o) => realm.resourceServers.get('resource-server-1', o),
    request: { path: '/resource-servers/resource-server-1' },
  },
  {
    operationId: 'updateResourceServer',
    run: (o) => realm.resourceServers.update('resource-server-1', { scopes: ['orders.read'] }, o),
    request: { body: { resource_server: { scopes: ['orders.read'] } } },
  },
  {
    operationId: 'deleteResourceServer',
    run: (o) => realm.resourceServers.delete('resource-server-1', o),
  },
  {
    operationId: 'createRole',
    run: (o) =>
      roles.create(SERVER, { display_name: 'Directory readers', description: 'Read only' }, o),
    request: {
      path: '/resource-servers/resource-server-1/roles',
      body: { role: { display_name: 'Directory readers', description: 'Read only' } },
    },
  },
  {
    operationId: 'listRoles',
    run: (o) => roles.list(SERVER, { page_size: 20, skip: 1 }, o).then((page) => page.raw),
    request: { query: { page_size: '20', skip: '1' } },
  },
  {
    operationId: 'getRole',
    run: (o) => roles.get(SERVER, 'role-1', o),
    request: { path: '/resource-servers/resource-server-1/roles/role-1' },
  },
  {
    operationId: 'updateRole',
    run: (o) =>
      roles.update(SERVER, 'role-1', { display_name: 'Auditors', description: 'Read only' }, o),
    request: {
      path: '/resource-servers/resource-server-1/roles/role-1',
      body: { role: { display_name: 'Auditors', description: 'Read only' } },
    },
  },
  { operationId: 'deleteRole', run: (o) => roles.delete(SERVER, 'role-1', o) },
  {
    operationId: 'addRoleMembers',
    run: (o) =>
      roles.members.add(SERVER, 'role-1', { groupIds: ['g-1'], identityIds: ['id-1', 'id-1'] }, o),
    request: {
      path: '/roles/role-1:addMembers',
      body: { group_ids: ['g-1'], identity_ids: ['id-1'] },
    },
  },
  {
    operationId: 'deleteRoleMembers',
    run: (o) => roles.members.remove(SERVER, 'role-1', { identityIds: ['id-1'] }, o),
    request: { path: '/roles/role-1:deleteMembers', body: { identity_ids: ['id-1'] } },
  },
  {
    operationId: 'listRoleMembers',
    run: (o) =>
      roles.members
        .list(SERVER, 'role-1', { groups_page_size: 5, identities_skip: 3 }, o)
        .then((page) => page.raw),
    request: {
      path: '/roles/role-1:listMembers',
      query: { groups_page_size: '5', identities_skip: '3' },
    },
  },
  {
    operationId: 'addRoleScopes',
    run: (o) => roles.scopes.add(SERVER, 'role-1', ['users.read'], o),
    request: { path: '/roles/role-1:addScopes', body: { scopes: ['users.read'] } },
  },
  {
    operationId: 'deleteRoleScopes',
    run: (o) => roles.scopes.remove(SERVER, 'role-1', ['users.read'], o),
    request: { path: '/roles/role-1:deleteScopes', body: { scopes: ['users.read'] } },
  },
  {
    operationId: 'listRoleScopes',
    run: (o) => roles.scopes.list(SERVER, 'role-1', { page_size: 20 }, o).then((page) => page.raw),
    request: { path: '/roles/role-1:listScopes', query: { page_size: '20' } },
  },
];

describe('resource servers and roles', () => contractCases(['Resource servers', 'Roles'], cases));

describe('role lists', () => {
  it('members come as groups then identities; scopes as strings', async () => {
    const page = await roles.members.list(SERVER, 'role-1');
    expect(page.items.map((m) => m.type)).toEqual(['group', 'group', 'identity', 'identity']);
    const scopes: readonly string[] = (await roles.scopes.list(SERVER, 'role-1')).items;
    expect(scopes).toEqual(['example.read', 'example.write']);
  });

  it('refuses an empty member change and a bad resource server id before sending', async () => {
    await expect(roles.members.add(SERVER, 'role-1', {})).rejects.toThrow(/^members: /);
    await expect(roles.get('', 'role-1')).rejects.toThrow(/^resourceServerId: /);
    expect(seen).toHaveLength(0);
  });
});
