// The one resource of family E: GET /v1/events, as one page or as all pages.
import {
  type ApiClient,
  type CallOptions,
  cursorPaginator,
  listPaging,
  type Paginator,
  type ListOptions as PagingOptions,
  unwrap,
} from '@x/runtime';
import type { PlatformEvent } from './event-types.js';
import type { paths } from './generated/schema.js';
import {
  checkCursor,
  type EventsPageQuery,
  type EventsQuery,
  type Ordering,
  toWireQuery,
} from './query.js';

/** One page of events. */
export interface EventsPage {
  /** The events of this page, in the requested order of recorded time. */
  readonly events: PlatformEvent[];
  /** The cursor of the next page; undefined on the last page. */
  readonly cursor: string | undefined;
  /** The status message of the response. */
  readonly message: string;
}

/** Options of `list`: call options for every page, prefetch, and where to start. */
export interface ListOptions extends PagingOptions {
  /** Start from this cursor instead of the first page (a `PaginationError.resumeFrom`). */
  cursor?: string;
}

/** Default order of `list` and `page`: newest first. */
export const DEFAULT_ORDERING: Ordering = 'desc';

/** Reads the security-related events recorded for the tenant. */
export class Events {
  constructor(private readonly client: ApiClient<paths>) {}

  /**
   * One page of events. `ordering` defaults to `desc` (newest first); pass the `cursor` of the
   * previous page to get the next one.
   * @throws ValidationError for an invalid query (nothing is sent); BadRequestError,
   * UnauthorizedError, ForbiddenError, … (see `@x/runtime`) when the API refuses it.
   */
  async page(query?: EventsPageQuery, options?: CallOptions): Promise<EventsPage> {
    const wire = toWireQuery(query, DEFAULT_ORDERING);
    return this.fetchPage(wire, options);
  }

  /**
   * Every event matching the query, across all pages (cursor paging). Iterate it with
   * `for await`, or use `pages()` / `toArray({ limit })`. `ordering` defaults to `desc`.
   * A page that fails after the runtime's retries throws `PaginationError`, whose `resumeFrom`
   * is the cursor to pass back as `options.cursor`.
   * @throws ValidationError at once for an invalid query.
   */
  list(
    query?: EventsQuery,
    options: ListOptions = {},
  ): Paginator<PlatformEvent, EventsPage, string | null> {
    const { cursor, ...paging } = options;
    const start = checkCursor(cursor);
    const wire = toWireQuery(query, DEFAULT_ORDERING);
    return cursorPaginator<PlatformEvent, EventsPage>(
      (position, _signal, pageCall) =>
        this.fetchPage(
          position.cursor === undefined ? wire : { ...wire, cursor: position.cursor },
          pageCall,
        ),
      (page) => page.events,
      (page) => page.cursor,
      { ...listPaging(paging), cursor: start },
    );
  }

  private async fetchPage(
    query: ReturnType<typeof toWireQuery>,
    options: CallOptions | undefined,
  ): Promise<EventsPage> {
    const response = await unwrap(
      this.client.raw.GET('/v1/events', { params: { query }, ...this.client.call(options) }),
    );
    return toPage(response);
  }
}

/** Reads a response body leniently: a missing list is empty, an empty cursor ends paging. */
function toPage(response: unknown): EventsPage {
  const envelope = isObject(response) ? response : {};
  const body = isObject(envelope.body) ? envelope.body : {};
  const events = Array.isArray(body.events)
    ? (body.events.filter(isObject) as unknown as PlatformEvent[])
    : [];
  const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : undefined;
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  return { events, cursor, message };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
