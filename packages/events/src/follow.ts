// A continuous, resumable tail of the event stream in ascending recorded order.
import {
  ApiError,
  type CallOptions,
  ConnectionError,
  PaginationError,
  TimeoutError,
  ValidationError,
} from '@x/runtime';
import {
  CheckpointTracker,
  checkpointAt,
  type EventsCheckpoint,
  parseCheckpoint,
} from './checkpoint.js';
import type { PlatformEvent } from './event-types.js';
import type { Events } from './events.js';
import { type EventFilters, type TimeInput, toMillis } from './query.js';
import { RecentIds } from './recent-ids.js';
import { waitFor } from './wait.js';

/** What `onError` learns about a failed poll. */
export interface FollowErrorInfo {
  /** Failed polls in a row, including this one. */
  readonly consecutiveFailures: number;
  /** How long the tail waits before polling again, in ms. */
  readonly retryInMs: number;
  /** The checkpoint it will poll from again (every event before it was delivered). */
  readonly checkpoint: EventsCheckpoint;
}

/** Options of `follow`. */
export interface FollowOptions extends Omit<CallOptions, 'signal'> {
  /**
   * Where to resume: a checkpoint from `onCheckpoint`, as the object or its JSON text. Without
   * one the tail starts at `start` (default 0: every event the platform still holds).
   */
  checkpoint?: EventsCheckpoint | string;
  /** Where to start when there is no checkpoint: recorded time, epoch ms or `Date`. Default 0. */
  start?: TimeInput;
  /** Filters applied to every poll. */
  filters?: EventFilters;
  /** Wait between polls once the stream is drained, in ms. Default 5000. */
  pollIntervalMs?: number;
  /** Events per page, 1 to 1000. Default 1000. */
  pageSize?: number;
  /** Fetch the next page of a poll while the current one is delivered. Default false. */
  prefetch?: boolean;
  /** Stops the tail cleanly: the iteration ends without an error and no timer is left behind. */
  signal?: AbortSignal;
  /**
   * Receives the checkpoint after the events it covers were delivered (after each page with new
   * events, and when the tail stops). Persist it; the tail waits for a returned promise.
   */
  onCheckpoint?: (checkpoint: EventsCheckpoint) => void | Promise<void>;
  /**
   * Receives a poll failure that is worth retrying (429, 5xx, connection loss, timeout) after the
   * runtime's own retries. The tail keeps its checkpoint, waits and polls again; throw from this
   * hook to stop it with that error.
   */
  onError?: (error: unknown, info: FollowErrorInfo) => void | Promise<void>;
  /** Longest wait after repeated failures, in ms. Default 60000. */
  maxErrorDelayMs?: number;
  /** Ends the tail after this many pages (for demos and tests). Default: no limit. */
  maxPages?: number;
}

/** How many delivered ids the tail remembers besides the checkpoint, to drop replays. */
const RECENT_IDS = 10_000;

/**
 * Tails the event stream (see `EventsClient.follow`). Options are checked at once.
 * @internal
 */
export function followEvents(
  events: Events,
  options: FollowOptions,
): AsyncGenerator<PlatformEvent, void, undefined> {
  return tail(events, options, readOptions(options));
}

async function* tail(
  events: Events,
  options: FollowOptions,
  settings: ReturnType<typeof readOptions>,
): AsyncGenerator<PlatformEvent, void, undefined> {
  const { signal, onCheckpoint, onError } = options;
  const tracker = new CheckpointTracker(settings.start);
  const recent = new RecentIds(RECENT_IDS);
  const report = async () => {
    const { checkpoint, changed } = tracker.take();
    if (changed && onCheckpoint) await onCheckpoint(checkpoint);
  };
  let failures = 0;
  let pages = 0;
  try {
    while (!signal?.aborted && pages < settings.maxPages) {
      try {
        const listing = events.list(
          {
            ...settings.filters,
            ordering: 'asc',
            start_time: tracker.recordedAfter,
            page_size: settings.pageSize,
          },
          { ...settings.call, prefetch: settings.prefetch, signal },
        );
        for await (const page of listing.pages()) {
          pages++;
          for (const event of page.items) {
            const id = typeof event.id === 'string' ? event.id : undefined;
            if (tracker.covers(event) || (id !== undefined && recent.has(id))) continue;
            // The consumer asks for the next event once it has handled this one.
            yield event;
            tracker.advance(event);
            if (id !== undefined) recent.add(id);
            if (signal?.aborted) return;
          }
          await report();
          if (pages >= settings.maxPages || signal?.aborted) return;
        }
        failures = 0;
      } catch (error) {
        if (signal?.aborted) return;
        const cause = error instanceof PaginationError ? error.cause : error;
        if (!isTransient(cause)) throw cause;
        failures++;
        const retryInMs = Math.min(
          settings.maxErrorDelayMs,
          settings.pollIntervalMs * 2 ** Math.min(failures - 1, 20),
        );
        await report();
        await onError?.(cause, {
          consecutiveFailures: failures,
          retryInMs,
          checkpoint: tracker.checkpoint,
        });
        if (!(await waitFor(retryInMs, signal))) return;
        continue;
      }
      if (!(await waitFor(settings.pollIntervalMs, signal))) return;
    }
  } finally {
    await report();
  }
}

/** Whether a failed poll may succeed later: rate limits, server errors, lost connections. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  return (
    error instanceof ApiError &&
    (error.status === 408 || error.status === 429 || error.status >= 500)
  );
}

function readOptions(options: FollowOptions) {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const {
    checkpoint,
    start,
    filters,
    pollIntervalMs = 5000,
    pageSize = 1000,
    prefetch = false,
    maxErrorDelayMs = 60_000,
    maxPages = Number.POSITIVE_INFINITY,
    signal: _signal,
    onCheckpoint: _onCheckpoint,
    onError: _onError,
    ...call
  } = options;
  const begin =
    checkpoint !== undefined
      ? parseCheckpoint(checkpoint)
      : checkpointAt(start === undefined ? 0 : toMillis(start, 'start'));
  nonNegative(pollIntervalMs, 'pollIntervalMs');
  nonNegative(maxErrorDelayMs, 'maxErrorDelayMs');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    throw new ValidationError('pageSize', 'must be an integer from 1 to 1000');
  if (!(maxPages >= 1)) throw new ValidationError('maxPages', 'must be at least 1');
  return {
    start: begin,
    filters,
    pollIntervalMs,
    pageSize,
    prefetch,
    maxErrorDelayMs,
    maxPages,
    call,
  };
}

function nonNegative(value: number, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ValidationError(field, 'must be a non-negative number');
}
