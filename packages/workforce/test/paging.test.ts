// Multi-page lists against a local fake server: every item exactly once, page_size always sent.
import { staticToken } from '@x/auth';
import { PaginationError } from '@x/runtime';
import { type JsonFake, type JsonRequest, startJsonFake } from '@x/testing';
import { createWorkforceClient, userFilter, userOrderBy } from '@x/workforce';
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

describe('offset lists', () => {
  it('users.list yields every user exactly once, sending page_size on every request', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    const seen = [];
    for await (const user of workforce.users.list({
      pageSize: 100,
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
    const page = await workforce.users.listPage();
    expect(page.users).toHaveLength(100);
    expect(page.total_size).toBe(TOTAL);
    expect(server!.requests[0]!.url.searchParams.get('page_size')).toBe('100');
    expect(server!.requests[0]!.url.searchParams.has('filter')).toBe(false);
  });

  it('pages(), prefetch and toArray({ limit }) see the same items', async () => {
    const workforce = await clientFor((r) => offsetPage(users, 'users', r));
    const pages = [];
    for await (const page of workforce.groups
      .listUsers('group-1', { pageSize: 90, prefetch: true })
      .pages())
      pages.push(page.items.length);
    expect(pages).toEqual([90, 90, 70]);
    expect(server!.requests.every((r) => r.url.pathname === '/v2/groups/group-1:listUsers')).toBe(
      true,
    );
    const first = await workforce.users.list({ pageSize: 40 }).toArray({ limit: 50 });
    expect(first.map((u) => u.id)).toEqual(users.slice(0, 50).map((u) => u.id));
  });

  it('starts at skip and pages the other lists too', async () => {
    const workforce = await clientFor((r) =>
      r.url.pathname.endsWith('/groups') || r.url.pathname === '/v2/groups'
        ? offsetPage(groups, 'groups', r)
        : offsetPage(users, 'passkeys', r),
    );
    expect((await workforce.groups.list({ pageSize: 3 }).toArray()).map((g) => g.id)).toEqual(
      groups.map((g) => g.id),
    );
    expect(await workforce.users.listGroups('user-1', { pageSize: 2, skip: 5 }).toArray()).toEqual(
      groups.slice(5),
    );
    expect(await workforce.passkeys.list({ pageSize: 1000, skip: 240 }).toArray()).toHaveLength(10);
    const sizes = server!.requests.map((r) => r.url.searchParams.get('page_size'));
    expect(sizes).not.toContain(null);
  });

  it('a failing page surfaces as PaginationError with the offset to resume from', async () => {
    const workforce = await clientFor((r) =>
      r.url.searchParams.get('skip') === '100'
        ? { status: 500, body: { code: 'internal_server_error', message: 'internal error' } }
        : offsetPage(users, 'users', r),
    );
    const seen: string[] = [];
    const error = await (async () => {
      for await (const user of workforce.users.list({ pageSize: 100 })) seen.push(user.id!);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).resumeFrom).toBe(100);
    expect(seen).toHaveLength(100);
  });
});

describe('SCIM list', () => {
  it('pages with startIndex and count until totalResults, always sending count', async () => {
    const workforce = await clientFor((r) => {
      const start = Number(r.url.searchParams.get('startIndex'));
      const count = Number(r.url.searchParams.get('count') ?? 0);
      const Resources = users.slice(start - 1, start - 1 + count).map((u) => ({ id: u.id }));
      return {
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
          totalResults: TOTAL,
          startIndex: start,
          itemsPerPage: Resources.length,
          Resources,
        },
      };
    });
    const all = await workforce.scim.users.list({ count: 120 }).toArray();
    expect(all.map((u) => u.id)).toEqual(users.map((u) => u.id));
    expect(server!.requests.map((r) => r.url.searchParams.get('startIndex'))).toEqual([
      '1',
      '121',
      '241',
    ]);
    expect(server!.requests.every((r) => r.url.searchParams.get('count') === '120')).toBe(true);
    await workforce.scim.users.listPage();
    expect(server!.requests.at(-1)!.url.searchParams.get('count')).toBe('100');
  });
});
