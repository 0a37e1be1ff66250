// One paginator for every list of every family. `await list` gives the first page; `for await`
// gives every item, fetching pages as the caller goes; `pages()` gives every page. It stops at the
// last page, at `maxPages` or `limit`, and with a PagingLoopError when the server repeats a page
// token or cursor. A page that fails throws the error of its cause (NotFoundError, ServerError, …)
// with `paging` saying which page failed and where to resume.
import type { PagePosition, PagingStyle } from '../paging/styles.js';
import { type PagingContext, PagingLoopError, SdkError, ValidationError } from './errors.js';
import type { CallOptions, ListOptions } from './options.js';
import type { ResponseInfo, WithResponse } from './response-info.js';

/** One page of a list. */
export interface Page<Item, Raw = unknown> {
  /** The items of this page (cut to the list's `limit` on its last page). */
  readonly items: readonly Item[];
  /** The page as the server sent it (totals, tokens, cursors). */
  readonly raw: Raw;
  /** 1-based number of this page in its listing. */
  readonly number: number;
  /** Where this page started: the offset, token, cursor or index it was requested with. */
  readonly position: PagePosition | undefined;
  /** Where the next page starts; undefined on the last page. Pass it back to resume there. */
  readonly next: PagePosition | undefined;
  /** Status, headers, request id and rate-limit budget of this page's response. */
  readonly response: ResponseInfo;
  /** Whether there is a page after this one. */
  hasNextPage(): boolean;
  /** Fetches the page after this one; undefined on the last page. */
  nextPage(): Promise<Page<Item, Raw> | undefined>;
}

/** Fetches the page at a position with the listing's call options. */
export type PageFetcher<Raw> = (
  position: PagePosition | undefined,
  call: CallOptions,
) => Promise<WithResponse<Raw>>;

/**
 * A list: `await` it for the first page, `for await (const item of list)` for every item,
 * `pages()` for every page, `toArray()` to collect. Each iteration starts from the first page;
 * once the list has been awaited, iterations reuse that first page instead of fetching it again.
 * Nothing is fetched until one of these is used.
 */
