// The workforce SCIM server: create (201), lists with startIndex/count (count 0 gives none) and
// eq/ne filters only, externalId unique (409), objects created natively readable but not
// manageable through SCIM, PATCH add/replace (not atomic), PUT, DELETE (204), groups.
import { describe, expect, it } from 'vitest';
import { type Harness, harness } from './support/harness.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const scimUser = (n: string, extra: Record<string, unknown> = {}) => ({
  schemas: [CORE],
  externalId: `idp-${n}`,
  userName: n,
  displayName: n.toUpperCase(),
  active: true,
  emails: [
    { value: `${n}@home.example`, type: 'home' },
    { value: `${n}@example.com`, type: 'work', primary: true },
  ],
  name: { givenName: n },
  ...extra,
});
const scim = (h: Harness, method: string, path: string, body?: unknown) =>
  h.workforce(
    method,
    `/scim/v2${path}`,
    body === undefined ? {} : { body, contentType: 'application/json' },
  );

describe('SCIM users', () => {
  it('creates users and lists them with startIndex, count and eq/ne filters', async () => {
    const h = await harness();
    const created = await scim(h, 'POST', '/Users', scimUser('ada'));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({
      userName: 'ada',
      active: true,
      emails: [{ value: 'ada@example.com', primary: true }],
    });
    await scim(h, 'POST', '/Users', scimUser('grace'));
    await h.workforce('POST', '/v2/users', {
      body: {
        user: {
          username: 'native',
          display_name: 'Native',
          external_id: 'n-1',
          email_address: 'n@example.com',
        },
      },
    });

    const none = await scim(h, 'GET', '/Users');
    expect(none.body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    const page = await scim(h, 'GET', '/Users?count=2&startIndex=2');
    expect(page.body.Resources.map((u: { userName: string }) => u.userName)).toEqual([
      'grace',
      'native',
    ]);
    expect(page.body.startIndex).toBe(2);
    const eq = await scim(
      h,
      'GET',
      `/Users?count=10&filter=${encodeURIComponent('userName eq "ADA"')}`,
    );
    expect(eq.body.Resources.map((u: { id: string }) => u.id)).toEqual([created.body.id]);
    const ne = await scim(
      h,
      'GET',
      `/Users?count=10&filter=${encodeURIComponent('externalId ne "idp-ada"')}`,
    );
    expect(ne.body.totalResults).toBe(2);
    const co = await scim(
      h,
      'GET',
      `/Users?count=10&filter=${encodeURIComponent('userName co "a"')}`,
    );
    expect(co.status).toBe(400);
    expect(co.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect(co.body.status).toBe('400');
    expect(
      (await scim(h, 'GET', `/Users?count=10&filter=${encodeURIComponent('displayName eq "x"')}`))
        .status,
    ).toBe(400);
  });

  it('refuses a taken externalId or userName, and bodies the schema refuses', async () => {
    const h = await harness();
    await scim(h, 'POST', '/Users', scimUser('ada'));
    const dup = await scim(h, 'POST', '/Users', scimUser('ada2', { externalId: 'idp-ada' }));
    expect([400, 409]).toContain(dup.status);
    const noPrimary = await scim(
      h,
      'POST',
      '/Users',
      scimUser('bob', { emails: [{ value: 'b@example.com' }] }),
    );
    expect(noPrimary.status).toBe(400);
    expect(noPrimary.body.scimType).toBe('invalidValue');
    const empty = await scim(h, 'POST', '/Users', scimUser('carl', { userName: '' }));
    expect(empty.status).toBe(400);
    // userName is unique without regard to case (RFC 7643 section 4.1.1; GAPS.md).
    const sameName = await scim(h, 'POST', '/Users', scimUser('ADA', { externalId: 'idp-other' }));
    expect(sameName.status).toBe(400);
    expect(sameName.body.scimType).toBe('uniqueness');
    expect((await scim(h, 'GET', '/Users?count=10')).body.totalResults).toBe(1);
  });

  it('keeps an empty primary address: the published value is a string with no length', async () => {
    const h = await harness();
    const created = await scim(
      h,
      'POST',
      '/Users',
      scimUser('dora', { emails: [{ value: '', type: 'work', primary: true }] }),
    );
    expect(created.status).toBe(201);
    expect(created.body.emails).toEqual([{ value: '', type: 'work', primary: true }]);
  });

  it('patches (add, replace; not atomic), replaces and deletes SCIM-created users only', async () => {
    const h = await harness();
    const ada = (await scim(h, 'POST', '/Users', scimUser('ada'))).body;
    const patched = await scim(h, 'PATCH', `/Users/${ada.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'replace', path: 'displayName', value: { displayName: 'Ada King' } },
        { op: 'replace', value: { active: false } },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: 'Ada King', active: false });
    expect(patched.body.meta.version).toBe('W/"2"');
    const partly = await scim(h, 'PATCH', `/Users/${ada.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'add', path: 'name.familyName', value: { familyName: 'Lovelace' } },
        { op: 'replace', path: 'nickName', value: { nickName: 'x' } },
      ],
    });
    expect(partly.status).toBe(400);
    expect((await scim(h, 'GET', `/Users/${ada.id}`)).body.name).toEqual({
      givenName: 'ada',
      familyName: 'Lovelace',
    });
    const native = (
      await h.workforce('POST', '/v2/users', {
        body: {
          user: {
            username: 'nat',
            display_name: 'Nat',
            external_id: 'n',
            email_address: 'nat@example.com',
          },
        },
      })
    ).body;
    const readable = await scim(h, 'GET', `/Users/${native.id}`);
    expect(readable.body).toMatchObject({
      userName: 'nat',
      emails: [{ value: 'nat@example.com', primary: true }],
    });
    const refused = await scim(h, 'PATCH', `/Users/${native.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'displayName', value: { displayName: 'x' } }],
    });
    expect([400, 403]).toContain(refused.status);
    expect(refused.body.detail).toContain('not created through SCIM');
    expect((await scim(h, 'DELETE', `/Users/${native.id}`)).status).not.toBe(204);
    const replaced = await scim(
      h,
      'PUT',
      `/Users/${ada.id}`,
      scimUser('ada', { displayName: 'Replaced', active: true }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: 'Replaced', active: true });
    expect(replaced.body.name).toEqual({ givenName: 'ada' });
    expect((await scim(h, 'DELETE', `/Users/${ada.id}`)).status).toBe(204);
    expect((await scim(h, 'GET', `/Users/${ada.id}`)).status).toBe(404);
    const actions = await h.events(
      '?ordering=asc&event_type=USER_CHANGE&include_not_attested=true&emitting_service=scim',
    );
    expect(
      actions.body.body.events.map((e: { data: { action: string } }) => e.data.action),
    ).toEqual(['CREATE', 'SUSPEND', 'UPDATE', 'ACTIVATE', 'DELETE']);
  });

  it('serves the discovery resources', async () => {
    const h = await harness();
    const config = await scim(h, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      bulk: { supported: false, maxOperations: 1000, maxPayloadSize: 1048576 },
      filter: { supported: true, maxResults: 1000 },
    });
    expect((await scim(h, 'GET', '/Schemas')).body.totalResults).toBeGreaterThan(0);
    expect(
      (await scim(h, 'GET', '/ResourceTypes')).body.Resources.map((r: { id: string }) => r.id),
    ).toEqual(['User', 'Group']);
  });
});

describe('SCIM groups', () => {
  it('creates groups with members, patches names and members, deletes', async () => {
    const h = await harness();
    const ada = (await scim(h, 'POST', '/Users', scimUser('ada'))).body;
    const grace = (await scim(h, 'POST', '/Users', scimUser('grace'))).body;
    const group = await scim(h, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Engineering',
      members: [{ value: ada.id, type: 'User' }],
    });
    expect(group.status).toBe(201);
    expect(group.body.members.map((m: { value: string }) => m.value)).toEqual([ada.id]);
    // The published SCIMGroup requires the vendor extension, even for a group without one sent.
    expect(group.body.schemas).toContain('urn:scim:schemas:extension:vendor:1.0:Group');
    expect(group.body['urn:scim:schemas:extension:vendor:1.0:Group']).toEqual({ description: '' });
    const dup = await scim(h, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'engineering',
    });
    expect(dup.status).toBe(409);
    const patch = (Operations: unknown[]) =>
      scim(h, 'PATCH', `/Groups/${group.body.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations,
      });
    expect(
      (await patch([{ op: 'add', path: 'members', value: { members: [{ value: grace.id }] } }]))
        .status,
    ).toBe(200);
    expect(
      (await patch([{ op: 'remove', path: `members[value eq "${ada.id}"]`, value: {} }])).status,
    ).toBe(200);
    expect(
      (await patch([{ op: 'replace', path: 'displayName', value: { displayName: 'Platform' } }]))
        .status,
    ).toBe(200);
    const batch = await patch([
      { op: 'remove', value: { members: [{ value: grace.id }, { value: ada.id }] } },
    ]);
    expect(batch.status).toBe(400);
    expect(
      (await patch([{ op: 'replace', value: { displayName: 'X', members: [] } }])).status,
    ).toBe(400);
    // The vendor description as published: at most 300 characters, none of `{ } [ ] … $ # …`.
    const describe = (description: string) =>
      patch([
        {
          op: 'replace',
          path: 'urn:scim:schemas:extension:vendor:1.0:Group:description',
          value: { description },
        },
      ]);
    expect((await describe('Platform team, EU shift')).status).toBe(200);
    expect((await describe('$ref')).status).toBe(400);
    expect((await describe('x'.repeat(301))).status).toBe(400);
    // A `Group` member (the reference lists `User` or `Group` types) is left out, not refused.
    expect(
      (
        await patch([
          {
            op: 'add',
            path: 'members',
            value: { members: [{ value: group.body.id, type: 'Group' }] },
          },
        ])
      ).status,
    ).toBe(200);
    const read = await scim(h, 'GET', `/Groups/${group.body.id}`);
    expect(read.body).toMatchObject({ displayName: 'Platform', members: [{ value: grace.id }] });
    expect(read.body['urn:scim:schemas:extension:vendor:1.0:Group']).toEqual({
      description: 'Platform team, EU shift',
    });
    // The native API sees the same group and members.
    const native = await h.workforce('GET', `/v2/groups/${group.body.id}:listUsers?page_size=10`);
    expect(native.body.users.map((u: { id: string }) => u.id)).toEqual([grace.id]);
    expect((await scim(h, 'GET', `/Users/${grace.id}`)).body.groups).toEqual([
      { value: group.body.id, type: 'direct' },
    ]);
    const list = await scim(
      h,
      'GET',
      `/Groups?count=10&filter=${encodeURIComponent('displayName eq "platform"')}`,
    );
    expect(list.body.totalResults).toBe(1);
    const nativeGroup = (
      await h.workforce('POST', '/v2/groups', { body: { group: { name: 'Native' } } })
    ).body;
    expect((await scim(h, 'GET', `/Groups/${nativeGroup.id}`)).status).toBe(200);
    expect((await scim(h, 'DELETE', `/Groups/${nativeGroup.id}`)).status).not.toBe(204);
    expect((await scim(h, 'DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
    expect((await scim(h, 'GET', `/Groups/${group.body.id}`)).status).toBe(404);
  });
});
