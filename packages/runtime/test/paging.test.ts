import {
  AbortError,
  type CallOptions,
  createApiClient,
  type ListOptions,
  type PagePosition,
  Paginator,
  PagingLoopError,
  ResponseInfo,
  ServerError,
  ValidationError,
} from '@x/runtime';
import {
  cursorPaging,
  offsetPaging,
  type PagingStyle,
  pageTokenPaging,
  scimPaging,
} from '@x/runtime/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

const ALL = Array.from({ length: 23 }, (_, i) => `item-${i + 1}`);
const PAGE = 5;

interface Harness {
  /** Every request the fake list endpoint got: the position asked for. */
  log: string[];
  /** Fails the request of the page at this 0-based offset, once. */
  failAt?: number | undefined;
  /** Extra "last page" behaviour: an empty page that still names a next position. */
  emptyTail?: boolean;
  /** The call options each page request got. */
  calls?: CallOptions[];
}

const info = () => new ResponseInfo(200, new Headers(), { method: 'GET', path: '/list' });

function page(h: Harness, offset: number, call: CallOptions) {
  h.log.push(`fetch ${offset}`);
  h.calls?.push(call);
  if (h.failAt === offset) {
    h.failAt = undefined;
    return Promise.reject(
      new ServerError({ status: 503, request: { method: 'GET' }, rawBody: '' }),
    );
  }
  return Promise.resolve(ALL.slice(offset, offset + PAGE));
}

interface Style {
  name: string;
  make(h: Harness, options: ListOptions, start?: PagePosition): Paginator<string, unknown>;
}

/** A paginator over a fake list in `style`: `serve` answers a position with a raw page. */
function paginator<Raw>(
  style: PagingStyle<Raw, string>,
  serve: (at: PagePosition | undefined, call: CallOptions) => Promise<Raw>,
  options: ListOptions,
  start?: PagePosition,
): Paginator<string, unknown> {
  return new Paginator<string, Raw>(
    async (at, call) => ({ data: await serve(at, call), response: info() }),
    style,
    start,
    options,
  ) as Paginator<string, unknown>;
}

