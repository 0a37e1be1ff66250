// The workflows of issue 16, each against a small stateful fake of the workforce API written here
// (it keeps users, groups, memberships, passkeys and SCIM groups, and records every request):
// offboarding a workforce user, natively or through SCIM, and provisioning a group through SCIM
// and patching its members.
import { staticToken } from '@x/auth';
import { type JsonAnswer, type JsonFake, type JsonRequest, startJsonFake } from '@x/testing';
import {
  createWorkforceClient,
  passkeyFilter,
  scimUserFilter,
  type User,
  type WorkforceClient,
} from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParsedFilter, parseScimFilter } from './support/scim-filter-parser.js';

interface FakeUser {
  id: string;
  username: string;
  source: 'native' | 'scim';
}
interface FakePasskey {
  id: string;
  user_id: string;
  user_name: string;
}
interface FakeGroup {
  id: string;
  name: string;
  members: Set<string>;
}

const NOW = '2026-11-12T16:40:00Z';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The state of one tenant, and the API over it. */
class Tenant {
  readonly users = new Map<string, FakeUser>();
  readonly groups = new Map<string, FakeGroup>();
  readonly passkeys = new Map<string, FakePasskey>();
  #next = 0;

  id(prefix: string): string {
    this.#next += 1;
    return `${prefix}-${this.#next}`;
  }

  answer(request: JsonRequest): JsonAnswer {
    const route = `${request.method} ${request.url.pathname}`;
    const param = (at: number) => decodeURIComponent(request.url.pathname.split('/')[at] ?? '');
    const is = (pattern: RegExp) => pattern.test(route);
    if (is(/^GET \/v2\/users\/[^/]+$/)) return this.#user(param(3));
    if (is(/^DELETE \/v2\/users\/[^/]+$/)) return this.#deleteUser(param(3), 'native');
    if (is(/^GET \/v2\/users\/[^/]+\/groups$/)) return this.#groupsOf(param(3), request);
    if (is(/^POST \/v2\/groups\/[^/]+:deleteUsers$/))
      return this.#removeMembers(param(3).replace(/:deleteUsers$/, ''), request);
    if (route === 'GET /v2/passkeys') return this.#passkeyPage(request);
    if (is(/^DELETE \/v2\/passkeys\/[^/]+$/))
      return this.passkeys.delete(param(3)) ? { body: undefined } : notFound('passkey');
    if (route === 'GET /scim/v2/Users') return this.#scimUsers(request);
    if (route === 'POST /scim/v2/Users') return this.#provisionUser(request);
    if (is(/^DELETE \/scim\/v2\/Users\/[^/]+$/)) return this.#deleteUser(param(4), 'scim');
    if (route === 'POST /scim/v2/Groups') return this.#provisionGroup(request);
    if (is(/^PATCH \/scim\/v2\/Groups\/[^/]+$/)) return this.#patchGroup(param(4), request);
    if (is(/^GET \/scim\/v2\/Groups\/[^/]+$/)) {
      const group = this.groups.get(param(4));
      return group ? { body: scimGroupJson(group) } : scimError(404, 'not found');
    }
    return { status: 501, body: { code: 'unimplemented', message: route } };
  }

