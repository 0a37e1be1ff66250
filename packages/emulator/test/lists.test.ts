// The `/v2` lists: offset paging (no `page_size` gives an empty page, at most 1000, `skip`,
// `total_size`), the SCIM filter grammar on the fields and operators each collection allows
// (400 for others), `order_by` with ` desc`, permission groups left out (and 403), partial
// PATCH, and membership changes that ignore users already in or not in the group.
import { describe, expect, it } from 'vitest';
import { type Harness, harness } from './support/harness.js';

async function seedUsers(h: Harness, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await h.workforce('POST', '/v2/users', {
      body: {
        user: {
          username: `user${i}`,
          display_name: `User ${String.fromCharCode(90 - i)}`,
          external_id: `ext-${i}`,
          email_address: `u${i}@example.com`,
        },
      },
    });
    ids.push(res.body.id);
  }
  return ids;
}

describe('offset lists', () => {
  it('pages: no page_size gives an empty page with the total, skip and page_size slice', async () => {
    const h = await harness();
    const ids = await seedUsers(h, 5);
    const none = await h.workforce('GET', '/v2/users');
    expect(none.body).toEqual({ users: [], total_size: 5 });
    const page = await h.workforce('GET', '/v2/users?page_size=2&skip=1');
    expect(page.body.users.map((u: { id: string }) => u.id)).toEqual(ids.slice(1, 3));
    expect(page.body.total_size).toBe(5);
    const past = await h.workforce('GET', '/v2/users?page_size=2&skip=10');
    expect(past.body).toEqual({ users: [], total_size: 5 });
  });

  it('filters with the allowed fields and operators, and refuses the others', async () => {
    const h = await harness();
    const ids = await seedUsers(h, 4);
    const q = async (filter: string) => {
      const res = await h.workforce(
        'GET',
        `/v2/users?page_size=100&filter=${encodeURIComponent(filter)}`,
      );
      return res;
    };
    expect((await q('username sw "user" and not (external_id eq "ext-1")')).body.total_size).toBe(
      3,
    );
    expect(
      (await q('email_address ew "3@example.com" or display_name co "y"')).body.users.map(
        (u: { id: string }) => u.id,
      ),
    ).toEqual([ids[1], ids[3]]);
    expect((await q('has_active_passkey eq false')).body.total_size).toBe(4);
    expect((await q('last_auth_time pr')).body.total_size).toBe(0);
    expect((await q('STATE EQ "ACTIVE"')).status).toBe(400);
    for (const bad of [
      'nickname eq "x"',
      'has_active_passkey co "t"',
      'username gt "a"',
      'username eq true',
      'last_auth_time gt "yesterday"',
      'username eq',
      '(username eq "a"',
    ]) {
      const res = await q(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.details[0].field_violations[0].field, bad).toBe('filter');
    }
    const groups = await h.workforce(
      'GET',
      `/v2/groups?page_size=10&filter=${encodeURIComponent('username eq "a"')}`,
    );
    expect(groups.status).toBe(400);
  });

  it('orders by the sort fields, ascending by default, with desc', async () => {
    const h = await harness();
    const ids = await seedUsers(h, 3);
    const byName = await h.workforce('GET', '/v2/users?page_size=10&order_by=display_name');
    expect(byName.body.users.map((u: { id: string }) => u.id)).toEqual([...ids].reverse());
    const desc = await h.workforce(
      'GET',
      `/v2/users?page_size=10&order_by=${encodeURIComponent('username desc,display_name')}`,
    );
    expect(desc.body.users.map((u: { id: string }) => u.id)).toEqual([...ids].reverse());
    const bad = await h.workforce('GET', '/v2/users?page_size=10&order_by=id');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field_violations[0].field).toBe('order_by');
  });

  it('updates partially and ignores read-only and unknown-to-the-writer fields', async () => {
    const h = await harness({ clock: { start: '2026-05-01T00:00:00Z', frozen: true } });
    const [id] = await seedUsers(h, 1);
    h.em.advanceClock(5_000);
    const res = await h.workforce('PATCH', `/v2/users/${id}`, {
      body: { user: { display_name: 'Ada King' } },
    });
    expect(res.body).toMatchObject({
      id,
      username: 'user0',
      display_name: 'Ada King',
      external_id: 'ext-0',
    });
    expect(res.body.create_time).toBe('2026-05-01T00:00:00.000Z');
    expect(res.body.update_time).toBe('2026-05-01T00:00:05.000Z');
    const clash = await seedUsers(h, 2);
    const dup = await h.workforce('PATCH', `/v2/users/${clash[1]}`, {
      body: { user: { username: 'USER0' } },
    });
    expect(dup.status).toBe(409);
  });
});

