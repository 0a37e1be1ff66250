// The four paging styles of the platform, as Paginator factories.
import type { CallOptions } from '../transport.js';
import { type PageResult, Paginator, type PaginatorOptions } from './paginator.js';

type Fetch<Query, Raw> = (
  query: Query,
  signal: AbortSignal | undefined,
  call: CallOptions,
) => Promise<Raw>;
type ItemsOf<Raw, Item> = (raw: Raw) => readonly Item[] | undefined;

/** Offset paging (family W): `skip` and `page_size`, ending at `total_size`. */
export function offsetPaginator<Item, Raw extends { total_size?: number }>(
  fetch: Fetch<{ skip: number; page_size: number }, Raw>,
  itemsOf: ItemsOf<Raw, Item>,
  options: PaginatorOptions & { pageSize: number; skip?: number },
): Paginator<Item, Raw, number> {
  const { pageSize } = options;
  return new Paginator<Item, Raw, number>(
    async (skip, signal, call): Promise<PageResult<Item, Raw, number>> => {
      const raw = await fetch({ skip, page_size: pageSize }, signal, call);
      const items = itemsOf(raw) ?? [];
      const next = skip + items.length;
      const total = raw.total_size;
      return { items, raw, next: typeof total === 'number' && next >= total ? undefined : next };
    },
    options.skip ?? 0,
    options,
  );
}

/**
 * Page-token paging (family A): the first request carries no token; each next one carries the
 * `next_page_token` of the previous response. The caller's fetch resends the same parameters.
 */
export function pageTokenPaginator<Item, Raw extends { next_page_token?: string }>(
  fetch: Fetch<{ page_token: string | undefined }, Raw>,
  itemsOf: ItemsOf<Raw, Item>,
  options: PaginatorOptions & { pageToken?: string } = {},
): Paginator<Item, Raw, string | null> {
  // null stands for "the first page": undefined means "no more pages" to the engine.
  return new Paginator<Item, Raw, string | null>(
    async (token, signal, call) => {
      const raw = await fetch({ page_token: token ?? undefined }, signal, call);
      const next = raw.next_page_token;
      return { items: itemsOf(raw) ?? [], raw, next: next ? next : undefined };
    },
    options.pageToken ?? null,
    options,
  );
}

/** Cursor paging (family E): pass back the response's cursor; no cursor ends the list. */
export function cursorPaginator<Item, Raw>(
  fetch: Fetch<{ cursor: string | undefined }, Raw>,
  itemsOf: ItemsOf<Raw, Item>,
  cursorOf: (raw: Raw) => string | undefined | null,
  options: PaginatorOptions & { cursor?: string } = {},
): Paginator<Item, Raw, string | null> {
  return new Paginator<Item, Raw, string | null>(
    async (cursor, signal, call) => {
      const raw = await fetch({ cursor: cursor ?? undefined }, signal, call);
      const next = cursorOf(raw);
      return { items: itemsOf(raw) ?? [], raw, next: next ? next : undefined };
    },
    options.cursor ?? null,
    options,
  );
}

/** SCIM paging (RFC 7644 3.4.2.4): 1-based `startIndex` and `count`, ending at `totalResults`. */
export function scimPaginator<
  Item,
  Raw extends { totalResults?: number; Resources?: readonly Item[] },
>(
  fetch: Fetch<{ startIndex: number; count: number }, Raw>,
  options: PaginatorOptions & { count: number; startIndex?: number },
): Paginator<Item, Raw, number> {
  const { count } = options;
  return new Paginator<Item, Raw, number>(
    async (startIndex, signal, call) => {
      const raw = await fetch({ startIndex, count }, signal, call);
      const items = raw.Resources ?? [];
      const next = startIndex + items.length;
      const total = raw.totalResults;
      return { items, raw, next: typeof total === 'number' && next > total ? undefined : next };
    },
    Math.max(1, options.startIndex ?? 1),
    options,
  );
}