  #removeMembers(groupId: string, request: JsonRequest): JsonAnswer {
    const group = this.groups.get(groupId);
    if (!group) return notFound('group');
    for (const id of (request.body as { user_ids: string[] }).user_ids) group.members.delete(id);
    return { body: groupJson(group) };
  }

  #user(id: string): JsonAnswer {
    const user = this.users.get(id);
    return user ? { body: userJson(user) } : notFound('user');
  }

  #deleteUser(id: string, through: FakeUser['source']): JsonAnswer {
    const user = this.users.get(id);
    if (!user) return through === 'scim' ? scimError(404, 'not found') : notFound('user');
    // Only SCIM manages what SCIM created.
    if (user.source !== through)
      return through === 'scim'
        ? scimError(400, 'not a SCIM user')
        : { status: 403, body: { code: 'forbidden', message: 'managed through SCIM' } };
    this.users.delete(id);
    for (const group of this.groups.values()) group.members.delete(id);
    return through === 'scim' ? { status: 204 } : { body: undefined };
  }

  #groupsOf(userId: string, request: JsonRequest): JsonAnswer {
    if (!this.users.has(userId)) return notFound('user');
    const groups = [...this.groups.values()].filter((g) => g.members.has(userId));
    const { skip, size } = page(request);
    return {
      body: { groups: groups.slice(skip, skip + size).map(groupJson), total_size: groups.length },
    };
  }

  #passkeyPage(request: JsonRequest): JsonAnswer {
    const filter = request.url.searchParams.get('filter');
    const passkeys = [...this.passkeys.values()].filter(
      (p) => filter === null || matches(parseScimFilter(filter), { user_name: p.user_name }),
    );
    const { skip, size } = page(request);
    return {
      body: {
        passkeys: passkeys.slice(skip, skip + size).map(passkeyJson),
        total_size: passkeys.length,
      },
    };
  }

  #scimUsers(request: JsonRequest): JsonAnswer {
    const filter = request.url.searchParams.get('filter');
    const users = [...this.users.values()].filter(
      (u) =>
        u.source === 'scim' &&
        (filter === null || matches(parseScimFilter(filter), { userName: u.username })),
    );
    const count = Number(request.url.searchParams.get('count') ?? 0);
    const start = Number(request.url.searchParams.get('startIndex') ?? 1);
    const Resources = users.slice(start - 1, start - 1 + count).map(scimUserJson);
    return {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: users.length,
        startIndex: start,
        itemsPerPage: Resources.length,
        Resources,
      },
    };
  }

  #provisionUser(request: JsonRequest): JsonAnswer {
    const { userName } = request.body as { userName: string };
    const user: FakeUser = { id: this.id('scim-user'), username: userName, source: 'scim' };
    this.users.set(user.id, user);
    return { status: 201, body: scimUserJson(user) };
  }

  #provisionGroup(request: JsonRequest): JsonAnswer {
    const body = request.body as { displayName: string; members?: { value: string }[] };
    if ([...this.groups.values()].some((g) => g.name === body.displayName))
      return scimError(409, 'a group of that name exists');
    const group: FakeGroup = {
      id: this.id('scim-group'),
      name: body.displayName,
      members: new Set((body.members ?? []).map((m) => m.value)),
    };
    this.groups.set(group.id, group);
    return { status: 201, body: scimGroupJson(group) };
  }

  /** The platform's rules of a group PATCH, enforced as the server would. */
  #patchGroup(id: string, request: JsonRequest): JsonAnswer {
    const group = this.groups.get(id);
    if (!group) return scimError(404, 'not found');
    const { Operations } = request.body as {
      Operations: { op: string; value: { displayName?: string; members?: { value: string }[] } }[];
    };
    for (const { op, value } of Operations) {
      if (op === 'replace' && value.members) return scimError(400, 'name and members together');
      if (op === 'remove' && (value.members?.length ?? 0) !== 1)
        return scimError(400, 'batch remove is unsupported');
      if (op === 'replace') group.name = value.displayName ?? group.name;
      for (const member of value.members ?? [])
        if (op === 'add') group.members.add(member.value);
        else group.members.delete(member.value);
    }
    return { body: scimGroupJson(group) };
  }
}

function page(request: JsonRequest) {
  return {
    skip: Number(request.url.searchParams.get('skip') ?? 0),
    size: Number(request.url.searchParams.get('page_size') ?? 0),
  };
}

/** Evaluates the `eq` comparisons the workflows send. */
function matches(filter: ParsedFilter, fields: Record<string, string>): boolean {
  return (
    filter.type === 'compare' &&
    filter.operator === 'eq' &&
    fields[filter.attribute] === filter.value
  );
}