const styles: Style[] = [
  {
    name: 'offset (skip, total_size)',
    make: (h, options, start) =>
      paginator(
        offsetPaging((raw: { users: string[]; total_size?: number }) => raw.users),
        async (at, call) => {
          const users = await page(h, Number(at ?? 0), call);
          // With emptyTail the server forgets total_size, so only an empty page can end it.
          return h.emptyTail ? { users } : { users, total_size: ALL.length };
        },
        options,
        start,
      ),
  },
  {
    name: 'page token (next_page_token)',
    make: (h, options, start) =>
      paginator(
        pageTokenPaging((raw: { items: string[]; next_page_token?: string }) => raw.items),
        async (at, call) => {
          const offset = at === undefined ? 0 : Number(String(at).slice(3));
          const items = await page(h, offset, call);
          const next = offset + items.length;
          const more = next < ALL.length || h.emptyTail;
          return { items, next_page_token: more ? `tok${next}` : '' };
        },
        options,
        start,
      ),
  },
  {
    name: 'cursor (cursor)',
    make: (h, options, start) =>
      paginator(
        cursorPaging(
          (raw: { events: string[]; cursor: string | null }) => raw.events,
          (raw) => raw.cursor,
        ),
        async (at, call) => {
          const offset = at === undefined ? 0 : Number(String(at).slice(1));
          const events = await page(h, offset, call);
          const next = offset + events.length;
          return { events, cursor: next < ALL.length || h.emptyTail ? `c${next}` : null };
        },
        options,
        start,
      ),
  },
  {
    name: 'SCIM (startIndex, totalResults)',
    make: (h, options, start) =>
      paginator(
        scimPaging<{ Resources: string[]; totalResults?: number }>(),
        async (at, call) => {
          const Resources = await page(h, Number(at ?? 1) - 1, call);
          return h.emptyTail ? { Resources } : { Resources, totalResults: ALL.length };
        },
        options,
        start,
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

  it('await gives the first page, and nextPage() walks on from it', async () => {
    const h: Harness = { log: [] };
    const first = await style.make(h, {});
    expect(first.items).toEqual(ALL.slice(0, 5));
    expect(first.number).toBe(1);
    expect(first.hasNextPage()).toBe(true);
    expect(first.response.status).toBe(200);
    const second = await first.nextPage();
    expect(second?.items).toEqual(ALL.slice(5, 10));
    expect(second?.number).toBe(2);
    expect(h.log).toEqual(['fetch 0', 'fetch 5']);
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

  it('the list options limit and maxPages stop the listing, cutting the last page', async () => {
    const h: Harness = { log: [] };
    expect(await style.make(h, { limit: 7 }).toArray()).toEqual(ALL.slice(0, 7));
    expect(h.log).toEqual(['fetch 0', 'fetch 5']);
    h.log.length = 0;
    expect(await style.make(h, { maxPages: 3, prefetch: true }).toArray()).toEqual(
      ALL.slice(0, 15),
    );
    expect(h.log).toEqual(['fetch 0', 'fetch 5', 'fetch 10']);
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

  it('a failing page throws its own error class with the paging context; resuming loses nothing', async () => {
    for (const prefetch of [false, true]) {
      const h: Harness = { log: [], failAt: 10 };
      const seen: string[] = [];
      const error = await (async () => {
        for await (const item of style.make(h, { prefetch })) seen.push(item);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      const e = error as ServerError;
      expect(e.status).toBe(503);
      expect(e.paging).toMatchObject({ page: 3, pagesDelivered: 2, itemsDelivered: 10 });
      expect(seen).toEqual(ALL.slice(0, 10));
      const rest = await style.make(h, {}, e.paging!.resumeFrom).toArray();
      expect([...seen, ...rest]).toEqual(ALL);
    }
  });

  it('a failing first page is resumable from the start', async () => {
    const h: Harness = { log: [], failAt: 0 };
    const e = (await style
      .make(h, {})
      .toArray()
      .catch((x: unknown) => x)) as ServerError;
    expect(e).toBeInstanceOf(ServerError);
    expect(e.paging?.pagesDelivered).toBe(0);
    expect(await style.make(h, {}, e.paging!.resumeFrom).toArray()).toEqual(ALL);
  });

  it("the listing's call options reach every page request, with a signal", async () => {
    const h: Harness = { log: [], calls: [] };
    const options = { headers: { 'x-trace': 't1' }, timeoutMs: 1234, retry: false as const };
    expect(await style.make(h, options).toArray()).toEqual(ALL);
    expect(h.calls).toHaveLength(5);
    for (const call of h.calls!) {
      expect(call).toMatchObject(options);
      expect(call.signal).toBeInstanceOf(AbortSignal);
    }
  });
});

describe('Paginator', () => {
  const counting = (
    pageOf: (at: number) => { items: number[]; next?: string | undefined },
    options: ListOptions = {},
    style = pageTokenPaging((raw: { items: number[]; next_page_token?: string }) => raw.items),
  ) => {
    const signals: (AbortSignal | undefined)[] = [];
    const list = new Paginator<number, { items: number[]; next_page_token?: string }>(
      async (at, call) => {
        signals.push(call.signal);
        const p = pageOf(Number(String(at ?? 't0').slice(1)));
        return {
          data: { items: p.items, ...(p.next ? { next_page_token: p.next } : {}) },
          response: info(),
        };
      },
      style,
      undefined,
      options,
    );
    return { list, signals };
  };

  it('a prefetch in flight is aborted when the caller stops early', async () => {
    const { list, signals } = counting((at) => ({ items: [at, at + 1], next: `t${at + 2}` }), {
      prefetch: true,
    });
    expect(await list.toArray({ limit: 3 })).toEqual([0, 1, 2]);
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });

  it('the first page is yielded even when empty, and ends the list', async () => {
    const { list, signals } = counting(() => ({ items: [], next: 't1' }));
    const pages = [];
    for await (const p of list.pages()) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(signals).toHaveLength(1);
  });

  it('a token that comes back unchanged stops paging with a PagingLoopError after that page', async () => {
    const { list, signals } = counting((at) => ({ items: [at], next: 't7' }));
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of list) seen.push(item);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingLoopError);
    expect((error as PagingLoopError).paging).toMatchObject({
      resumeFrom: 't7',
      pagesDelivered: 2,
      itemsDelivered: 2,
    });
    expect(seen).toEqual([0, 7]);
    expect(signals).toHaveLength(2);
  });

  it('a style that pages through empty pages goes on while a token comes back', async () => {
    const { list } = counting(
      (at) => (at < 3 ? { items: [], next: `t${at + 1}` } : { items: [at] }),
      {},
      pageTokenPaging((raw: { items: number[]; next_page_token?: string }) => raw.items, {
        emptyPageEnds: false,
      }),
    );
    expect(await list.toArray()).toEqual([3]);
  });

  it('the caller signal stops paging: the next page request sees it aborted', async () => {
    const controller = new AbortController();
    let requests = 0;
    const list = new Paginator<number, { items: number[]; next_page_token: string }>(
      async (_at, call) => {
        requests++;
        if (requests === 2) controller.abort();
        if (call.signal?.aborted) throw new AbortError('aborted', { request: { method: 'GET' } });
        return { data: { items: [requests], next_page_token: `t${requests}` }, response: info() };
      },
      pageTokenPaging((raw: { items: number[]; next_page_token?: string }) => raw.items),
      undefined,
      { signal: controller.signal },
    );
    const error = await list.toArray().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).paging).toMatchObject({ page: 2, itemsDelivered: 1 });
    expect(requests).toBe(2);
  });

  it('refuses bad list options when awaited or iterated, never when made; sends nothing', async () => {
    let fetched = 0;
    const make = (options: unknown) =>
      counting(() => {
        fetched++;
        return { items: [] };
      }, options as ListOptions).list;
    for (const [options, message] of [
      [{ maxPages: 0 }, /maxPages/],
      [{ limit: -1 }, /limit/],
      [{ prefetch: 'yes' }, /prefetch/],
      [null, /options/],
    ] as const) {
      expect(() => make(options)).not.toThrow();
      await expect(make(options)).rejects.toBeInstanceOf(ValidationError);
      await expect(make(options)).rejects.toThrow(message);
      await expect(make(options).toArray()).rejects.toThrow(message);
      await expect(make(options).pages().next()).rejects.toThrow(message);
    }
    expect(fetched).toBe(0);
  });

  it('for await after await reuses the first page instead of fetching it again', async () => {
    const { list, signals } = counting((at) => ({
      items: [at, at + 1],
      next: at < 4 ? `t${at + 2}` : undefined,
    }));
    const first = await list;
    expect(first.items).toEqual([0, 1]);
    const items: number[] = [];
    for await (const item of list) items.push(item);
    expect(items).toEqual([0, 1, 2, 3, 4, 5]);
    expect(signals).toHaveLength(3);
    expect((await list.pages().next()).value).toBe(first);
    expect(signals).toHaveLength(3);
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
    const client = createApiClient<{
      '/v2/users': {
        get: {
          parameters: { query?: { page_size?: number; skip?: number } };
          responses: {
            200: { content: { 'application/json': { users: string[]; total_size: number } } };
          };
        };
      };
    }>({ baseUrl: server.url });
    const users = client.list(
      '/v2/users',
      offsetPaging((raw) => raw.users),
      { query: { page_size: 10, skip: 0 } },
      { prefetch: true },
    );
    expect(await users.toArray()).toEqual(ALL);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/users?page_size=10&skip=0',
      '/v2/users?page_size=10&skip=10',
      '/v2/users?page_size=10&skip=20',
    ]);
  });
});
