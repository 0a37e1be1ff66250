// The plain-HTTP access story: an access realm, an identity found by username, a 400
// with FieldViolations for a forbidden character, 409 deleting a realm that still has
// identities; and the events of the access app's own changes, with actor, outcome and time.
import { describe, expect, it } from 'vitest';
import { accessHarness, eventKinds } from './support/access.js';

describe('access story (family A over plain HTTP)', () => {
  it('creates a realm and an identity, finds it by username, refuses bad names and a busy realm', async () => {
    const h = await accessHarness({ clock: { start: '2026-03-01T09:00:00Z', frozen: true } });
    const realm = await h.t('POST', '/realms', {
      body: { realm: { display_name: 'Customers', classification: 'SECURE_CUSTOMER' } },
    });
    expect(realm.status).toBe(200);
    expect(realm.body).toMatchObject({
      tenant_id: h.tenantId,
      display_name: 'Customers',
      classification: 'SECURE_CUSTOMER',
      create_time: '2026-03-01T09:00:00.000Z',
    });
    const path = `/realms/${realm.body.id}`;
    const listed = await h.t('GET', '/realms');
    expect(listed.body.realms.map((r: { id: string }) => r.id)).toContain(realm.body.id);

    const ada = await h.t('POST', `${path}/identities`, {
      body: {
        identity: {
          display_name: 'Ada Lovelace',
          status: 'active',
          traits: { type: 'traits_v0', username: 'ada', primary_email_address: 'ada@example.com' },
        },
      },
    });
    expect(ada.status).toBe(200);
    expect(ada.body).toMatchObject({ status: 'active', enrollment_status: 'UNENROLLED' });
    await h.t('POST', `${path}/identities`, {
      body: {
        identity: { display_name: 'Grace', traits: { type: 'traits_v0', username: 'grace' } },
      },
    });

    const found = await h.t(
      'GET',
      `${path}/identities?filter=${encodeURIComponent('traits.username eq "ada"')}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.identities.map((i: { id: string }) => i.id)).toEqual([ada.body.id]);
    expect(found.body.total_size).toBe(1);
    expect((await h.t('GET', `${path}/identities/${ada.body.id}`)).body).toEqual(ada.body);

    const forbidden = await h.t('POST', `${path}/identities`, {
      body: {
        identity: { display_name: 'Ada; DROP', traits: { type: 'traits_v0', username: 'x' } },
      },
    });
    expect(forbidden.status).toBe(400);
    expect(forbidden.body.code).toBe('bad_request');
    expect(forbidden.body.details).toEqual([
      {
        type: 'FieldViolations',
        field_violations: [expect.objectContaining({ field: 'identity.display_name' })],
      },
    ]);
    const badGroup = await h.t('POST', `${path}/groups`, {
      body: { group: { display_name: 'ok', description: 'no {braces}' } },
    });
    expect(badGroup.body.details[0].field_violations[0].field).toBe('group.description');
    const long = await h.t('POST', `${path}/groups`, {
      body: { group: { display_name: 'x'.repeat(65) } },
    });
    expect(long.body.details[0].field_violations[0].field).toBe('group.display_name');

    const busy = await h.t('DELETE', path);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('conflict');
    expect(busy.body.message).toContain('2 identities');

    const taken = await h.t('POST', `${path}/identities`, {
      body: { identity: { traits: { type: 'traits_v0', username: 'ADA' } } },
    });
    expect(taken.status).toBe(409);

    for (const i of (await h.t('GET', `${path}/identities`)).body.identities)
      expect((await h.t('DELETE', `${path}/identities/${i.id}`)).status).toBe(200);
    expect((await h.t('DELETE', path)).status).toBe(200);
    const gone = await h.t('GET', path);
    expect(gone.status).toBe(404);
    expect(gone.body.details).toEqual([
      {
        type: 'ResourceInfo',
        resource_type: 'realm',
        id: realm.body.id,
        description: 'realm not found',
      },
    ]);

    expect(await eventKinds(h)).toEqual([
      'REALM_CHANGE:CREATE',
      'USER_CHANGE:CREATE',
      'USER_CHANGE:CREATE',
      'USER_CHANGE:DELETE',
      'USER_CHANGE:DELETE',
      'REALM_CHANGE:DELETE',
    ]);
    const events = await h.events('?ordering=asc&event_type=user_change');
    for (const e of events.body.body.events) {
      expect(e.outcome).toBe('SUCCESS');
      expect(e.actor).toMatchObject({ type: 'ApiClient', id: h.em.credentials.access.clientId });
      expect(e.event_recorded_millis).toBe(Date.parse('2026-03-01T09:00:00Z'));
    }
    expect(events.body.body.events[0].data.user).toMatchObject({
      user_name: 'ada',
      email: 'ada@example.com',
    });
  });

  it('keeps groups, memberships and the tenant, with their events', async () => {
    const h = await accessHarness();
    const ada = await h.identity('ada');
    const grace = await h.identity('grace');
    const group = await h.r('POST', '/groups', { body: { group: { display_name: 'Admins' } } });
    expect(group.status).toBe(200);
    // Display names need not be unique in family A (no 409 is published for group creation).
    expect(
      (await h.r('POST', '/groups', { body: { group: { display_name: 'Admins' } } })).status,
    ).toBe(200);
    const gid = group.body.id as string;
    const added = await h.r('POST', `/groups/${gid}:addMembers`, {
      body: { identity_ids: [ada.id, grace.id, ada.id] },
    });
    expect(added.status).toBe(200);
    const unknown = await h.r('POST', `/groups/${gid}:addMembers`, {
      body: { identity_ids: ['nobody'] },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await h.r('POST', `/groups/${gid}:addMembers`, { body: { identity_ids: [] } })).status,
    ).toBe(400);
    const members = await h.r('GET', `/groups/${gid}:listMembers`);
    expect(members.body.identities.map((i: { id: string }) => i.id)).toEqual([ada.id, grace.id]);
    expect((await h.r('GET', `/identities/${ada.id}:listGroups`)).body.groups).toEqual([
      expect.objectContaining({ id: gid }),
    ]);
    expect((await h.r('DELETE', `/groups/${gid}`)).status).toBe(409);
    await h.r('POST', `/groups/${gid}:deleteMembers`, {
      body: { identity_ids: [ada.id, grace.id, 'nobody'] },
    });
    const patched = await h.r('PATCH', `/groups/${gid}`, {
      body: { group: { description: 'Admins of the app' } },
    });
    expect(patched.body).toMatchObject({
      display_name: 'Admins',
      description: 'Admins of the app',
    });
    expect((await h.r('DELETE', `/groups/${gid}`)).status).toBe(200);

    const tenant = await h.t('PATCH', '', {
      body: { tenant: { display_name: 'Acme', id: 'ignored' } },
    });
    expect(tenant.body).toMatchObject({ id: h.tenantId, display_name: 'Acme' });
    expect((await h.t('GET', '')).body.display_name).toBe('Acme');

    const suspended = await h.r('PATCH', `/identities/${ada.id}`, {
      body: { identity: { status: 'suspended' } },
    });
    expect(suspended.body).toMatchObject({ status: 'suspended', traits: { username: 'ada' } });
    expect(
      (
        await h.r('PATCH', `/identities/${ada.id}`, {
          body: { identity: { traits: { type: 'traits_v0', username: 'grace' } } },
        })
      ).status,
    ).toBe(409);

    expect(await eventKinds(h)).toEqual([
      'USER_CHANGE:CREATE',
      'USER_CHANGE:CREATE',
      'GROUP_CHANGE:CREATE',
      'GROUP_CHANGE:CREATE',
      'GROUP_MEMBERSHIP_CHANGE:ADD',
      'GROUP_MEMBERSHIP_CHANGE:ADD',
      'GROUP_MEMBERSHIP_CHANGE:REMOVE',
      'GROUP_MEMBERSHIP_CHANGE:REMOVE',
      'GROUP_CHANGE:UPDATE',
      'GROUP_CHANGE:DELETE',
      'TENANT_CHANGE:UPDATE',
      'USER_CHANGE:SUSPEND',
    ]);
  });

  it('gives 403 for another tenant and for its resources', async () => {
    const h = await accessHarness({
      seed: { access: { tenants: [{}, { id: 'other-tenant', realm: { id: 'other-realm' } }] } },
    });
    expect(
      (await h.access('GET', '/v1/tenants/other-tenant', { token: h.accessToken })).status,
    ).toBe(403);
    const foreign = await h.t('GET', '/realms/other-realm');
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('forbidden');
    expect((await h.t('GET', '/realms/other-realm/identities')).status).toBe(403);
    expect((await h.t('GET', '/realms/no-such-realm')).status).toBe(404);
    expect((await h.t('GET', '')).status).toBe(200);
  });
});
