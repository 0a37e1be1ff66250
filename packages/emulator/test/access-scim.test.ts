// The realm's SCIM server: users are the realm's identities (`id` is the identity id), groups its
// groups (never with members); startIndex/count (count 0 gives none), eq/ne filters on the
// allowed attributes only, a taken userName or externalId refused with the declared status,
// PATCH rules (users: add/replace, not atomic; groups: name and membership changes apart, one
// member per remove), SCIM objects manageable through SCIM only when created through it, and
// discovery.
import { describe, expect, it } from 'vitest';
import { type AccessHarness, accessHarness, eventKinds } from './support/access.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const user = (n: string, extra: Record<string, unknown> = {}) => ({
  schemas: [CORE],
  userName: n,
  externalId: `idp-${n}`,
  displayName: n.toUpperCase(),
  active: true,
  emails: [{ value: `${n}@home.example` }, { value: `${n}@example.com`, primary: true }],
  name: { givenName: n, familyName: 'Doe' },
  ...extra,
});
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });
const names = (res: { body: { Resources: { userName?: string; displayName?: string }[] } }) =>
  res.body.Resources.map((r) => r.userName ?? r.displayName);

async function scimUser(h: AccessHarness, n: string, extra?: Record<string, unknown>) {
  const res = await h.scim('POST', '/Users', user(n, extra));
  if (res.status !== 201)
    throw new Error(`scim user ${n}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('access SCIM users', () => {
  it('maps users to identities, lists with startIndex/count and eq/ne filters', async () => {
    const h = await accessHarness();
    const ada = await scimUser(h, 'ada', {
      [ENTERPRISE]: { department: 'R&D', manager: { value: 'm-1' } },
      schemas: [CORE, ENTERPRISE],
    });
    expect(ada).toMatchObject({
      userName: 'ada',
      externalId: 'idp-ada',
      active: true,
      emails: [{ value: 'ada@example.com', primary: true }],
      name: { givenName: 'ada', familyName: 'Doe' },
      [ENTERPRISE]: { department: 'R&D', manager: { value: 'm-1' } },
      meta: {
        resourceType: 'User',
        location: expect.stringMatching(
          new RegExp(`/realms/${h.realmId}/scim/v2/Users/${ada.id}$`),
        ),
      },
    });
    const identity = await h.r('GET', `/identities/${ada.id}`);
    expect(identity.body).toMatchObject({
      display_name: 'ADA',
      status: 'active',
      traits: {
        username: 'ada',
        external_id: 'idp-ada',
        primary_email_address: 'ada@example.com',
        department: 'R&D',
      },
    });
    await scimUser(h, 'grace');
    await h.identity('native');

    const none = await h.scim('GET', '/Users');
    expect(none.body).toMatchObject({
      totalResults: 3,
      itemsPerPage: 0,
      startIndex: 1,
      Resources: [],
    });
    expect(names(await h.scim('GET', '/Users?count=2&startIndex=2'))).toEqual(['grace', 'native']);
    expect(
      names(
        await h.scim('GET', `/Users?count=10&filter=${encodeURIComponent('userName eq "ADA"')}`),
      ),
    ).toEqual(['ada']);
    expect(
      names(
        await h.scim(
          'GET',
          `/Users?count=10&filter=${encodeURIComponent('externalId ne "idp-ada"')}`,
        ),
      ),
    ).toEqual(['grace', 'native']);
    const co = await h.scim(
      'GET',
      `/Users?count=10&filter=${encodeURIComponent('userName co "a"')}`,
    );
    expect(co.status).toBe(400);
    expect(co.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect(
      (await h.scim('GET', `/Users?count=10&filter=${encodeURIComponent('displayName eq "ADA"')}`))
        .status,
    ).toBe(400);
    expect((await h.scim('GET', '/Users?count=1001')).status).toBe(400);

    const taken = await h.scim('POST', '/Users', user('ADA', { externalId: 'other' }));
    expect(taken.status).toBe(400);
    expect(taken.body.scimType).toBe('uniqueness');
    expect(
      (await h.scim('POST', '/Users', user('zed', { externalId: 'idp-ada' }))).body.scimType,
    ).toBe('uniqueness');
    expect((await h.scim('GET', '/Users/nobody')).status).toBe(404);
  });

  it('patches (add/replace, not atomic), replaces and deletes only SCIM-created users', async () => {
    const h = await accessHarness();
    const ada = await scimUser(h, 'ada');
    await scimUser(h, 'grace');
    const path = `/Users/${ada.id}`;
    const patched = await h.scim(
      'PATCH',
      path,
      patch(
        { op: 'replace', path: 'displayName', value: 'Ada L.' },
        { op: 'add', value: { 'name.familyName': 'Lovelace', active: false } },
      ),
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      displayName: 'Ada L.',
      active: false,
      name: { familyName: 'Lovelace' },
    });
    expect((await h.r('GET', `/identities/${ada.id}`)).body.status).toBe('suspended');
    // Not atomic: the first operation stays applied when the second fails.
    const partial = await h.scim(
      'PATCH',
      path,
      patch(
        { op: 'replace', path: 'displayName', value: 'Ada' },
        { op: 'replace', path: 'userName', value: 'grace' },
      ),
    );
    expect(partial.status).toBe(400);
    expect((await h.scim('GET', path)).body.displayName).toBe('Ada');
    const remove = await h.scim('PATCH', path, patch({ op: 'remove', path: 'displayName' }));
    expect(remove.status).toBe(400);

    const replaced = await h.scim('PUT', path, user('ada2', { active: true }));
    expect(replaced.body).toMatchObject({ userName: 'ada2', active: true, externalId: 'idp-ada2' });

    const native = await h.identity('native');
    expect((await h.scim('GET', `/Users/${native.id}`)).body.userName).toBe('native');
    const refused = await h.scim(
      'PATCH',
      `/Users/${native.id}`,
      patch({ op: 'replace', path: 'displayName', value: 'x' }),
    );
    expect(refused.status).toBe(403);
    expect((await h.scim('DELETE', `/Users/${native.id}`)).status).toBe(403);
    expect((await h.scim('PUT', `/Users/${native.id}`, user('native'))).status).toBe(403);

    expect((await h.scim('DELETE', path)).status).toBe(204);
    expect((await h.r('GET', `/identities/${ada.id}`)).status).toBe(404);
    const events = await h.events('?ordering=asc&include_not_attested=true&emitting_service=scim');
    expect(events.body.body.events.every((e: { attested: boolean }) => e.attested === false)).toBe(
      true,
    );
    expect(await eventKinds(h, '&emitting_service=scim')).toEqual([
      'USER_CHANGE:CREATE',
      'USER_CHANGE:CREATE',
      'USER_CHANGE:SUSPEND',
      'USER_CHANGE:UPDATE',
      'USER_CHANGE:ACTIVATE',
      'USER_CHANGE:DELETE',
    ]);
  });
});

describe('access SCIM groups and discovery', () => {
  it('creates groups, changes members with PATCH and never returns them', async () => {
    const h = await accessHarness();
    const ada = await scimUser(h, 'ada');
    const bob = await scimUser(h, 'bob');
    const created = await h.scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Engineering',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    expect(created.body.members).toBeUndefined();
    const path = `/Groups/${created.body.id}`;
    const added = await h.scim(
      'PATCH',
      path,
      patch({ op: 'add', path: 'members', value: [{ value: ada.id }, { value: bob.id }] }),
    );
    expect(added.status).toBe(200);
    expect(added.body.members).toBeUndefined();
    const members = await h.r('GET', `/groups/${created.body.id}:listMembers`);
    expect(members.body.identities.map((i: { id: string }) => i.id)).toEqual([ada.id, bob.id]);
    expect(
      (
        await h.scim(
          'PATCH',
          path,
          patch({ op: 'remove', path: 'members', value: [{ value: ada.id }, { value: bob.id }] }),
        )
      ).status,
    ).toBe(400);
    await h.scim('PATCH', path, patch({ op: 'remove', path: `members[value eq "${ada.id}"]` }));
    expect((await h.r('GET', `/groups/${created.body.id}:listMembers`)).body.total_size).toBe(1);
    const mixed = await h.scim(
      'PATCH',
      path,
      patch(
        { op: 'replace', path: 'displayName', value: 'Eng' },
        { op: 'add', path: 'members', value: [{ value: ada.id }] },
      ),
    );
    expect(mixed.status).toBe(400);
    expect((await h.scim('GET', path)).body.displayName).toBe('Engineering');
    const renamed = await h.scim(
      'PATCH',
      path,
      patch({ op: 'replace', path: 'displayName', value: 'Eng' }),
    );
    expect(renamed.body.displayName).toBe('Eng');

    const native = (await h.r('POST', '/groups', { body: { group: { display_name: 'Native' } } }))
      .body;
    expect((await h.scim('GET', `/Groups/${native.id}`)).body.displayName).toBe('Native');
    expect((await h.scim('DELETE', `/Groups/${native.id}`)).status).toBe(403);
    expect(names(await h.scim('GET', '/Groups?count=5'))).toEqual(['Eng', 'Native']);
    expect(
      names(
        await h.scim(
          'GET',
          `/Groups?count=5&filter=${encodeURIComponent('displayName eq "native"')}`,
        ),
      ),
    ).toEqual(['Native']);
    expect(
      (await h.scim('GET', `/Groups?count=5&filter=${encodeURIComponent('displayName sw "N"')}`))
        .status,
    ).toBe(400);
    expect((await h.scim('DELETE', path)).status).toBe(204);
    expect((await h.r('GET', `/groups/${created.body.id}`)).status).toBe(404);
  });

  it('answers discovery, and only under an existing realm of the tenant', async () => {
    const h = await accessHarness();
    const types = await h.scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await h.scim('GET', '/Schemas');
    expect(schemas.body.totalResults).toBe(4);
    const config = await h.scim('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 1000 },
    });
    const elsewhere = await h.t('GET', '/realms/no-realm/scim/v2/Users');
    expect(elsewhere.status).toBe(400);
    expect((await h.scim('GET', '/Users', undefined, { token: null })).status).toBe(401);
  });
});