describe('groups', () => {
  it('hides permission groups and answers 403 for them', async () => {
    const h = await harness();
    const list = await h.workforce('GET', '/v2/groups?page_size=10');
    expect(list.body).toEqual({ groups: [], total_size: 0 });
    const permission = Object.values(h.em.snapshot().state.workforce.groups).find(
      (g) => g.kind === 'permission',
    )!;
    for (const [method, path, body] of [
      ['GET', `/v2/groups/${permission.id}`, undefined],
      ['PATCH', `/v2/groups/${permission.id}`, { group: { description: 'x' } }],
      ['DELETE', `/v2/groups/${permission.id}`, undefined],
      ['POST', `/v2/groups/${permission.id}:addUsers`, { user_ids: ['x'] }],
      ['GET', `/v2/groups/${permission.id}:listUsers`, undefined],
      ['POST', '/v2/groups', { group: { name: permission.name.toUpperCase() } }],
    ] as const) {
      const res = await h.workforce(method, path, body ? { body } : {});
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('adds and removes members, ignoring those already in or not in the group', async () => {
    const h = await harness();
    const ids = await seedUsers(h, 3);
    const group = (
      await h.workforce('POST', '/v2/groups', {
        body: { group: { name: 'Ops', description: 'On call' } },
      })
    ).body;
    const add = (user_ids: string[]) =>
      h.workforce('POST', `/v2/groups/${group.id}:addUsers`, { body: { id: group.id, user_ids } });
    expect((await add([ids[0]!, ids[1]!])).status).toBe(200);
    expect((await add([ids[1]!, ids[2]!, ids[2]!])).status).toBe(200);
    const members = await h.workforce('GET', `/v2/groups/${group.id}:listUsers?page_size=10`);
    expect(members.body.users.map((u: { id: string }) => u.id)).toEqual(ids);
    const listed = await h.workforce('GET', '/v2/groups?page_size=10');
    expect(listed.body.groups[0].member_count).toBe(3);
    expect((await h.workforce('GET', `/v2/groups/${group.id}`)).body.member_count).toBeUndefined();
    const removed = await h.workforce('POST', `/v2/groups/${group.id}:deleteUsers`, {
      body: { user_ids: [ids[0]!, 'not-a-member'] },
    });
    expect(removed.status).toBe(200);
    const after = await h.workforce(
      'GET',
      `/v2/groups/${group.id}:listUsers?page_size=10&filter=${encodeURIComponent('username eq "user2"')}`,
    );
    expect(after.body.total_size).toBe(1);
    // An id that names no user is left out, as users already in the group are.
    expect((await add(['ghost'])).status).toBe(200);
    expect(
      (await h.workforce('GET', `/v2/groups/${group.id}:listUsers?page_size=10`)).body.total_size,
    ).toBe(2);
    const events = await h.events('?ordering=asc&event_type=GROUP_MEMBERSHIP_CHANGE&page_size=100');
    expect(events.body.body.events.map((e: { data: { action: string } }) => e.data.action)).toEqual(
      ['ADD', 'ADD', 'ADD', 'REMOVE'],
    );
  });

  it('renames with a unique name, filters and orders groups', async () => {
    const h = await harness();
    for (const name of ['Beta', 'Alpha', 'Gamma'])
      await h.workforce('POST', '/v2/groups', { body: { group: { name } } });
    const byName = await h.workforce(
      'GET',
      `/v2/groups?page_size=10&order_by=${encodeURIComponent('name desc')}`,
    );
    expect(byName.body.groups.map((g: { name: string }) => g.name)).toEqual([
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    const filtered = await h.workforce(
      'GET',
      `/v2/groups?page_size=10&filter=${encodeURIComponent('name sw "a" or name ew "A"')}`,
    );
    expect(filtered.body.groups.map((g: { name: string }) => g.name)).toEqual([
      'Beta',
      'Alpha',
      'Gamma',
    ]);
    const beta = byName.body.groups[1];
    expect(
      (await h.workforce('PATCH', `/v2/groups/${beta.id}`, { body: { group: { name: 'alpha' } } }))
        .status,
    ).toBe(409);
    const renamed = await h.workforce('PATCH', `/v2/groups/${beta.id}`, {
      body: { group: { description: 'second' } },
    });
    expect(renamed.body).toMatchObject({ name: 'Beta', description: 'second' });
    expect((await h.workforce('DELETE', `/v2/groups/${beta.id}`)).status).toBe(200);
    expect((await h.workforce('GET', `/v2/groups/${beta.id}`)).status).toBe(404);
  });
});
