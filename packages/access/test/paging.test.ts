// Page-token paging of every identity-side list against a scripted fake: the first page's query
// is resent with each token (so the filter and `skip` stay), a failed page throws its own error
// class with where to resume, and a server repeating a token stops with PagingLoopError.
import type { Page, Paginator } from '@x/runtime';
import { BadRequestError, PagingLoopError, ServerError, ValidationError } from '@x/runtime';
import { type JsonHandler, refusalsOf } from '@x/testing';
import { describe, expect, it } from 'vitest';
import { fakeAccess, inRealm, pagedList } from './support/fake.js';

const IDENTITIES = inRealm('/identities');

/** Identities pages keyed by token; a token remembers the filter it was issued for. */
function identitiesServer(pages: { ids: string[]; next?: string }[]): JsonHandler {
  const filterOfToken = new Map<string, string | null>();
  return ({ url }) => {
    if (url.pathname !== IDENTITIES) return { status: 404, body: { code: 'not_found' } };
    const token = url.searchParams.get('page_token');
    const filter = url.searchParams.get('filter');
    if (token !== null && filterOfToken.get(token) !== filter)
      return {
        status: 400,
        body: { code: 'bad_request', message: 'filter differs from the page token' },
      };
    const index = token === null ? 0 : Number(token.replace('page-', ''));
    const page = pages[index]!;
    if (page.next) filterOfToken.set(page.next, filter);
    return {
      status: 200,
      body: {
        identities: page.ids.map((id) => ({ id, display_name: id })),
        total_size: 7,
        ...(page.next ? { next_page_token: page.next } : {}),
      },
    };
  };
}

/** The first page of a list, as a plain promise. */
const firstPage = <T, R>(list: Paginator<T, R>): Promise<Page<T, R>> => list.then((page) => page);

