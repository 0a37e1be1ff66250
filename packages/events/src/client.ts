import {
  type ApiClient,
  type CallOptions,
  type ClientOptions,
  createApiClient,
  type Paginator,
} from '@x/runtime';
import type { PlatformEvent } from './event-types.js';
import { Events, type EventsPage, type ListOptions } from './events.js';
import { type ExportOptions, type ExportProgress, exportEvents } from './export.js';
import { type FollowOptions, followEvents } from './follow.js';
import type { paths } from './generated/schema.js';
import type { EventsPageQuery, EventsQuery } from './query.js';

/** Options of the events client: `baseUrl` is your `{events_url}`, `auth` your API key. */
export type EventsClientOptions = ClientOptions;

/** The family E client: list, tail and export the tenant's security events. */
export interface EventsClient {
  /**
   * One page of events (`ordering` defaults to `desc`, newest first). Pass the returned `cursor`
   * to get the next page.
   */
  page(query?: EventsPageQuery, options?: CallOptions): Promise<EventsPage>;
  /**
   * Every event matching the query across all pages, as an async iterator
   * (`for await (const event of events.list({ event_type: 'USER_CHANGE' }))`).
   * `ordering` defaults to `desc`; `options.prefetch` fetches the next page ahead.
   */
  list(
    query?: EventsQuery,
    options?: ListOptions,
  ): Paginator<PlatformEvent, EventsPage, string | null>;
  /**
   * A continuous tail in ascending recorded order, as an async iterator that ends only when
   * `signal` aborts (or after `maxPages`). Each poll asks for `start_time = checkpoint` and pages
   * through; events already delivered at the edge are skipped, so each id arrives once.
   * `onCheckpoint` gets the checkpoint after the events it covers were handled by your loop:
   * persist it and pass it back as `checkpoint` after a restart to lose nothing.
   * Failed polls (429, 5xx, lost connection) are reported to `onError` and retried from the
   * same checkpoint; other errors (400, 401, 403) end the iteration with that error.
   * @example
   * for await (const event of events.follow({ checkpoint: await load(), onCheckpoint: save, signal })) {
   *   await siem.send(event);
   * }
   */
  follow(options?: FollowOptions): AsyncGenerator<PlatformEvent, void, undefined>;
  /**
   * Writes every event of the query's window as NDJSON to a stream or a file, in ascending
   * recorded order, reporting progress after each page. Resolves with the final progress and
   * checkpoint; on failure throws `ExportError` carrying the checkpoint to resume from.
   */
  exportEvents(options: ExportOptions): Promise<ExportProgress>;
  /** The typed openapi-fetch client for the spec, with the same auth, retries and errors. */
  readonly raw: ApiClient<paths>['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: ApiClient<paths>['request'];
}

/**
 * Creates a client for the events export API (family E).
 * @example
 * const events = createEventsClient({ baseUrl: process.env.EVENTS_URL!, auth: staticToken(apiKey) });
 * for await (const event of events.list({ event_type: 'USER_CHANGE', start_time: Date.now() - 3_600_000 }))
 *   console.log(event.id);
 */
export function createEventsClient(options: EventsClientOptions): EventsClient {
  const client = createApiClient<paths>(options);
  const events = new Events(client);
  return Object.freeze({
    page: (query?: EventsPageQuery, callOptions?: CallOptions) => events.page(query, callOptions),
    list: (query?: EventsQuery, listOptions?: ListOptions) => events.list(query, listOptions),
    follow: (followOptions: FollowOptions = {}) => followEvents(events, followOptions),
    exportEvents: (exportOptions: ExportOptions) => exportEvents(events, exportOptions),
    raw: client.raw,
    request: client.request,
  });
}
