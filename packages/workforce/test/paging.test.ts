// Multi-page lists against a local fake server: every item exactly once, page_size (or count)
// always sent, failures as the real error class with where to resume, and no endless listing.
import { staticToken } from '@x/auth';
import { NotFoundError, PagingLoopError, ServerError } from '@x/runtime';
import { type JsonFake, type JsonRequest, startJsonFake } from '@x/testing';
import { createWorkforceClient, scimGroupFilter, userFilter, userOrderBy } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

const TOTAL = 250;
const users = Array.from({ length: TOTAL }, (_, i) => ({ id: `user-${i}`, username: `u${i}` }));
const groups = Array.from({ length: 7 }, (_, i) => ({ id: `group-${i}`, name: `g${i}` }));

/** Serves offset pages like the platform: nothing without page_size, at most 1000. */
function offsetPage<T>(items: readonly T[], key: string, request: JsonRequest) {
  const pageSize = request.url.searchParams.get('page_size');
  const skip = Number(request.url.searchParams.get('skip') ?? 0);
  const size = pageSize === null ? 0 : Math.min(Number(pageSize), 1000);
  return { body: { [key]: items.slice(skip, skip + size), total_size: items.length } };
}

/** Serves SCIM list responses: nothing without count, `startIndex` 1-based. */
function scimPage<T>(items: readonly T[], request: JsonRequest, withTotal = true) {
  const start = Number(request.url.searchParams.get('startIndex') ?? 1);
  const count = Number(request.url.searchParams.get('count') ?? 0);
  const Resources = items.slice(start - 1, start - 1 + count);
  return {
    body: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      ...(withTotal ? { totalResults: items.length } : {}),
      startIndex: start,
      itemsPerPage: Resources.length,
      Resources,
    },
  };
}

const failure = { status: 500, body: { code: 'internal_server_error', message: 'internal error' } };

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(handler: Parameters<typeof startJsonFake>[0]) {
  server = await startJsonFake(handler);
  return createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
}

async function collect<T>(items: AsyncIterable<T>, into: T[]): Promise<unknown> {
  try {
    for await (const item of items) into.push(item);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('offset lists', () => {
  it('users.list yields every user exactly once, sending page_size on every request', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    const seen = [];
    for await (const user of workforce.users.list({
      page_size: 100,
      filter: userFilter.username.sw('u'),
      orderBy: userOrderBy.desc('last_auth_time'),
    }))
      seen.push(user.id);
    expect(seen).toEqual(users.map((u) => u.id));
    const requests = server!.requests;
    expect(requests.map((r) => r.url.searchParams.get('skip'))).toEqual(['0', '100', '200']);
    for (const r of requests) {
      expect(r.url.pathname).toBe('/v2/users');
      expect(r.url.searchParams.get('page_size')).toBe('100');
      expect(r.url.searchParams.get('filter')).toBe('username sw "u"');
      expect(r.url.searchParams.get('order_by')).toBe('last_auth_time desc');
      expect(r.headers.authorization).toBe('Bearer unit-token');
    }
  });

  it('sends the default page size of 100 when none is given', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    const page = (await workforce.users.list()).raw;
    expect(page.users).toHaveLength(100);
    expect(page.total_size).toBe(TOTAL);
    expect(server!.requests[0]!.url.searchParams.get('page_size')).toBe('100');
    expect(server!.requests[0]!.url.searchParams.has('filter')).toBe(false);
  });

  it('pages(), prefetch and toArray({ limit }) see the same items', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    const pages = [];
    for await (const page of workforce.groups.members
      .list('group-1', { page_size: 90 }, { prefetch: true })
      .pages())
      pages.push(page.items.length);
    expect(pages).toEqual([90, 90, 70]);
    expect(server!.requests.every((r) => r.url.pathname === '/v2/groups/group-1:listUsers')).toBe(
      true,
    );
    const first = await workforce.users.list({ page_size: 40 }).toArray({ limit: 50 });
    expect(first.map((u) => u.id)).toEqual(users.slice(0, 50).map((u) => u.id));
  });

  it('starts at skip and pages the other lists too', async () => {
    const workforce = await clientFor((r) =>
      r.url.pathname.endsWith('/groups') || r.url.pathname === '/v2/groups'
        ? offsetPage(groups, 'groups', r)
        : offsetPage(users, 'passkeys', r),
    );
    expect((await workforce.groups.list({ page_size: 3 }).toArray()).map((g) => g.id)).toEqual(
      groups.map((g) => g.id),
    );
    expect(
      await workforce.users.groups.list('user-1', { page_size: 2, skip: 5 }).toArray(),
    ).toEqual(groups.slice(5));
    expect(await workforce.passkeys.list({ page_size: 1000, skip: 240 }).toArray()).toHaveLength(
      10,
    );
    const sizes = server!.requests.map((r) => r.url.searchParams.get('page_size'));
    expect(sizes).not.toContain(null);
  });

  it('a failing page throws its own error class with the offset to resume from', async () => {
    const workforce = await clientFor((r) =>
      r.url.searchParams.get('skip') === '100' ? failure : offsetPage(users, 'users', r),
    );
    const seen: string[] = [];
    const error = await (async () => {
      for await (const user of workforce.users.list({ page_size: 100 })) seen.push(user.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).paging?.resumeFrom).toBe(100);
    expect(seen).toHaveLength(100);
  });

  it('resuming from paging.resumeFrom yields exactly the rest, on every offset list', async () => {
    let failed = false;
    const workforce = await clientFor((r) => {
      if (r.url.searchParams.get('skip') === '4' && !failed) {
        failed = true;
        return {
          status: 404,
          body: { code: 'not_found', message: 'group not found', details: [] },
        };
      }
      return offsetPage(users, 'users', r);
    });
    const seen: { id: string }[] = [];
    const error = await collect(
      workforce.groups.members.list('g', { page_size: 2 }, { limit: 9 }),
      seen,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).paging).toEqual({
      page: 3,
      resumeFrom: 4,
      pagesDelivered: 2,
      itemsDelivered: 4,
    });
    const skip = (error as NotFoundError).paging?.resumeFrom as number;
    const rest = await workforce.groups.members
      .list('g', { page_size: 2, skip }, { limit: 5 })
      .toArray();
    expect([...seen, ...rest].map((u) => u.id)).toEqual(users.slice(0, 9).map((u) => u.id));
  });

  it('maxPages and limit stop the listing, and prefetch fetches no page beyond them', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    expect(await workforce.users.list({ page_size: 10 }, { maxPages: 3 }).toArray()).toHaveLength(
      30,
    );
    expect(server!.requests).toHaveLength(3);
    server!.requests.length = 0;
    const limited = await workforce.users
      .list({ page_size: 10 }, { limit: 25, prefetch: true })
      .toArray();
    expect(limited.map((u) => u.id)).toEqual(users.slice(0, 25).map((u) => u.id));
    expect(server!.requests.map((r) => r.url.searchParams.get('skip'))).toEqual(['0', '10', '20']);
  });

  it('await gives the first page; nextPage() walks on from it', async () => {
    const workforce = await clientFor((r) => offsetPage(groups, 'groups', r));
    const first = await workforce.groups.list({ page_size: 5 });
    expect(first.items.map((g) => g.id)).toEqual(groups.slice(0, 5).map((g) => g.id));
    expect(first.next).toBe(5);
    const second = await first.nextPage();
    expect(second?.items.map((g) => g.id)).toEqual(groups.slice(5).map((g) => g.id));
    expect(second?.hasNextPage()).toBe(false);
  });
});

