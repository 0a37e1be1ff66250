// A continuous, resumable tail of the event stream in ascending recorded order. Each poll lists
// from the checkpoint's recorded time (inclusive, so late arrivals in that millisecond are seen)
// and drops what was delivered already, so each event id arrives once. An event is delivered only
// once it has settled (see settle-window.ts): events that become visible up to `settleMs` late
// are not skipped.
import {
  ApiError,
  type CallOptions,
  ConnectionError,
  type ListOptions,
  TimeoutError,
} from '@x/runtime';
import { optionalInteger } from '@x/runtime/internal';
import { checkpointAt, type EventsCheckpoint, parseCheckpoint } from './checkpoint.js';
import { durationOf, flagOf, pageSizeOf, refuseRenamed, requireOptions } from './checks.js';
import { Delivery, type ListEvents, resumable } from './delivery.js';
import type { PlatformEvent } from './event.js';
import { type EventFilters, eventsQuery, splitFilters } from './list-params.js';
import { SettleWindow } from './settle-window.js';
import { type TimeInput, toMillis } from './time-input.js';
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

/** Options of `follow`: where to start, the filters of `list`, pacing, bounds and callbacks. */
export interface FollowOptions extends EventFilters, CallOptions {
  /**
   * Where to resume: a checkpoint from `onCheckpoint`, or the `paging.resumeFrom` of a follow
   * error, as the object or its JSON text. Without one the tail starts at `startTime`.
   */
  checkpoint?: EventsCheckpoint | string | undefined;
  /** Where to start when there is no checkpoint (recorded time). Default 0: every event held. */
  startTime?: TimeInput | undefined;
  /** Wait between polls once the stream is drained, in ms. Default 5000. */
  pollIntervalMs?: number | undefined;
  /**
   * Deliver an event only once the server has recorded one more than this many ms after it
   * (the newest `event_recorded_millis` seen, the server's clock, never the local one). Events
   * that become visible late (replica or ingest lag) by less than this are not skipped; each
   * event arrives that much later, and on a quiet stream the last events wait until a later one
   * is recorded. Default 5000; 0 delivers at once (a late event recorded before the checkpoint is
   * then never seen).
   */
  settleMs?: number | undefined;
  /** Events per page, 1 to 1000. Default 1000. */
  pageSize?: number | undefined;
  /** Fetch the next page of a poll while the current one is delivered. Default false. */
  prefetch?: boolean | undefined;
  /** End the tail after this many pages, over all polls. Default: no limit. */
  maxPages?: number | undefined;
  /** End the tail after this many events (replays dropped are not counted). Default: no limit. */
  limit?: number | undefined;
  /** Stops the tail cleanly: the iteration ends without an error and no timer is left behind. */
  signal?: AbortSignal | undefined;
  /**
   * Receives the checkpoint after the events it covers were handled by your loop (after each page
   * with new events, and when the tail stops). Persist it; the tail waits for a returned promise.
   */
  onCheckpoint?: ((checkpoint: EventsCheckpoint) => void | Promise<void>) | undefined;
  /**
   * Receives a poll failure that is worth retrying (429, 5xx, connection loss, timeout) after the
   * runtime's own retries, as its own error class with `paging`. The tail keeps its checkpoint,
   * waits and polls again; throw from this hook to stop it with that error.
   */
  onError?: ((error: unknown, info: FollowErrorInfo) => void | Promise<void>) | undefined;
  /** Longest wait after repeated failures, in ms. Default 60000. */
  maxErrorDelayMs?: number | undefined;
}

/**
 * Tails the event stream (see `Events.follow`). Options are checked at once; a refusal is thrown
 * by the first `next()`, never by this call.
 * @internal
 */
export function followEvents(
  list: ListEvents,
  options: FollowOptions,
): AsyncGenerator<PlatformEvent, void, undefined> {
  let settings: ReturnType<typeof settingsOf>;
  try {
    settings = settingsOf(options);
  } catch (error) {
    return refused(error);
  }
  return tail(list, options, settings);
}

