import {
  createApiClient,
  cursorPaginator,
  offsetPaginator,
  PaginationError,
  Paginator,
  type PaginatorOptions,
  pageTokenPaginator,
  ServerError,
  scimPaginator,
} from '@x/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

const ALL = Array.from({ length: 23 }, (_, i) => `item-${i + 1}`);
const PAGE = 5;

interface Harness {
  /** Every request the fake list endpoint got: the position asked for. */
  log: string[];
  /** Fails the request of the page at this 0-based offset, once. */
  failAt?: number;
  /** Extra "last page" behaviour: an empty page that still names a next position. */
  emptyTail?: boolean;
}

/** What every style's paginator offers, whatever its raw page and position types. */
type Listing = Pick<Paginator<string>, 'pages' | 'toArray' | typeof Symbol.asyncIterator>;

type Style = {
  name: string;
  make(h: Harness, options: PaginatorOptions, resumeFrom?: unknown): Listing;
};

function page(h: Harness, offset: number, signal: AbortSignal | undefined) {
  h.log.push(`fetch ${offset}`);
  if (h.failAt === offset) {
    h.failAt = undefined;
    return Promise.reject(
      new ServerError({ status: 503, request: { method: 'GET' }, rawBody: '' }),
    );
  }
  void signal;
  return Promise.resolve(ALL.slice(offset, offset + PAGE));
}

const styles: Style[] = [
  {
    name: 'offsetPaginator (skip/page_size, total_size)',
    make: (h, options, resumeFrom) =>
      offsetPaginator(
        async (q, signal) => {
          expect(q.page_size).toBe(PAGE);
          const users = await page(h, q.skip, signal);
          // With emptyTail the server forgets total_size, so only an empty page can end it.
          return h.emptyTail ? { users } : { users, total_size: ALL.length };
        },
        (raw) => raw.users,
        { ...options, pageSize: PAGE, skip: resumeFrom as number | undefined },
      ),
  },
  {
    name: 'pageTokenPaginator (next_page_token)',
    make: (h, options, resumeFrom) =>
      pageTokenPaginator(
        async (q, signal) => {
          const offset = q.page_token === undefined ? 0 : Number(q.page_token.slice(3));
          const items = await page(h, offset, signal);
          const next = offset + items.length;
          const more = next < ALL.length || h.emptyTail;
          return { items, next_page_token: more ? `tok${next}` : '' };
        },
        (raw) => raw.items,
        { ...options, pageToken: (resumeFrom as string | null | undefined) ?? undefined },
      ),
  },
  {
    name: 'cursorPaginator (cursor)',
    make: (h, options, resumeFrom) =>
      cursorPaginator(
        async (q, signal) => {
          const offset = q.cursor === undefined ? 0 : Number(q.cursor.slice(1));
          const events = await page(h, offset, signal);
          const next = offset + events.length;
          return { events, cursor: next < ALL.length || h.emptyTail ? `c${next}` : null };
        },
        (raw) => raw.events,
        (raw) => raw.cursor,
        { ...options, cursor: (resumeFrom as string | null | undefined) ?? undefined },
      ),
  },
  {
    name: 'scimPaginator (startIndex/count, totalResults)',
    make: (h, options, resumeFrom) =>
      scimPaginator<string, { Resources: string[]; totalResults?: number }>(
        async (q, signal) => {
          expect(q.count).toBe(PAGE);
          const Resources = await page(h, q.startIndex - 1, signal);
          return h.emptyTail ? { Resources } : { Resources, totalResults: ALL.length };
        },
        { ...options, count: PAGE, startIndex: resumeFrom as number | undefined },
      ),
  },
];