describe('SCIM lists', () => {
  it('pages with startIndex and count until totalResults, always sending count', async () => {
    const workforce = await clientFor((r) => scimPage(users, r));
    const all = await workforce.scim.users.list({ count: 120 }).toArray();
    expect(all.map((u) => u.id)).toEqual(users.map((u) => u.id));
    expect(server!.requests.map((r) => r.url.searchParams.get('startIndex'))).toEqual([
      '1',
      '121',
      '241',
    ]);
    expect(server!.requests.every((r) => r.url.searchParams.get('count') === '120')).toBe(true);
    await workforce.scim.users.list();
    expect(server!.requests.at(-1)!.url.searchParams.get('count')).toBe('100');
  });

  it('SCIM groups page the same way, from startIndex, with their filter', async () => {
    const workforce = await clientFor((r) => scimPage(groups, r));
    const rest = await workforce.scim.groups
      .list({ filter: scimGroupFilter.displayName.ne('x'), count: 2, startIndex: 3 })
      .toArray();
    expect(rest.map((g) => g.id)).toEqual(groups.slice(2).map((g) => g.id));
    expect(server!.requests.map((r) => r.url.searchParams.get('startIndex'))).toEqual([
      '3',
      '5',
      '7',
    ]);
    expect(server!.requests[0]!.url.pathname).toBe('/scim/v2/Groups');
    expect(server!.requests[0]!.url.searchParams.get('filter')).toBe('displayName ne "x"');
  });

  it('a failing SCIM page is its own error class, with the startIndex to resume from', async () => {
    const workforce = await clientFor((r) =>
      r.url.searchParams.get('startIndex') === '101'
        ? {
            status: 503,
            body: {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
              status: '503',
              detail: 'try later',
            },
          }
        : scimPage(users, r),
    );
    const seen: { id: string }[] = [];
    const error = await collect(workforce.scim.users.list(), seen);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).scim?.detail).toBe('try later');
    expect((error as ServerError).paging).toMatchObject({ page: 2, resumeFrom: 101 });
    expect(seen).toHaveLength(100);
  });

  it('maxPages and limit stop a SCIM listing', async () => {
    const workforce = await clientFor((r) => scimPage(users, r));
    expect(await workforce.scim.users.list({ count: 10 }, { maxPages: 2 }).toArray()).toHaveLength(
      20,
    );
    expect(await workforce.scim.groups.list({}, { limit: 3 }).toArray()).toHaveLength(3);
  });

  it('a server that ignores startIndex and repeats its page stops with PagingLoopError', async () => {
    // It always answers the first page and claims there are many more.
    const workforce = await clientFor(() => ({
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 1_000_000,
        startIndex: 1,
        itemsPerPage: 10,
        Resources: users.slice(0, 10),
      },
    }));
    const seen: { id: string }[] = [];
    const error = await collect(workforce.scim.users.list({ count: 10 }), seen);
    expect(error).toBeInstanceOf(PagingLoopError);
    expect((error as PagingLoopError).paging).toMatchObject({ resumeFrom: 11 });
    // The first page, and the repeated page that showed it: never the 100,000 pages claimed.
    expect(server!.requests).toHaveLength(2);
    expect(seen.length).toBeLessThanOrEqual(20);
  });

  it('without totalResults the listing ends at an empty page', async () => {
    const workforce = await clientFor((r) => scimPage(users.slice(0, 25), r, false));
    expect(await workforce.scim.users.list({ count: 10 }).toArray()).toHaveLength(25);
    expect(server!.requests.map((r) => r.url.searchParams.get('startIndex'))).toEqual([
      '1',
      '11',
      '21',
      '26',
    ]);
  });
});
