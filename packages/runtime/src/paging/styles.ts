// The platform's four paging styles, as data: which query parameter carries a page's start, and
// how the next start is found in a page. The paginator (core/paginator.ts) is the one engine for
// all of them; a family's list only names its style and where the items are.

/** Where a page starts: an offset, a page token, a cursor or a 1-based index. */
export type PagePosition = string | number;

/** How one list pages. */
export interface PagingStyle<Raw, Item> {
  /** The wire query parameter of a page's start (`skip`, `page_token`, `cursor`, `startIndex`). */
  readonly param: string;
  /** The SDK's name of that parameter in a list's params (`skip`, `pageToken`, ...). */
  readonly option: string;
  /** The items of a page. */
  items(raw: Raw): readonly Item[];
  /** Where the page after `raw` starts, or undefined when `raw` is the last page. */
  next(raw: Raw, at: PagePosition | undefined, items: readonly Item[]): PagePosition | undefined;
  /**
   * Whether an empty page ends the list even when the server named a next position. True for
   * every list but those whose pages can be empty in the middle (the SSO identity associations).
   */
  readonly emptyPageEnds: boolean;
  /**
   * Whether positions come from the server (tokens, cursors), so a position seen twice means the
   * server is repeating itself and paging would never end.
   */
  readonly serverPositions: boolean;
}

type ItemsOf<Raw, Item> = (raw: Raw) => readonly Item[] | undefined;

/** Offset paging (family W): `skip` and `page_size`, ending at `total_size` or an empty page. */
export function offsetPaging<Raw extends { total_size?: number | undefined }, Item>(
  itemsOf: ItemsOf<Raw, Item>,
): PagingStyle<Raw, Item> {
  return {
    param: 'skip',
    option: 'skip',
    items: (raw) => itemsOf(raw) ?? [],
    next(raw, at, items) {
      const next = (typeof at === 'number' ? at : 0) + items.length;
      const total = raw.total_size;
      return typeof total === 'number' && next >= total ? undefined : next;
    },
    emptyPageEnds: true,
    serverPositions: false,
  };
}

/**
 * Page-token paging (family A): the first request carries no token; each next one carries the
 * `next_page_token` of the previous response, with the same other parameters.
 */
export function pageTokenPaging<Raw extends { next_page_token?: string | null | undefined }, Item>(
  itemsOf: ItemsOf<Raw, Item>,
  options: { emptyPageEnds?: boolean } = {},
): PagingStyle<Raw, Item> {
  return {
    param: 'page_token',
    option: 'pageToken',
    items: (raw) => itemsOf(raw) ?? [],
    next: (raw) => raw.next_page_token || undefined,
    emptyPageEnds: options.emptyPageEnds ?? true,
    serverPositions: true,
  };
}

/** A list the server answers in one page (no paging parameters): the first page is the last. */
export function onePage<Raw, Item>(itemsOf: ItemsOf<Raw, Item>): PagingStyle<Raw, Item> {
  return {
    param: '',
    option: '',
    items: (raw) => itemsOf(raw) ?? [],
    next: () => undefined,
    emptyPageEnds: true,
    serverPositions: false,
  };
}

/** Cursor paging (family E): pass back the response's cursor; no cursor ends the list. */
export function cursorPaging<Raw, Item>(
  itemsOf: ItemsOf<Raw, Item>,
  cursorOf: (raw: Raw) => string | null | undefined,
): PagingStyle<Raw, Item> {
  return {
    param: 'cursor',
    option: 'cursor',
    items: (raw) => itemsOf(raw) ?? [],
    next: (raw) => cursorOf(raw) || undefined,
    emptyPageEnds: true,
    serverPositions: true,
  };
}

/**
 * SCIM paging (RFC 7644 3.4.2.4): 1-based `startIndex` and `count`, ending at `totalResults`. The
 * next start counts from the `startIndex` the server echoes (the page it actually sent), so a
 * server that ignores the requested start repeats a position and stops with a PagingLoopError
 * instead of paging forever.
 */
export function scimPaging<
  Raw extends {
    totalResults?: number | undefined;
    startIndex?: number | undefined;
    Resources?: readonly unknown[] | undefined;
  },
>(): PagingStyle<Raw, NonNullable<Raw['Resources']>[number]> {
  return {
    param: 'startIndex',
    option: 'startIndex',
    items: (raw) => (raw.Resources ?? []) as NonNullable<Raw['Resources']>,
    next(raw, at, items) {
      const from =
        typeof raw.startIndex === 'number' ? raw.startIndex : typeof at === 'number' ? at : 1;
      const next = from + items.length;
      const total = raw.totalResults;
      return typeof total === 'number' && next > total ? undefined : next;
    },
    emptyPageEnds: true,
    serverPositions: true,
  };
}
