// Resource servers and roles: the seeded management API resource server, roles with scopes (any
// scope: which ones a role takes is not published) and members (groups and identities, paged separately), the role lists
// of a group and an identity (409 for an unknown resource server), and delete rules (409 while a
// role has scopes or members).
import { describe, expect, it } from 'vitest';
import { accessHarness } from './support/access.js';

describe('resource servers and roles', () => {
  it('keeps roles with scopes and members, and refuses deletes that would orphan them', async () => {
    const h = await accessHarness();
    const servers = await h.r('GET', '/resource-servers');
    expect(servers.body.resource_servers).toEqual([
      expect.objectContaining({
        id: 'management-api',
        is_managed: true,
        scopes: expect.arrayContaining(['management.admin']),
      }),
    ]);
    const api = await h.r('POST', '/resource-servers', {
      body: {
        resource_server: {
          display_name: 'Orders API',
          identifier: 'https://orders.example',
          scopes: ['orders.read', 'orders.write'],
        },
      },
    });
    expect(api.status).toBe(200);
    const rs = `/resource-servers/${api.body.id}`;
    const role = await h.r('POST', `${rs}/roles`, {
      body: { role: { display_name: 'Clerk', description: 'Reads orders' } },
    });
    expect(role.body).toMatchObject({ resource_server_id: api.body.id, display_name: 'Clerk' });
    const path = `${rs}/roles/${role.body.id}`;

    expect(
      (await h.r('POST', `${path}:addScopes`, { body: { scopes: ['orders.read', 'orders.read'] } }))
        .status,
    ).toBe(200);
    // Which scopes a role takes is not published (a resource server's scopes change apart from
    // its roles'): one the server does not define is kept too.
    const notDefined = await h.r('POST', `${path}:addScopes`, {
      body: { scopes: ['billing.read'] },
    });
    expect(notDefined.status).toBe(200);
    expect((await h.r('GET', `${path}:listScopes`)).body).toEqual({
      scopes: ['orders.read', 'billing.read'],
      total_size: 2,
    });

    const ada = await h.identity('ada');
    const bob = await h.identity('bob');
    const group = (await h.r('POST', '/groups', { body: { group: { display_name: 'Clerks' } } }))
      .body;
    await h.r('POST', `/groups/${group.id}:addMembers`, { body: { identity_ids: [bob.id] } });
    expect((await h.r('POST', `${path}:addMembers`, { body: {} })).status).toBe(400);
    expect(
      (await h.r('POST', `${path}:addMembers`, { body: { identity_ids: ['ghost'] } })).status,
    ).toBe(404);
    const added = await h.r('POST', `${path}:addMembers`, {
      body: { group_ids: [group.id], identity_ids: [ada.id] },
    });
    expect(added.status).toBe(200);
    const members = await h.r('GET', `${path}:listMembers`);
    expect(members.body).toMatchObject({ total_groups_size: 1, total_identities_size: 1 });
    expect(members.body.groups[0].id).toBe(group.id);
    expect(members.body.identities[0].id).toBe(ada.id);

    const byGroup = await h.r(
      'GET',
      `/groups/${group.id}:listRoles?resource_server_id=${api.body.id}`,
    );
    expect(byGroup.body.roles.map((r: { id: string }) => r.id)).toEqual([role.body.id]);
    expect(
      (await h.r('GET', `/groups/${group.id}:listRoles?resource_server_id=management-api`)).body
        .roles,
    ).toEqual([]);
    const unknown = await h.r('GET', `/groups/${group.id}:listRoles?resource_server_id=nope`);
    expect(unknown.status).toBe(409);
    expect((await h.r('GET', `/groups/${group.id}:listRoles`)).status).toBe(400);
    // An identity holds the role directly (ada) or through a group (bob).
    expect((await h.r('GET', `/identities/${ada.id}:listRoles`)).body.total_size).toBe(1);
    expect(
      (await h.r('GET', `/identities/${bob.id}:listRoles?resource_server_id=${api.body.id}`)).body
        .total_size,
    ).toBe(1);
    expect(
      (await h.r('GET', `/identities/${bob.id}:listRoles?resource_server_id=gone`)).status,
    ).toBe(409);

    const busy = await h.r('DELETE', path);
    expect(busy.status).toBe(409);
    expect((await h.t('DELETE', '')).status).toBe(405);
    await h.r('POST', `${path}:deleteMembers`, {
      body: { group_ids: [group.id], identity_ids: [ada.id] },
    });
    expect((await h.r('DELETE', path)).status).toBe(409);
    await h.r('POST', `${path}:deleteScopes`, {
      body: { scopes: ['orders.read', 'billing.read'] },
    });
    const renamed = await h.r('PATCH', path, { body: { role: { display_name: 'Order clerk' } } });
    expect(renamed.body).toMatchObject({
      display_name: 'Order clerk',
      description: 'Reads orders',
    });
    expect((await h.r('GET', `${rs}/roles`)).body.roles).toHaveLength(1);
    expect((await h.r('DELETE', path)).status).toBe(200);
    expect((await h.r('GET', path)).status).toBe(404);
    expect((await h.r('DELETE', '/resource-servers/management-api')).status).toBe(403);
    const updated = await h.r('PATCH', rs, {
      body: { resource_server: { scopes: ['orders.read'] } },
    });
    expect(updated.body.scopes).toEqual(['orders.read']);
    expect((await h.r('DELETE', rs)).status).toBe(200);
  });

  it('blocks a realm delete while it has roles, and pages role members separately', async () => {
    const h = await accessHarness();
    const realm = (await h.t('POST', '/realms', { body: { realm: { display_name: 'R' } } })).body;
    const base = `/realms/${realm.id}`;
    const api = (
      await h.t('POST', `${base}/resource-servers`, {
        body: { resource_server: { scopes: ['a'] } },
      })
    ).body;
    const role = (
      await h.t('POST', `${base}/resource-servers/${api.id}/roles`, {
        body: { role: { display_name: 'R' } },
      })
    ).body;
    expect((await h.t('DELETE', base)).status).toBe(409);
    const identities = [];
    for (let i = 0; i < 3; i++)
      identities.push(
        (
          await h.t('POST', `${base}/identities`, {
            body: { identity: { traits: { type: 'traits_v0', username: `u${i}` } } },
          })
        ).body.id,
      );
    const groups = [];
    for (let i = 0; i < 2; i++)
      groups.push(
        (await h.t('POST', `${base}/groups`, { body: { group: { display_name: `g${i}` } } })).body
          .id,
      );
    const path = `${base}/resource-servers/${api.id}/roles/${role.id}`;
    await h.t('POST', `${path}:addMembers`, {
      body: { group_ids: groups, identity_ids: identities },
    });
    const first = await h.t('GET', `${path}:listMembers?groups_page_size=1&identities_page_size=2`);
    expect(first.body.groups).toHaveLength(1);
    expect(first.body.identities).toHaveLength(2);
    const second = await h.t('GET', `${path}:listMembers?page_token=${first.body.next_page_token}`);
    expect(second.body.groups.map((g: { id: string }) => g.id)).toEqual([groups[1]]);
    expect(second.body.identities.map((i: { id: string }) => i.id)).toEqual([identities[2]]);
    expect(second.body.next_page_token).toBeUndefined();
  });
});