describe.each(styles)('$name', (style) => {
  it('yields every item exactly once, in order, one request per page', async () => {
    const h: Harness = { log: [] };
    const items: string[] = [];
    for await (const item of style.make(h, {})) items.push(item);
    expect(items).toEqual(ALL);
    expect(h.log).toEqual(['fetch 0', 'fetch 5', 'fetch 10', 'fetch 15', 'fetch 20']);
  });

  it('pages() gives whole pages with their positions; iterating again starts over', async () => {
    const h: Harness = { log: [] };
    const paginator = style.make(h, {});
    const sizes: number[] = [];
    for await (const p of paginator.pages()) sizes.push(p.items.length);
    expect(sizes).toEqual([5, 5, 5, 5, 3]);
    expect(await paginator.toArray()).toEqual(ALL);
    expect(h.log).toHaveLength(10);
  });

  it('toArray({ limit }) stops fetching once the limit is reached', async () => {
    const h: Harness = { log: [] };
    expect(await style.make(h, {}).toArray({ limit: 7 })).toEqual(ALL.slice(0, 7));
    expect(h.log).toEqual(['fetch 0', 'fetch 5']);
    h.log.length = 0;
    expect(await style.make(h, {}).toArray({ limit: 5 })).toEqual(ALL.slice(0, 5));
    expect(h.log).toEqual(['fetch 0']);
    h.log.length = 0;
    expect(await style.make(h, {}).toArray({ limit: 0 })).toEqual([]);
    expect(h.log).toEqual([]);
  });

  it('stops on an empty page even when the server still names a next page', async () => {
    const h: Harness = { log: [], emptyTail: true };
    expect(await style.make(h, {}).toArray()).toEqual(ALL);
    expect(h.log).toEqual(['fetch 0', 'fetch 5', 'fetch 10', 'fetch 15', 'fetch 20', 'fetch 23']);
  });

  it('prefetch asks for the next page before the current one is consumed', async () => {
    const h: Harness = { log: [] };
    for await (const item of style.make(h, { prefetch: true })) h.log.push(`got ${item}`);
    expect(h.log.slice(0, 4)).toEqual(['fetch 0', 'fetch 5', 'got item-1', 'got item-2']);
    expect(h.log.indexOf('fetch 10')).toBeLessThan(h.log.indexOf('got item-6'));
    expect(h.log.filter((l) => l.startsWith('got'))).toEqual(ALL.map((i) => `got ${i}`));

    const plain: Harness = { log: [] };
    for await (const item of style.make(plain, {})) plain.log.push(`got ${item}`);
    expect(plain.log.slice(0, 3)).toEqual(['fetch 0', 'got item-1', 'got item-2']);
    expect(plain.log.indexOf('fetch 5')).toBe(6);
  });

  it('a failing page throws PaginationError with resumeFrom and counts; resuming loses nothing', async () => {
    for (const prefetch of [false, true]) {
      const h: Harness = { log: [], failAt: 10 };
      const seen: string[] = [];
      const error = await (async () => {
        for await (const item of style.make(h, { prefetch })) seen.push(item);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaginationError);
      const e = error as PaginationError;
      expect(e.cause).toBeInstanceOf(ServerError);
      expect(e.pagesDelivered).toBe(2);
      expect(e.itemsDelivered).toBe(10);
      expect(seen).toEqual(ALL.slice(0, 10));
      const rest = await style.make(h, {}, e.resumeFrom).toArray();
      expect([...seen, ...rest]).toEqual(ALL);
    }
  });

  it('a failing first page is resumable from the start', async () => {
    const h: Harness = { log: [], failAt: 0 };
    const e = (await style
      .make(h, {})
      .toArray()
      .catch((x: unknown) => x)) as PaginationError;
    expect(e).toBeInstanceOf(PaginationError);
    expect(e.pagesDelivered).toBe(0);
    expect(await style.make(h, {}, e.resumeFrom).toArray()).toEqual(ALL);
  });
});

describe('Paginator', () => {
  it('a prefetch in flight is aborted when the caller stops early', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const paginator = new Paginator<number, null, number>(
      async (at, signal) => {
        signals.push(signal);
        return { items: [at, at + 1], raw: null, next: at + 2 };
      },
      0,
      { prefetch: true },
    );
    expect(await paginator.toArray({ limit: 3 })).toEqual([0, 1, 2]);
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });

  it('the first page is yielded even when empty, and ends the list', async () => {
    let calls = 0;
    const paginator = new Paginator<number, null, number>(async () => {
      calls++;
      return { items: [], raw: null, next: 1 };
    }, 0);
    const pages = [];
    for await (const p of paginator.pages()) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(calls).toBe(1);
  });
});

describe('paging end to end through a client', () => {
  let server: FakeServer;
  afterEach(async () => {
    await server.close();
  });

  it('offset paging sends skip and page_size and reads total_size', async () => {
    server = await startFakeServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      const skip = Number(url.searchParams.get('skip'));
      const size = Number(url.searchParams.get('page_size'));
      send(res, 200, { users: ALL.slice(skip, skip + size), total_size: ALL.length });
    });
    const client = createApiClient({ baseUrl: server.url });
    const users = offsetPaginator(
      (query, signal) =>
        client.request<{ users: string[]; total_size: number }>('GET', '/v2/users', {
          params: { query },
          signal,
        }),
      (raw) => raw.users,
      { pageSize: 10, prefetch: true },
    );
    expect(await users.toArray()).toEqual(ALL);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/users?skip=0&page_size=10',
      '/v2/users?skip=10&page_size=10',
      '/v2/users?skip=20&page_size=10',
    ]);
  });
});