const userJson = (u: FakeUser) => ({
  id: u.id,
  tenant_id: 't-1',
  create_time: NOW,
  update_time: NOW,
  username: u.username,
  state: 'ACTIVE',
  source: u.source,
});
const groupJson = (g: FakeGroup) => ({
  id: g.id,
  tenant_id: 't-1',
  create_time: NOW,
  update_time: NOW,
  name: g.name,
  member_count: g.members.size,
});
const passkeyJson = (p: FakePasskey) => ({ id: p.id, user_id: p.user_id, user_name: p.user_name });
const meta = (type: string, id: string) => ({
  resourceType: type,
  created: NOW,
  lastModified: NOW,
  location: `${type}s/${id}`,
  version: 'W/"1"',
});
const scimUserJson = (u: FakeUser) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: u.id,
  userName: u.username,
  displayName: u.username,
  active: true,
  meta: meta('User', u.id),
});
const scimGroupJson = (g: FakeGroup) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  id: g.id,
  displayName: g.name,
  members: [...g.members].map((value) => ({ value, type: 'User' })),
  meta: meta('Group', g.id),
});
const notFound = (type: string): JsonAnswer => ({
  status: 404,
  body: {
    code: 'not_found',
    message: 'resource not found',
    details: [{ type: 'ResourceInfo', resource_type: type, id: '?', description: 'not found' }],
  },
});
const scimError = (status: number, detail: string): JsonAnswer => ({
  status,
  body: { schemas: [SCIM_ERROR], status: String(status), detail },
});

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(tenant: Tenant): Promise<WorkforceClient> {
  server = await startJsonFake((request) => tenant.answer(request));
  return createWorkforceClient({ baseUrl: server.url, auth: staticToken('t'), retry: false });
}

const requests = () => server!.requests.map((r) => `${r.method} ${r.url.pathname}`);

/**
 * Offboards a workforce user: its passkeys are deleted; a native user is removed from every group
 * and deleted, a user provisioned through SCIM is deprovisioned through SCIM (only SCIM manages
 * what SCIM created). The lists are read whole before anything changes: deleting while paging by
 * offset would shift the pages under the listing.
 */
async function offboard(workforce: WorkforceClient, userId: string): Promise<User> {
  const user = await workforce.users.get(userId);
  const filter =
    user.username === undefined ? undefined : passkeyFilter.user_name.eq(user.username);
  const passkeys = await workforce.passkeys.list({ filter }).toArray();
  for (const passkey of passkeys)
    if (passkey.user_id === user.id) await workforce.passkeys.delete(passkey.id);
  if (user.source === 'scim' && user.username !== undefined) {
    const { items } = await workforce.scim.users.list({
      filter: scimUserFilter.userName.eq(user.username),
    });
    for (const scimUser of items) await workforce.scim.users.delete(scimUser.id);
    return user;
  }
  const groups = await workforce.users.groups.list(user.id).toArray();
  for (const group of groups) await workforce.groups.members.remove(group.id, [user.id]);
  await workforce.users.delete(user.id);
  return user;
}