describe('page-token paging against a fake server', () => {
  const threePages = [
    { ids: ['a', 'b', 'c'], next: 'page-1' },
    { ids: ['d', 'e', 'f'], next: 'page-2' },
    { ids: ['g'] },
  ];

  it('walks 3 pages, keeps the filter and skip on every request, yields each item once and stops without a token', async () => {
    const { realm, requests } = await fakeAccess(identitiesServer(threePages));
    const ids: string[] = [];
    for await (const identity of realm.identities.list({ username: 'ada', skip: 1, page_size: 3 }))
      ids.push(identity.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.url.searchParams.get('filter')).toBe('traits.username eq "ada"');
      expect(request.url.searchParams.get('skip')).toBe('1');
      expect(request.url.searchParams.get('page_size')).toBe('3');
      expect(request.headers.authorization).toBe('Bearer unit-test-token-4711');
    }
    expect(requests.map((r) => r.url.searchParams.get('page_token'))).toEqual([
      null,
      'page-1',
      'page-2',
    ]);
  });

  it('a page request with a different filter gets the 400 the reference describes', async () => {
    const { realm } = await fakeAccess(identitiesServer(threePages));
    const first = await realm.identities.list({ username: 'ada' });
    expect(first.raw.next_page_token).toBe('page-1');
    expect(first.next).toBe('page-1');
    await expect(
      firstPage(
        realm.identities.list({ username: 'grace', page_token: first.raw.next_page_token! }),
      ),
    ).rejects.toBeInstanceOf(BadRequestError);
    // The same filter with the token is accepted.
    const second = await realm.identities.list({ username: 'ada', page_token: 'page-1' });
    expect(second.items.map((i) => i.id)).toEqual(['d', 'e', 'f']);
    // …and so is the page the first one leads to.
    expect((await first.nextPage())?.items.map((i) => i.id)).toEqual(['d', 'e', 'f']);
  });

  it('every list checks its page token: an empty or non-string token is refused, nothing is sent', async () => {
    const { realm, access, requests } = await fakeAccess();
    const bad = ['', 5 as unknown as string];
    const lists = (pageToken: string) => [
      () => access.realms.list({ page_token: pageToken }),
      () => realm.identities.list({ page_token: pageToken }),
      () => realm.groups.list({ page_token: pageToken }),
      () => realm.groups.members.list('g-1', { page_token: pageToken }),
      () => realm.groups.roles.list('g-1', { resource_server_id: 'rs-1', page_token: pageToken }),
      () => realm.identities.groups.list('i-1', { page_token: pageToken }),
      () => realm.identities.roles.list('i-1', { page_token: pageToken }),
      () => realm.identities.credentials.list('i-1', { page_token: pageToken }),
      () => realm.identities.credentialBindingJobs.list('i-1', { page_token: pageToken }),
      () => realm.resourceServers.list({ page_token: pageToken }),
      () => realm.resourceServers.roles.list('rs-1', { page_token: pageToken }),
      () => realm.resourceServers.roles.members.list('rs-1', 'role-1', { page_token: pageToken }),
      () => realm.resourceServers.roles.scopes.list('rs-1', 'role-1', { page_token: pageToken }),
    ];
    for (const pageToken of bad)
      for (const list of lists(pageToken))
        await expect(list()).rejects.toThrow(/^page_token: must be a non-empty string/);
    expect(requests).toHaveLength(0);
  });

  it('resumes from a page token and keeps the filter', async () => {
    const { realm, requests } = await fakeAccess(identitiesServer(threePages));
    await realm.identities.list({ username: 'ada' });
    const rest = await realm.identities.list({ username: 'ada', page_token: 'page-1' }).toArray();
    expect(rest.map((i) => i.id)).toEqual(['d', 'e', 'f', 'g']);
    expect(requests.slice(1).every((r) => r.url.searchParams.get('filter') !== null)).toBe(true);
  });

  it('stops on an empty page even when it carries a token', async () => {
    const { realm, requests } = await fakeAccess(
      identitiesServer([
        { ids: ['a'], next: 'page-1' },
        { ids: [], next: 'page-2' },
        { ids: ['never'] },
      ]),
    );
    expect((await realm.identities.list().toArray()).map((i) => i.id)).toEqual(['a']);
    expect(requests).toHaveLength(2);
  });

  it('escapes quotes and backslashes in the username filter', async () => {
    const { realm, requests } = await fakeAccess(identitiesServer([{ ids: [] }]));
    await realm.identities.list({ username: 'a"b\\c' });
    expect(requests[0]!.url.searchParams.get('filter')).toBe('traits.username eq "a\\"b\\\\c"');
  });

  it('a failing page throws its own error class, with where to resume', async () => {
    let calls = 0;
    const { realm } = await fakeAccess(() =>
      ++calls === 1
        ? { status: 200, body: { groups: [{ id: 'g-1' }], next_page_token: 'page-1' } }
        : { status: 500, body: { code: 'internal_server_error' } },
    );
    const error = await realm.groups
      .list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).paging?.resumeFrom).toBe('page-1');
    expect((error as ServerError).paging?.itemsDelivered).toBe(1);
    expect((error as ServerError).paging?.page).toBe(2);
  });

  it('a server that repeats a page token stops with PagingLoopError after that page', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { roles: [{ id: 'r' }], next_page_token: 'same' },
    }));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const role of realm.resourceServers.roles.list('rs-1')) seen.push(role.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingLoopError);
    expect((error as PagingLoopError).paging?.resumeFrom).toBe('same');
    expect(seen).toEqual(['r', 'r']);
    expect(requests).toHaveLength(2);
  });

  it('maxPages and limit stop a listing', async () => {
    const items = Array.from({ length: 9 }, (_, i) => ({ id: `c-${i}` }));
    const { realm, requests } = await fakeAccess(pagedList('credentials', items));
    const { credentials } = realm.identities;
    expect(await credentials.list('i-1', {}, { maxPages: 2 }).toArray()).toEqual(items.slice(0, 4));
    expect(requests).toHaveLength(2);
    expect(await credentials.list('i-1', { page_size: 4 }, { limit: 5 }).toArray()).toEqual(
      items.slice(0, 5),
    );
    expect(requests).toHaveLength(4);
    expect((await credentials.list('i-1', {}, { limit: 1 }).toArray()).map((c) => c.id)).toEqual([
      'c-0',
    ]);
    const pages = [];
    for await (const page of credentials.list('i-1', { page_size: 4 }).pages())
      pages.push(page.items.length);
    expect(pages).toEqual([4, 4, 1]);
  });

  it('role members page as groups then identities, with skips repeated', async () => {
    const { realm, requests } = await fakeAccess(({ url }) =>
      url.searchParams.get('page_token') === null
        ? {
            status: 200,
            body: { groups: [{ id: 'g-1' }], identities: [{ id: 'i-1' }], next_page_token: 'n' },
          }
        : { status: 200, body: { identities: [{ id: 'i-2' }] } },
    );
    const members = await realm.resourceServers.roles.members
      .list('rs-1', 'role-1', { groups_skip: 2, identities_skip: 3 })
      .toArray();
    expect(members).toEqual([
      { type: 'group', group: { id: 'g-1' } },
      { type: 'identity', identity: { id: 'i-1' } },
      { type: 'identity', identity: { id: 'i-2' } },
    ]);
    for (const r of requests) {
      expect(r.url.searchParams.get('groups_skip')).toBe('2');
      expect(r.url.searchParams.get('identities_skip')).toBe('3');
    }
  });

  it('the lists with no published paging are one response: nothing to page with is sent or followed', async () => {
    const cases = [
      ['job_results', (a: Ctx) => a.realm.batchCredentialBindingJobs.listResults('b-1')],
      [
        'tokens',
        (a: Ctx) => a.realm.applications.tokens.list('app-1', { principal_type: 'application' }),
      ],
    ] as const;
    for (const [key, list] of cases) {
      // The fake answers 2 of 5 items with a next_page_token, which no parameter can carry back.
      const ctx = await fakeAccess(pagedList(key, ['x-1', 'x-2', 'x-3', 'x-4', 'x-5']));
      expect(await list(ctx).toArray(), key).toEqual(['x-1', 'x-2']);
      expect(ctx.requests, key).toHaveLength(1);
      const query = ctx.requests[0]!.url.searchParams;
      expect([query.has('page_token'), query.has('page_size')], key).toEqual([false, false]);
    }
  });

  it('the page-token lists walk every page of every list', async () => {
    const cases = [
      ['realms', (a: Ctx) => a.access.realms.list()],
      ['groups', (a: Ctx) => a.realm.groups.list()],
      ['identities', (a: Ctx) => a.realm.groups.members.list('g-1')],
      ['roles', (a: Ctx) => a.realm.groups.roles.list('g-1', { resource_server_id: 'rs-1' })],
      ['groups', (a: Ctx) => a.realm.identities.groups.list('i-1')],
      ['roles', (a: Ctx) => a.realm.identities.roles.list('i-1')],
      ['credential_binding_jobs', (a: Ctx) => a.realm.identities.credentialBindingJobs.list('i-1')],
      ['resource_servers', (a: Ctx) => a.realm.resourceServers.list()],
      ['scopes', (a: Ctx) => a.realm.resourceServers.roles.scopes.list('rs-1', 'role-1')],
    ] as const;
    for (const [key, list] of cases) {
      const items = ['x-1', 'x-2', 'x-3', 'x-4', 'x-5'];
      const ctx = await fakeAccess(pagedList(key, items));
      expect(await list(ctx).toArray(), key).toEqual(items);
      expect(ctx.requests.map((r) => r.url.searchParams.get('page_token'))).toEqual([
        null,
        'page-2',
        'page-4',
      ]);
    }
  });
});

