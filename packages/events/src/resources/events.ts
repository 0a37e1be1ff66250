// The one resource of family E: `GET /v1/events`, listed page by page, tailed, or exported.
import type { ListOptions, Paginator } from '@x/runtime';
import type { EventsApi } from '../api.js';
import type { EventsResponse, PlatformEvent } from '../event.js';
import { eventsPaging } from '../event-page.js';
import { type ExportOptions, type ExportProgress, exportEvents } from '../export.js';
import { type FollowOptions, followEvents } from '../follow.js';
import {
  type EventListParams,
  type EventWindowOptions,
  LIST_PARAMS,
  listQuery,
  type Ordering,
  type WireNames,
} from '../list-params.js';

const PATHS = {
  events: '/v1/events',
} as const;

/** Default order of `list`: newest first. */
export const DEFAULT_ORDERING: Ordering = 'desc';

/** The security-related events recorded for the tenant. */
export class Events {
  /** @internal */
  constructor(private readonly api: EventsApi) {}

  /**
   * The events of a window, page by page (cursor paging). `await` it for the first page,
   * `for await` it for every event, or use `pages()`. `ordering` defaults to `desc` (newest
   * first); `cursor` starts at a page's `next` or an error's `paging.resumeFrom`.
   * @throws ValidationError (the list rejects when awaited or iterated), naming the parameter (`page_size`, `start_time`, `actor[1]`),
   * before anything is sent. A page that fails throws its own class (BadRequestError,
   * UnauthorizedError, ForbiddenError, ServerError, …) with `paging.resumeFrom` the cursor to
   * resume from; a server that sends back a cursor it already sent stops the listing with
   * PagingLoopError.
   * @example
   * const page = await events.list({ start_time: Date.now() - 86_400_000, page_size: 500 });
   * for await (const event of events.list({ event_type: 'USER_CHANGE' }, { limit: 100 })) show(event);
   */
  list(
    params: EventListParams = {},
    options?: ListOptions,
  ): Paginator<PlatformEvent, EventsResponse> {
    return this.api.list(
      PATHS.events,
      eventsPaging,
      () => ({ query: listQuery(this.api.wireParams(params, LIST_PARAMS), DEFAULT_ORDERING) }),
      options,
    );
  }

  /**
   * A continuous tail in ascending recorded order that ends only when `signal` aborts, or after
   * `maxPages` pages or `limit` events. Each poll lists from the checkpoint and drops what was
   * delivered already, so each event id arrives once. `onCheckpoint` gets the checkpoint after the
   * events it covers were handled by your loop: persist it and pass it back as `checkpoint` after a
   * restart to lose nothing. A poll that fails with 429, 5xx, a lost connection or a timeout is
   * reported to `onError` and retried from the same checkpoint.
   * @throws ValidationError from the first `next()` for bad options or filters. Any other failure (400, 401, 403,
   * PagingLoopError, …) ends the iteration with its own error class, whose `paging.resumeFrom` is
   * the checkpoint to resume from as JSON text (pass it back as `checkpoint`).
   * @example
   * for await (const event of events.follow({ checkpoint: await load(), onCheckpoint: save, signal })) {
   *   await siem.send(event);
   * }
   */
  follow(options: FollowOptions = {}): AsyncGenerator<PlatformEvent, void, undefined> {
    return followEvents(this.#list, options, this.#wireNames);
  }

  /**
   * Writes every event of a window as NDJSON to a stream or a file, in ascending recorded order,
   * honouring the destination's backpressure and reporting progress after each page. Resolves with
   * the final progress and checkpoint.
   * @throws ValidationError (the promise rejects) for bad options, before anything is written. A
   * failed page or an abort rejects with its own error class (ServerError, AbortError, …) whose
   * `paging.resumeFrom` is the checkpoint, as JSON text, matching what was written: pass it back as
   * `checkpoint` to continue without a duplicate line. A failing destination rejects with its own
   * error; resume from the last `onProgress` checkpoint.
   * @example
   * await events.export({ start_time: '2026-11-01', end_time: '2026-12-01', to: './november.ndjson' });
   */
  export(options: ExportOptions): Promise<ExportProgress> {
    return exportEvents(this.#list, options, this.#wireNames);
  }

  // `follow`'s and `export`'s listing: the list itself, given wire names only.
  readonly #list = (params: EventWindowOptions, options: ListOptions) => this.list(params, options);
  // Their options' deprecated camelCase names, moved and reported like the list's.
  readonly #wireNames: WireNames = (options) => this.api.wireParams(options, LIST_PARAMS);
}