// A tail whose options were refused: its first `next()` rejects with the refusal.
// biome-ignore lint/correctness/useYield: it only throws, as a tail with bad options does
async function* refused(error: unknown): AsyncGenerator<PlatformEvent, void, undefined> {
  throw error;
}

async function* tail(
  list: ListEvents,
  options: FollowOptions,
  s: ReturnType<typeof settingsOf>,
): AsyncGenerator<PlatformEvent, void, undefined> {
  const { signal, onCheckpoint, onError } = options;
  const delivery = new Delivery(s.start);
  const settle = new SettleWindow(s.settleMs);
  const report = async () => {
    const { checkpoint, changed } = delivery.take();
    if (changed && onCheckpoint) await onCheckpoint(checkpoint);
  };
  let failures = 0;
  let pages = 0;
  // Checked after each event (the limit, the signal) and after each page (also maxPages).
  const stopped = () => signal?.aborted === true || delivery.count >= s.limit;
  const done = () => stopped() || pages >= s.maxPages;
  try {
    while (!done()) {
      try {
        const listing = list(
          {
            ...s.filters,
            ordering: 'asc',
            startTime: delivery.recordedAfter,
            pageSize: s.pageSize,
          },
          { ...s.call, prefetch: s.prefetch, signal },
        );
        settle.endPoll();
        for await (const page of listing.pages()) {
          pages++;
          settle.observe(page.items);
          for (const event of page.items) if (delivery.isNew(event)) settle.hold(event);
          for (const event of settle.settled()) {
            // The consumer asks for the next event once it has handled this one.
            yield event;
            delivery.delivered(event);
            if (stopped()) return;
          }
          await report();
          if (done()) return;
        }
        failures = 0;
      } catch (error) {
        if (signal?.aborted) return;
        const failure = resumable(error, {
          page: pages + 1,
          checkpoint: delivery.checkpoint,
          pagesDelivered: pages,
          itemsDelivered: delivery.count,
        });
        if (!isTransient(failure)) throw failure;
        failures++;
        const retryInMs = Math.min(
          s.maxErrorDelayMs,
          s.pollIntervalMs * 2 ** Math.min(failures - 1, 20),
        );
        await report();
        await onError?.(failure, {
          consecutiveFailures: failures,
          retryInMs,
          checkpoint: delivery.checkpoint,
        });
        if (!(await waitFor(retryInMs, signal))) return;
        continue;
      }
      if (!(await waitFor(s.pollIntervalMs, signal))) return;
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

const RENAMED = {
  filters: 'put eventType, actor, outcome, … in the options themselves',
  start: 'use startTime',
  page_size: 'use pageSize',
};

function settingsOf(options: FollowOptions) {
  requireOptions(options);
  refuseRenamed(options, RENAMED);
  const { filters, rest } = splitFilters(options);
  const {
    checkpoint,
    startTime,
    pollIntervalMs = 5000,
    settleMs = 5000,
    pageSize = 1000,
    prefetch,
    maxPages,
    limit,
    maxErrorDelayMs = 60_000,
    signal: _signal,
    onCheckpoint: _onCheckpoint,
    onError: _onError,
    ...call
  } = rest;
  // Checked now, so that a bad filter is refused before the first poll.
  eventsQuery(filters, 'asc');
  const start =
    checkpoint !== undefined
      ? parseCheckpoint(checkpoint)
      : checkpointAt(startTime === undefined ? 0 : toMillis(startTime, 'startTime'));
  const listOptions: ListOptions = call;
  return {
    start,
    filters,
    pollIntervalMs: durationOf(pollIntervalMs, 'pollIntervalMs'),
    settleMs: durationOf(settleMs, 'settleMs'),
    maxErrorDelayMs: durationOf(maxErrorDelayMs, 'maxErrorDelayMs'),
    pageSize: pageSizeOf(pageSize, 'pageSize'),
    prefetch: flagOf(prefetch, 'prefetch', false),
    maxPages: optionalInteger(maxPages, 'maxPages', 1) ?? Number.POSITIVE_INFINITY,
    limit: optionalInteger(limit, 'limit', 0) ?? Number.POSITIVE_INFINITY,
    call: listOptions,
  };
}