type Ctx = Awaited<ReturnType<typeof fakeAccess>>;

describe('page sizes are checked against each list maximum before sending', () => {
  const lists: [string, number, (a: Ctx, pageSize: number) => unknown][] = [
    ['realms', 200, (a, pageSize) => a.access.realms.list({ page_size: pageSize })],
    ['groups', 200, (a, pageSize) => a.realm.groups.list({ page_size: pageSize })],
    [
      'group members',
      200,
      (a, pageSize) => a.realm.groups.members.list('g', { page_size: pageSize }),
    ],
    ['identities', 200, (a, pageSize) => a.realm.identities.list({ page_size: pageSize })],
    [
      'identity groups',
      200,
      (a, pageSize) => a.realm.identities.groups.list('i', { page_size: pageSize }),
    ],
    [
      'identity roles',
      200,
      (a, pageSize) => a.realm.identities.roles.list('i', { page_size: pageSize }),
    ],
    [
      'credentials',
      200,
      (a, pageSize) => a.realm.identities.credentials.list('i', { page_size: pageSize }),
    ],
    [
      'binding jobs',
      200,
      (a, pageSize) => a.realm.identities.credentialBindingJobs.list('i', { page_size: pageSize }),
    ],
    [
      'roles',
      200,
      (a, pageSize) => a.realm.resourceServers.roles.list('rs', { page_size: pageSize }),
    ],
    [
      'role scopes',
      200,
      (a, pageSize) =>
        a.realm.resourceServers.roles.scopes.list('rs', 'r', { page_size: pageSize }),
    ],
    [
      'role members (groups)',
      200,
      (a, pageSize) =>
        a.realm.resourceServers.roles.members.list('rs', 'r', { groups_page_size: pageSize }),
    ],
    [
      'resource servers',
      100,
      (a, pageSize) => a.realm.resourceServers.list({ page_size: pageSize }),
    ],
  ];

  it.each(lists)('%s: 1 to %i', async (_name, max, list) => {
    const ctx = await fakeAccess();
    for (const pageSize of [0, max + 1, 1.5, -1]) {
      expect(() => list(ctx, pageSize)).not.toThrow();
      const { awaited: error, iterated } = await refusalsOf(() => list(ctx, pageSize));
      expect(error).toBeInstanceOf(ValidationError);
      expect(iterated).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toMatch(/page_size$/);
    }
    expect(() => list(ctx, max)).not.toThrow();
    expect(() => list(ctx, 1)).not.toThrow();
    expect(ctx.requests).toHaveLength(0);
  });

  it('and skip is a non-negative integer', async () => {
    const { realm, access, requests } = await fakeAccess();
    await expect(access.realms.list({ page_size: 201 })).rejects.toThrow(/^page_size: /);
    await expect(realm.identities.list({ page_size: 0 })).rejects.toThrow(/^page_size: /);
    await expect(realm.groups.list({ skip: -1 })).rejects.toThrow(/^skip: /);
    await expect(
      realm.resourceServers.roles.members.list('rs', 'r', { identities_skip: -1 }),
    ).rejects.toThrow(/^identities_skip: /);
    expect(requests).toHaveLength(0);
  });
});