export class Paginator<Item, Raw = unknown>
  implements AsyncIterable<Item>, PromiseLike<Page<Item, Raw>>
{
  readonly #fetchPage: PageFetcher<Raw>;
  readonly #style: PagingStyle<Raw, Item>;
  readonly #start: PagePosition | undefined;
  readonly #options: ListOptions;
  #first: Promise<Page<Item, Raw>> | undefined;
  // Bad parameters or options: every use of the list rejects with this, nothing is sent.
  #refused: { readonly error: unknown } | undefined;

  /** @internal Built by a client's `list`. */
  constructor(
    fetchPage: PageFetcher<Raw>,
    style: PagingStyle<Raw, Item>,
    start: PagePosition | undefined,
    options: ListOptions = {},
  ) {
    this.#fetchPage = fetchPage;
    this.#style = style;
    this.#start = start;
    this.#options = {};
    try {
      checkListOptions(options);
      this.#options = options;
    } catch (error) {
      this.#refused = { error };
    }
  }

  /**
   * @internal A list whose parameters were refused: awaiting it, iterating it or collecting it
   * rejects with `error`, so that bad input surfaces where the caller waits for the list (never
   * as a synchronous throw from `list()`).
   */
  static refused<Item, Raw>(error: unknown): Paginator<Item, Raw> {
    const none = () => Promise.reject(error);
    const paginator = new Paginator<Item, Raw>(none, REFUSED_STYLE, undefined);
    paginator.#refused = { error };
    return paginator;
  }

  /** The first page. */
  // biome-ignore lint/suspicious/noThenProperty: awaiting a list for its first page is the API
  then<R1 = Page<Item, Raw>, R2 = never>(
    onfulfilled?: ((page: Page<Item, Raw>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#first ??= this.#refused
      ? Promise.reject(this.#refused.error)
      : this.#page(1, this.#start, callOf(this.#options), 0, 0);
    return this.#first.then(onfulfilled, onrejected);
  }

  /**
   * The first page and the response it came with, as `withResponse()` of one call gives them
   * (status, headers, request id, rate-limit budget, attempts). Every page carries its own in
   * `page.response`, those of `pages()` and `nextPage()` included.
   */
  withResponse(): Promise<WithResponse<Page<Item, Raw>>> {
    return this.then((page) => ({ data: page, response: page.response }));
  }

  /** The first page's failure, as a Promise's `catch`. */
  catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<Page<Item, Raw> | R> {
    return this.then(undefined, onrejected);
  }

  /** Every page in order, as the caller asks for them. An empty page ends the list. */
  async *pages(): AsyncGenerator<Page<Item, Raw>, void, undefined> {
    if (this.#refused) throw this.#refused.error;
    const style = this.#style;
    const { prefetch = false } = this.#options;
    const maxPages = this.#options.maxPages ?? Number.POSITIVE_INFINITY;
    const limit = this.#options.limit ?? Number.POSITIVE_INFINITY;
    if (limit <= 0) return;
    // Ends a prefetch in flight when the caller stops early.
    const stop = new AbortController();
    const signal = this.#options.signal
      ? AbortSignal.any([this.#options.signal, stop.signal])
      : stop.signal;
    const call = { ...callOf(this.#options), signal };
    const seen = new Set<PagePosition>();
    let position = this.#start;
    if (style.serverPositions && position !== undefined) seen.add(position);
    let pending: Promise<Page<Item, Raw>> | undefined;
    let delivered = 0;
    try {
      for (let number = 1; number <= maxPages; number++) {
        // The first page of an awaited list is the one the caller already has: not fetched again.
        const page = await (pending ??
          (number === 1 && this.#first
            ? this.#first
            : this.#page(number, position, call, number - 1, delivered)));
        pending = undefined;
        let next = page.next;
        if (next !== undefined && style.serverPositions) {
          if (seen.has(next)) {
            if (page.items.length > 0 || number === 1) yield this.#cut(page, limit - delivered);
            throw new PagingLoopError(
              `the server sent the same ${style.option} twice (${String(next).slice(0, 40)}); paging would never end`,
              { request: page.response.request },
            ).withContext({
              paging: context(number + 1, next, number, delivered + page.items.length),
            });
          }
          seen.add(next);
        }
        const cut = this.#cut(page, limit - delivered);
        delivered += cut.items.length;
        if (delivered >= limit || number >= maxPages) next = undefined;
        if (prefetch && next !== undefined) {
          pending = this.#page(number + 1, next, call, number, delivered);
          // Its failure surfaces when that page is awaited; never as an unhandled rejection.
          pending.catch(() => undefined);
        }
        if (cut.items.length > 0 || number === 1) yield cut;
        if (next === undefined) return;
        position = next;
      }
    } finally {
      stop.abort();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects every item (at most `limit`, or the list's own `limit`). */
  async toArray(options: { limit?: number | undefined } = {}): Promise<Item[]> {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const out: Item[] = [];
    if (limit <= 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Fetches page `number` at `position`; a failure gets the paging context. */
  async #page(
    number: number,
    position: PagePosition | undefined,
    call: CallOptions,
    pagesDelivered: number,
    itemsDelivered: number,
  ): Promise<Page<Item, Raw>> {
    let result: WithResponse<Raw>;
    try {
      result = await this.#fetchPage(position, call);
    } catch (error) {
      if (!(error instanceof SdkError)) throw error;
      throw error.withContext({
        paging: context(number, position, pagesDelivered, itemsDelivered),
      });
    }
    const style = this.#style;
    const items = style.items(result.data);
    const next =
      items.length === 0 && style.emptyPageEnds
        ? undefined
        : style.next(result.data, position, items);
    const load = (at: PagePosition) =>
      this.#page(number + 1, at, call, number, itemsDelivered + items.length);
    return {
      items,
      raw: result.data,
      number,
      position,
      next,
      response: result.response,
      hasNextPage: () => next !== undefined,
      nextPage: async () => {
        if (next === undefined) return undefined;
        if (style.serverPositions && next === position)
          throw new PagingLoopError(
            `the server sent the same ${style.option} twice; paging would never end`,
            { request: result.response.request },
          ).withContext({
            paging: context(number + 1, next, number, itemsDelivered + items.length),
          });
        return load(next);
      },
    };
  }

  /** The page with its items cut to `room`. */
  #cut(page: Page<Item, Raw>, room: number): Page<Item, Raw> {
    return page.items.length <= room ? page : { ...page, items: page.items.slice(0, room) };
  }
}

// The style of a refused list: never read, as nothing is fetched.
const REFUSED_STYLE: PagingStyle<never, never> = {
  param: '',
  option: '',
  items: () => [],
  next: () => undefined,
  emptyPageEnds: true,
  serverPositions: false,
};

function context(
  page: number,
  resumeFrom: PagePosition | undefined,
  pagesDelivered: number,
  itemsDelivered: number,
): PagingContext {
  return { page, resumeFrom, pagesDelivered, itemsDelivered };
}

/** The call options of every page request of a listing. */
function callOf(options: ListOptions): CallOptions {
  const { prefetch: _p, maxPages: _m, limit: _l, ...call } = options;
  return call;
}

function checkListOptions(options: ListOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { prefetch, maxPages, limit } = options;
  if (prefetch !== undefined && typeof prefetch !== 'boolean')
    throw new ValidationError('prefetch', 'must be true or false');
  if (maxPages !== undefined && !(Number.isInteger(maxPages) && maxPages >= 1))
    throw new ValidationError('maxPages', 'must be an integer of at least 1');
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0))
    throw new ValidationError('limit', 'must be a non-negative integer');
}
