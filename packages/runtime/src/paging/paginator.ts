// One paging engine for the four styles of the platform. A style only says how to ask for the
// first page and how to find the next one; the engine gives items, pages, toArray and prefetch.
import { SdkError } from '../errors.js';
import type { CallOptions } from '../transport.js';

/** One page as the engine sees it. */
export interface Page<Item, Raw = unknown> {
  /** The items of this page. */
  readonly items: readonly Item[];
  /** The page as the server sent it (totals, tokens, cursors). */
  readonly raw: Raw;
  /** Where this page was requested from (offset, token, cursor or start index). */
  readonly position: unknown;
}

/** The result of fetching one page: its items, and where the next page starts (undefined: last). */
export interface PageResult<Item, Raw, Position> {
  items: readonly Item[];
  raw: Raw;
  next: Position | undefined;
}

/** A paging style bound to one request: fetches the page at a position. */
export type PageFetcher<Item, Raw, Position> = (
  position: Position,
  signal: AbortSignal | undefined,
  /** The listing's call options for this page request, with the paginator's signal. */
  call: CallOptions,
) => Promise<PageResult<Item, Raw, Position>>;

export interface PaginatorOptions {
  /** Fetch the next page while the caller works through the current one. Default false. */
  prefetch?: boolean;
  /** Aborts paging, including a prefetch in flight. */
  signal?: AbortSignal;
  /**
   * Call options (timeout, retry, headers) for every page request. Its `signal` also stops
   * paging. Each page fetcher gets them, merged with the paginator's own signal.
   */
  call?: CallOptions;
}

/**
 * Thrown when fetching a page fails after the retries: says which page failed and where to resume,
 * so no item is lost. The original error is the `cause`.
 */
export class PaginationError extends SdkError {
  override readonly name: string = 'PaginationError';
  /** The position of the page that failed: pass it back as the start to resume. */
  readonly resumeFrom: unknown;
  /** How many pages and items were delivered before the failure. */
  readonly pagesDelivered: number;
  readonly itemsDelivered: number;
  constructor(cause: unknown, resumeFrom: unknown, pagesDelivered: number, itemsDelivered: number) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`paging stopped after ${pagesDelivered} page(s) and ${itemsDelivered} item(s): ${why}`, {
      cause,
      request: cause instanceof SdkError ? cause.request : undefined,
    });
    this.resumeFrom = resumeFrom;
    this.pagesDelivered = pagesDelivered;
    this.itemsDelivered = itemsDelivered;
  }
  override toJSON() {
    return {
      ...super.toJSON(),
      resumeFrom: this.resumeFrom,
      pagesDelivered: this.pagesDelivered,
      itemsDelivered: this.itemsDelivered,
    };
  }
}

/**
 * Lazily pages through a list. Iterate it for items (`for await (const user of list)`), call
 * `pages()` for whole pages, or `toArray({ limit })`. Each iteration starts from the first page.
 */
export class Paginator<Item, Raw = unknown, Position = unknown> implements AsyncIterable<Item> {
  constructor(
    private readonly fetchPage: PageFetcher<Item, Raw, Position>,
    private readonly start: Position,
    private readonly options: PaginatorOptions = {},
  ) {}

  /** Pages in order. A page with no items ends the list even if the server sent a next position. */
  async *pages(): AsyncGenerator<Page<Item, Raw>, void, undefined> {
    const { prefetch = false } = this.options;
    // Ends a prefetch in flight when the caller stops early.
    const stop = new AbortController();
    const signals = [this.options.signal, this.options.call?.signal, stop.signal];
    const signal = AbortSignal.any(signals.filter((x): x is AbortSignal => x !== undefined));
    const call: CallOptions = { ...this.options.call, signal };
    let position: Position | undefined = this.start;
    let pending: Promise<PageResult<Item, Raw, Position>> | undefined;
    let pages = 0;
    let items = 0;
    try {
      while (position !== undefined) {
        const at: Position = position;
        let result: PageResult<Item, Raw, Position>;
        try {
          result = await (pending ?? this.fetchPage(at, signal, call));
        } catch (error) {
          throw new PaginationError(error, at, pages, items);
        }
        pending = undefined;
        position = result.items.length === 0 ? undefined : result.next;
        if (prefetch && position !== undefined) {
          pending = this.fetchPage(position, signal, call);
          // Its failure surfaces when that page is awaited; never as an unhandled rejection.
          pending.catch(() => undefined);
        }
        pages++;
        items += result.items.length;
        if (result.items.length > 0 || pages === 1)
          yield { items: result.items, raw: result.raw, position: at };
      }
    } finally {
      stop.abort();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects items into an array, stopping after `limit` items if given. */
  async toArray(options: { limit?: number } = {}): Promise<Item[]> {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const out: Item[] = [];
    if (limit <= 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }
}

/** What a family's list method takes: call options for every page, plus prefetch. */
export interface ListOptions extends CallOptions {
  /** Fetch the next page while the caller works through the current one. Default false. */
  prefetch?: boolean;
}

/** Turns a list method's options into paginator options. */
export function listPaging(options: ListOptions | undefined): PaginatorOptions {
  const { prefetch, ...call } = options ?? {};
  return { prefetch: prefetch === true, call };
}