describe('offboard a workforce user', () => {
  function tenantWith(source: FakeUser['source']): Tenant {
    const tenant = new Tenant();
    tenant.users.set('ada', { id: 'ada', username: 'ada', source });
    tenant.users.set('grace', { id: 'grace', username: 'grace', source: 'native' });
    // More groups than one page holds, so that the listing pages.
    for (let i = 0; i < 120; i++)
      tenant.groups.set(`g${i}`, {
        id: `g${i}`,
        name: `group ${i}`,
        members: new Set(i % 2 === 0 ? ['ada', 'grace'] : ['grace']),
      });
    tenant.passkeys.set('pk-1', { id: 'pk-1', user_id: 'ada', user_name: 'ada' });
    tenant.passkeys.set('pk-2', { id: 'pk-2', user_id: 'ada', user_name: 'ada' });
    tenant.passkeys.set('pk-3', { id: 'pk-3', user_id: 'grace', user_name: 'grace' });
    return tenant;
  }

  it('a native user leaves every group, loses its passkeys and is deleted', async () => {
    const tenant = tenantWith('native');
    const workforce = await start(tenant);
    await offboard(workforce, 'ada');
    expect(tenant.users.has('ada')).toBe(false);
    expect([...tenant.groups.values()].filter((g) => g.members.has('ada'))).toEqual([]);
    expect([...tenant.groups.values()].every((g) => g.members.has('grace'))).toBe(true);
    expect([...tenant.passkeys.keys()]).toEqual(['pk-3']);
    const sent = requests();
    expect(sent.filter((r) => r.endsWith(':deleteUsers'))).toHaveLength(60);
    expect(sent.filter((r) => r === 'GET /v2/users/ada/groups')).toHaveLength(1);
    expect(sent.at(-1)).toBe('DELETE /v2/users/ada');
    // The passkeys were looked up by the user's name.
    const lookup = server!.requests.find((r) => r.url.pathname === '/v2/passkeys')!;
    expect(lookup.url.searchParams.get('filter')).toBe('user_name eq "ada"');
  });

  it('a user provisioned through SCIM is deprovisioned through SCIM', async () => {
    const tenant = tenantWith('scim');
    const workforce = await start(tenant);
    await offboard(workforce, 'ada');
    expect(tenant.users.has('ada')).toBe(false);
    expect([...tenant.groups.values()].some((g) => g.members.has('ada'))).toBe(false);
    expect([...tenant.passkeys.keys()]).toEqual(['pk-3']);
    const sent = requests();
    expect(sent).toContain('DELETE /scim/v2/Users/ada');
    expect(sent).not.toContain('DELETE /v2/users/ada');
    expect(sent.some((r) => r.endsWith(':deleteUsers'))).toBe(false);
    const lookup = server!.requests.find((r) => r.url.pathname === '/scim/v2/Users')!;
    expect(lookup.url.searchParams.get('filter')).toBe('userName eq "ada"');
  });
});

describe('provision a workforce group through SCIM and patch its members', () => {
  it('creates users and a group, adds and removes members, renames it', async () => {
    const tenant = new Tenant();
    const workforce = await start(tenant);
    const [ada, grace, alan] = await Promise.all(
      ['ada', 'grace', 'alan'].map((name) =>
        workforce.scim.users.create({
          externalId: `hr-${name}`,
          userName: name,
          displayName: name,
          active: true,
          emails: [{ value: `${name}@example.com`, type: 'work', primary: true }],
        }),
      ),
    );
    const group = await workforce.scim.groups.create({
      displayName: 'Engineering',
      members: [{ value: ada!.id, type: 'User' }],
      'urn:scim:schemas:extension:vendor:1.0:Group': { description: 'Product engineering staff' },
    });
    await workforce.scim.groups.addMembers(group.id, [grace!.id, alan!.id]);
    await workforce.scim.groups.removeMembers(group.id, [ada!.id, alan!.id]);
    await workforce.scim.groups.patch(group.id, [
      { op: 'replace', value: { displayName: 'Platform Engineering' } },
    ]);
    const after = await workforce.scim.groups.get(group.id);
    expect(after.displayName).toBe('Platform Engineering');
    expect(after.members?.map((m) => m.value)).toEqual([grace!.id]);

    const create = server!.requests.find((r) => r.url.pathname === '/scim/v2/Groups')!;
    expect(create.body).toMatchObject({
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'urn:scim:schemas:extension:vendor:1.0:Group',
      ],
      displayName: 'Engineering',
    });
    const patches = server!.requests
      .filter((r) => r.method === 'PATCH')
      .map((r) => (r.body as { Operations: { op: string }[] }).Operations.map((o) => o.op));
    // One add with both members, one remove per member, a rename of its own.
    expect(patches).toEqual([['add'], ['remove', 'remove'], ['replace']]);
  });

  it('the fake refuses what the SDK refuses first: the SDK never sends a batch remove', async () => {
    const tenant = new Tenant();
    const workforce = await start(tenant);
    const group = await workforce.scim.groups.create({ displayName: 'Finance' });
    await expect(
      workforce.scim.groups.patch(group.id, [
        { op: 'remove', value: { members: [{ value: 'a' }, { value: 'b' }] } as never },
      ]),
    ).rejects.toThrow(/batch remove is unsupported/);
    expect(requests().filter((r) => r.startsWith('PATCH'))).toEqual([]);
  });
});
