// The plain-HTTP story for families W, E and L: create a workforce user with an e-mail,
// read it back, find it by filter, 409 on a duplicate group, membership visible, 401 without a
// token, delete then 404; the events of those changes listed; legacy create and recover.
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

describe('plain-HTTP story (W, E, L)', () => {
  it('runs the workforce story and lists its events', async () => {
    const h = await harness();
    const created = await h.workforce('POST', '/v2/users', {
      body: {
        user: {
          username: 'ada',
          display_name: 'Ada Lovelace',
          external_id: 'crm-1',
          email_address: 'ada@example.com',
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ username: 'ada', state: 'ACTIVE', source: 'native' });
    const id = created.body.id as string;

    const read = await h.workforce('GET', `/v2/users/${id}`);
    expect(read.body).toEqual(created.body);

    const found = await h.workforce(
      'GET',
      `/v2/users?page_size=10&filter=${encodeURIComponent('username eq "ada"')}`,
    );
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(found.body.total_size).toBe(1);

    const group = await h.workforce('POST', '/v2/groups', {
      body: { group: { name: 'Engineering' } },
    });
    expect(group.status).toBe(200);
    const duplicate = await h.workforce('POST', '/v2/groups', {
      body: { group: { name: 'engineering' } },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('conflict');

    const added = await h.workforce('POST', `/v2/groups/${group.body.id}:addUsers`, {
      body: { user_ids: [id] },
    });
    expect(added.status).toBe(200);
    const members = await h.workforce('GET', `/v2/groups/${group.body.id}:listUsers?page_size=10`);
    expect(members.body.users.map((u: { id: string }) => u.id)).toEqual([id]);
    const groupsOfUser = await h.workforce('GET', `/v2/users/${id}/groups?page_size=10`);
    expect(groupsOfUser.body.groups).toEqual([
      expect.objectContaining({ id: group.body.id, member_count: 1 }),
    ]);

    const anonymous = await h.workforce('GET', `/v2/users/${id}`, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');

    expect((await h.workforce('DELETE', `/v2/users/${id}`)).status).toBe(200);
    const gone = await h.workforce('GET', `/v2/users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.details).toEqual([
      { type: 'ResourceInfo', resource_type: 'user', id, description: 'user not found' },
    ]);

    const events = await h.events('?ordering=asc&page_size=100');
    expect(events.status).toBe(200);
    const kinds = events.body.body.events.map(
      (e: { event_type: string; data: { action: string } }) => `${e.event_type}:${e.data.action}`,
    );
    expect(kinds).toEqual([
      'USER_CHANGE:CREATE',
      'GROUP_CHANGE:CREATE',
      'GROUP_MEMBERSHIP_CHANGE:ADD',
      'GROUP_MEMBERSHIP_CHANGE:REMOVE',
      'USER_CHANGE:DELETE',
    ]);
    for (const e of events.body.body.events) {
      expect(e.outcome).toBe('SUCCESS');
      expect(e.actor).toMatchObject({ type: 'ApiClient', id: h.em.credentials.workforce.clientId });
      expect(typeof e.event_recorded_millis).toBe('number');
    }
    expect(h.em.outbox()).toEqual([
      expect.objectContaining({ kind: 'workforce.enrolment', to: 'ada@example.com', user_id: id }),
    ]);
  });

  it('creates and recovers a legacy user, with e-mails and events', async () => {
    const h = await harness();
    const body = {
      external_id: 'crm-9',
      email: 'grace@example.com',
      user_name: 'grace',
      display_name: 'Grace Hopper',
      binding_token_delivery_method: 'email',
    };
    const created = await h.legacy('POST', '/v1/manage/users', { body });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ external_id: 'crm-9', status: 'USER_STATUS_ACTIVE' });
    expect((await h.legacy('POST', '/v1/manage/users', { body })).status).toBe(409);
    const recovered = await h.legacy('POST', '/v1/manage/recover-user', {
      body: { external_id: 'crm-9', binding_token_delivery_method: 'email' },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.internal_id).toBe(created.body.internal_id);
    const unknown = await h.legacy('POST', '/v1/manage/recover-user', {
      body: { external_id: 'nobody', binding_token_delivery_method: 'email' },
    });
    expect(unknown.status).toBe(404);
    expect((await h.legacy('POST', '/v1/manage/users', { body, token: 'wrong' })).status).toBe(401);
    expect(h.em.outbox().map((m) => [m.kind, m.to])).toEqual([
      ['legacy.enrolment', 'grace@example.com'],
      ['legacy.recovery', 'grace@example.com'],
    ]);
    const events = await h.events('?ordering=desc&event_type=user_change');
    expect(
      events.body.body.events.map(
        (e: { event_type: string; data: { action: string } }) => `${e.event_type}:${e.data.action}`,
      ),
    ).toEqual(['USER_CHANGE:CREATE']);
    const enrol = await h.events('?ordering=desc&event_type=ENROLLMENT_CHANGE');
    expect(enrol.body.body.events).toHaveLength(1);
  });
});
