// A realm's SCIM server against a scripted fake: where it lives (under the realm, on the
// management API's base URL), `count`/`startIndex` paging until `totalResults`, bodies sent as
// `application/json`, member changes in chunks (one member per remove), and the group PATCH
// rules checked before sending.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { NotFoundError, ValidationError } from '@x/runtime';
import { type JsonHandler, startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf } from './support/fake.js';

const SCIM = '/api/v1/tenants/t-1/realms/r-1/scim/v2';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A fake and the SCIM server of realm `r-1` on it, under the management API's `/api` base. */
async function fakeScim(handler: JsonHandler = () => ({ status: 200, body: {} })) {
  const fake = await startJsonFake(handler);
  closers.push(fake.close);
  const access = createAccessClient({
    baseUrl: `${fake.url}/api`,
    tenantId: 't-1',
    auth: staticToken('unit-test-token'),
    retry: false,
  });
  return { ...fake, scim: access.realm('r-1').scim };
}

/** `total` users served `count` at a time from `startIndex`, as RFC 7644 pages them. */
function usersServer(total: number): JsonHandler {
  return ({ url }) => {
    const start = Number(url.searchParams.get('startIndex') ?? 1);
    const count = Number(url.searchParams.get('count') ?? 0);
    const ids = Array.from({ length: Math.max(0, Math.min(count, total - start + 1)) }, (_, i) => ({
      id: `u-${start + i}`,
    }));
    return {
      status: 200,
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: total,
        startIndex: start,
        itemsPerPage: ids.length,
        Resources: ids,
      },
    };
  };
}

describe('the SCIM server of a realm', () => {
  it("lives under the realm on the management API's base URL, and takes JSON", async () => {
    const { scim, requests } = await fakeScim(() => ({ status: 201, body: { id: 'u-1' } }));
    await scim.users.create({ userName: 'ada' });
    const [request] = requests;
    expect(request!.url.pathname).toBe(`${SCIM}/Users`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBe('Bearer unit-test-token');
  });

  it('lists page by startIndex and count until totalResults', async () => {
    const { scim, requests } = await fakeScim(usersServer(5));
    const users = await scim.users.list({ count: 2 }).toArray();
    expect(users.map((u) => u.id)).toEqual(['u-1', 'u-2', 'u-3', 'u-4', 'u-5']);
    expect(
      requests.map((r) => [r.url.searchParams.get('startIndex'), r.url.searchParams.get('count')]),
    ).toEqual([
      ['1', '2'],
      ['3', '2'],
      ['5', '2'],
    ]);
  });

  it('always sends a count (the server returns none without one) and starts where asked', async () => {
    const { scim, requests } = await fakeScim(usersServer(250));
    const page = await scim.groups.list({ startIndex: 101 });
    expect(page.position).toBe(101);
    expect(page.next).toBe(201);
    expect(requests[0]!.url.searchParams.get('count')).toBe('100');
    expect(requests[0]!.url.pathname).toBe(`${SCIM}/Groups`);
  });

  it('a group gets the vendor extension URN when its description is sent', async () => {
    const { scim, requests } = await fakeScim();
    await scim.groups.create({
      displayName: 'Support',
      'urn:scim:schemas:extension:vendor:1.0:Group': { description: 'Tier 1' },
    });
    expect(requests[0]!.body).toEqual({
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'urn:scim:schemas:extension:vendor:1.0:Group',
      ],
      displayName: 'Support',
      'urn:scim:schemas:extension:vendor:1.0:Group': { description: 'Tier 1' },
    });
  });

  it('a user read back is replaced without its read-only attributes', async () => {
    const { scim, requests } = await fakeScim();
    const user = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User' as const],
      id: 'u-1',
      userName: 'ada',
      active: true,
      meta: {
        resourceType: 'User',
        created: '2026-01-01T00:00:00Z',
        lastModified: '2026-01-01T00:00:00Z',
        location: 'Users/u-1',
        version: 'W/"1"',
      },
    };
    await scim.users.replace(user.id, { ...user, active: false });
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'ada',
      active: false,
    });
  });
});

