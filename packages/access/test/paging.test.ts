import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { BadRequestError, PaginationError } from '@x/runtime';
import { type JsonHandler, startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

const IDENTITIES = '/v1/tenants/t-1/realms/r-1/identities';
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fake(handler: JsonHandler) {
  const server = await startJsonFake(handler);
  close = server.close;
  const access = createAccessClient({
    baseUrl: server.url,
    tenantId: 't-1',
    auth: staticToken('unit-test-token'),
    retry: false,
  });
  return { ...server, realm: access.realm('r-1'), access };
}

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

describe('page-token paging against a fake server', () => {
  const threePages = [
    { ids: ['a', 'b', 'c'], next: 'page-1' },
    { ids: ['d', 'e', 'f'], next: 'page-2' },
    { ids: ['g'] },
  ];

  it('walks 3 pages, keeps the filter and skip on every request, yields each item once and stops without a token', async () => {
    const { realm, requests } = await fake(identitiesServer(threePages));
    const ids: string[] = [];
    for await (const identity of realm.identities.list({ username: 'ada', skip: 1, pageSize: 3 }))
      ids.push(identity.id!);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.url.searchParams.get('filter')).toBe('traits.username eq "ada"');
      expect(request.url.searchParams.get('skip')).toBe('1');
      expect(request.url.searchParams.get('page_size')).toBe('3');
      expect(request.headers.authorization).toBe('Bearer unit-test-token');
    }
    expect(requests.map((r) => r.url.searchParams.get('page_token'))).toEqual([
      null,
      'page-1',
      'page-2',
    ]);
  });

  it('a page request with a different filter gets the 400 the reference describes', async () => {
    const { realm } = await fake(identitiesServer(threePages));
    const first = await realm.identities.listPage({ username: 'ada' });
    expect(first.next_page_token).toBe('page-1');
    await expect(
      realm.identities.listPage({ username: 'grace', pageToken: first.next_page_token! }),
    ).rejects.toBeInstanceOf(BadRequestError);
    // The same filter with the token is accepted.
    const second = await realm.identities.listPage({ username: 'ada', pageToken: 'page-1' });
    expect(second.identities?.map((i) => i.id)).toEqual(['d', 'e', 'f']);
  });

  it('every listPage checks its page token as list does: an empty or non-string token is refused, nothing is sent', async () => {
    const { realm, requests } = await fake(() => ({ status: 200, body: {} }));
    const bad = ['', 5 as unknown as string];
    // Thunks, so that each call starts only when it is awaited.
    const pageCalls = (pageToken: string) => [
      () => realm.identities.listPage({ pageToken }),
      () => realm.groups.listPage({ pageToken }),
      () => realm.groups.listMembersPage('g-1', { pageToken }),
      () => realm.identities.listGroupsPage('i-1', { pageToken }),
      () => realm.applications.listPage({ pageToken }),
      () => realm.authenticatorConfigs.listPage({ pageToken }),
    ];
    for (const pageToken of bad)
      for (const call of pageCalls(pageToken))
        await expect(call()).rejects.toThrow(/^pageToken: must be a non-empty string/);
    expect(requests).toHaveLength(0);
  });

  it('resumes from a page token and keeps the filter', async () => {
    const { realm, requests } = await fake(identitiesServer(threePages));
    await realm.identities.listPage({ username: 'ada' });
    const rest = await realm.identities.list({ username: 'ada', pageToken: 'page-1' }).toArray();
    expect(rest.map((i) => i.id)).toEqual(['d', 'e', 'f', 'g']);
    expect(requests.slice(1).every((r) => r.url.searchParams.get('filter') !== null)).toBe(true);
  });

  it('stops on an empty page even when it carries a token', async () => {
    const { realm, requests } = await fake(
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
    const { realm, requests } = await fake(identitiesServer([{ ids: [] }]));
    await realm.identities.listPage({ username: 'a"b\\c' });
    expect(requests[0]!.url.searchParams.get('filter')).toBe('traits.username eq "a\\"b\\\\c"');
  });

  it('a failing page gives PaginationError with where to resume', async () => {
    let calls = 0;
    const { realm } = await fake(() =>
      ++calls === 1
        ? { status: 200, body: { groups: [{ id: 'g-1' }], next_page_token: 'page-1' } }
        : { status: 500, body: { code: 'internal_server_error' } },
    );
    const error = await realm.groups
      .list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).resumeFrom).toBe('page-1');
    expect((error as PaginationError).itemsDelivered).toBe(1);
  });

  it('the SSO listing keeps one x-correlation_id and its query across pages', async () => {
    const { realm, requests } = await fake(({ url }) => {
      const token = url.searchParams.get('page_token');
      const next = token === null ? 'p1' : token === 'p1' ? 'p2' : undefined;
      return {
        status: 200,
        body: { sso_configs: [{ id: token ?? 'p0' }], ...(next ? { next_page_token: next } : {}) },
      };
    });
    const configs = await realm.ssoConfigs
      .list({ types: ['generic_saml', 'scim'], isMigrated: true, pageSize: 1 })
      .toArray();
    expect(configs.map((c) => c.id)).toEqual(['p0', 'p1', 'p2']);
    const ids = new Set(requests.map((r) => r.headers['x-correlation_id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const r of requests) {
      expect(r.url.searchParams.getAll('type')).toEqual(['generic_saml', 'scim']);
      expect(r.url.searchParams.get('is_migrated')).toBe('true');
    }
  });

  it('role members page as groups then identities, with skips repeated', async () => {
    const { realm, requests } = await fake(({ url }) =>
      url.searchParams.get('page_token') === null
        ? {
            status: 200,
            body: { groups: [{ id: 'g-1' }], identities: [{ id: 'i-1' }], next_page_token: 'n' },
          }
        : { status: 200, body: { identities: [{ id: 'i-2' }] } },
    );
    const members = await realm
      .roles('rs-1')
      .listMembers('role-1', { groupsSkip: 2, identitiesSkip: 3 })
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

  it('checks page sizes against each list maximum before sending', async () => {
    const { realm, access, requests } = await fake(() => ({ status: 200, body: {} }));
    expect(() => access.realms.list({ pageSize: 201 })).toThrow(/^pageSize: /);
    expect(() => realm.identities.list({ pageSize: 0 })).toThrow(/^pageSize: /);
    expect(() => realm.authenticatorConfigs.list({ pageSize: 101 })).toThrow(/^pageSize: /);
    expect(() => realm.groups.list({ skip: -1 })).toThrow(/^skip: /);
    await expect(realm.ssoConfigs.listPage({ pageSize: 1.5 })).rejects.toThrow(/^pageSize: /);
    expect(requests).toHaveLength(0);
  });
});