describe('SCIM group members', () => {
  const userIds = Array.from({ length: 2001 }, (_, i) => `u-${i % 2000}`);

  it('are added in requests of at most 1000 members, duplicates dropped', async () => {
    const { scim, requests } = await fakeScim(() => ({ status: 200, body: { id: 'g-1' } }));
    expect(await scim.groups.addMembers('g-1', userIds)).toEqual({ id: 'g-1' });
    const sizes = requests.map(
      (r) => (r.body as { Operations: { value: unknown[] }[] }).Operations[0]!.value.length,
    );
    expect(sizes).toEqual([1000, 1000]);
    for (const r of requests) expect(r.url.pathname).toBe(`${SCIM}/Groups/g-1`);
  });

  it('are removed one per request; a failure names the member with its own error class', async () => {
    let calls = 0;
    const { scim, requests } = await fakeScim(() =>
      ++calls === 2
        ? { status: 404, body: { schemas: [], status: '404', detail: 'no such member' } }
        : { status: 200, body: {} },
    );
    const error = await failureOf(() => scim.groups.removeMembers('g-1', ['u-1', 'u-2', 'u-3']));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).scim?.detail).toBe('no such member');
    expect((error as NotFoundError).batch).toEqual({
      chunkIndex: 1,
      chunkCount: 3,
      chunkIds: ['u-2'],
      succeededIds: ['u-1'],
      pendingIds: ['u-3'],
      notAppliedIds: ['u-2', 'u-3'],
    });
    expect(requests.map((r) => r.body)).toEqual(
      ['u-1', 'u-2'].map((value) => ({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'remove', path: 'members', value: [{ value }] }],
      })),
    );
  });
});

describe('the group PATCH rules are checked before sending', () => {
  // biome-ignore lint/suspicious/noExplicitAny: what untyped callers pass is tested
  const PATCHES: [string, any[], string][] = [
    ['no operation', [], 'operations'],
    ['an unknown op', [{ op: 'move', path: 'members', value: [] }], 'operations[0].op'],
    [
      'a member without id',
      [{ op: 'add', path: 'members', value: [{}] }],
      'operations[0].value[0].value',
    ],
    ['a rename of members', [{ op: 'replace', path: 'members', value: [] }], 'operations[0].path'],
    ['an add of the name', [{ op: 'add', path: 'displayName', value: 'x' }], 'operations[0].path'],
    [
      'a batch remove',
      [{ op: 'remove', path: 'members', value: [{ value: 'a' }, { value: 'b' }] }],
      'operations[0].value',
    ],
    [
      'name and members in one operation',
      [{ op: 'replace', value: { displayName: 'x', members: [] } }],
      'operations[0].value.members',
    ],
    [
      'name and members in one request',
      [
        { op: 'replace', value: { displayName: 'x' } },
        { op: 'add', value: { members: [{ value: 'a' }] } },
      ],
      'operations',
    ],
    ['an empty name', [{ op: 'replace', path: 'displayName', value: ' ' }], 'operations[0].value'],
    [
      'a stray member',
      [{ op: 'add', path: 'members', value: [], from: 'x' }],
      'operations[0].from',
    ],
  ];

  it.each(PATCHES)('%s', async (_name, operations, field) => {
    const { scim, requests } = await fakeScim();
    const error = await failureOf(() => scim.groups.patch('g-1', operations));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    expect(requests).toHaveLength(0);
  });

  it('sends a rename and a member change in the two forms the RFC allows', async () => {
    const { scim, requests } = await fakeScim();
    await scim.groups.patch('g-1', [{ op: 'replace', value: { displayName: 'Tier 2' } }]);
    await scim.groups.patch('g-1', [
      { op: 'add', path: 'members', value: [{ value: 'u-1' }, { value: 'u-2' }] },
      { op: 'remove', value: { members: [{ value: 'u-3' }] } },
    ]);
    expect(requests.map((r) => (r.body as { Operations: unknown[] }).Operations)).toEqual([
      [{ op: 'replace', value: { displayName: 'Tier 2' } }],
      [
        { op: 'add', path: 'members', value: [{ value: 'u-1' }, { value: 'u-2' }] },
        { op: 'remove', value: { members: [{ value: 'u-3' }] } },
      ],
    ]);
  });
});

describe('an explicit scimBaseUrl', () => {
  it('overrides the realm path', async () => {
    const fake = await startJsonFake(() => ({ status: 200, body: {} }));
    closers.push(fake.close);
    const access = createAccessClient({
      baseUrl: 'https://access.example.com',
      scimBaseUrl: `${fake.url}/custom/scim`,
      tenantId: 't-1',
      retry: false,
    });
    await access.realm('r-1').scim.serviceProviderConfig();
    expect(fake.requests[0]!.url.pathname).toBe('/custom/scim/ServiceProviderConfig');
  });
});
