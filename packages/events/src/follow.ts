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
  ValidationError,
} from '@x/runtime';
import { optionalInteger } from '@x/runtime/internal';
import { checkpointAt, type EventsCheckpoint, parseCheckpoint } from './checkpoint.js';
import { durationOf, flagOf, pageSizeOf, refuseRenamed, requireOptions } from './checks.js';
import { Delivery, type ListEvents, resumable } from './delivery.js';
import type { PlatformEvent } from './event.js';
import { Leadership } from './leadership.js';
import type { FollowerLease, LeaseChange } from './lease.js';
import { type EventFilters, listQuery, splitFilters, type WireNames } from './list-params.js';
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

/**
 * Options of `follow`: where to start, the filters of `list` (spec parameters by their wire names,
 * `start_time`, `page_size`, `event_type`, …), pacing, bounds and callbacks (the SDK's own knobs,
 * `checkpoint`, `pollIntervalMs`, …).
 */
export interface FollowOptions extends EventFilters, CallOptions {
  /**
   * Where to resume: a checkpoint from `onCheckpoint`, or the `paging.resumeFrom` of a follow
   * error, as the object or its JSON text. Without one the tail starts at `start_time`.
   */
  checkpoint?: EventsCheckpoint | string | undefined;
  /** Where to start when there is no checkpoint (recorded time). Default 0: every event held. */
  start_time?: TimeInput | undefined;
  /** @deprecated 0.2's name of `start_time`; removed in the next minor. */
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
  page_size?: number | undefined;
  /** @deprecated 0.2's name of `page_size`; removed in the next minor. */
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
  /**
   * Run as one of several replicas: only the holder of this lease (leader election with a fencing
   * token) polls and delivers, and its checkpoint is committed beside the lease, before
   * `onCheckpoint`. The others stand by and take over within the lease's TTL from the last
   * committed checkpoint. A replica that cannot renew or commit stops delivering until it leads
   * again. `@x/fleet` gives one on Redis (`fleet.lease(name)`).
   */
  lease?: FollowerLease | undefined;
  /** Told when this replica becomes the leader or stands by (with `lease` only). */
  onLeaseChange?: ((change: LeaseChange) => void) | undefined;
}

/**
 * Tails the event stream (see `Events.follow`). Options are checked at once; a refusal is thrown
 * by the first `next()`, never by this call.
 * @internal
 */
export function followEvents(
  list: ListEvents,
  options: FollowOptions,
  wireNames: WireNames,
): AsyncGenerator<PlatformEvent, void, undefined> {
  let settings: ReturnType<typeof settingsOf>;
  try {
    settings = settingsOf(options, wireNames);
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

/** Thrown inside the tail when this replica stopped leading: it stands by until it leads again. */
const LOST = Symbol('lease lost');

async function* tail(
  list: ListEvents,
  options: FollowOptions,
  s: ReturnType<typeof settingsOf>,
): AsyncGenerator<PlatformEvent, void, undefined> {
  const { signal, onCheckpoint, onError } = options;
  const leadership = s.lease ? new Leadership(s.lease, options.onLeaseChange) : undefined;
  let delivery = new Delivery(s.start);
  let settle = new SettleWindow(s.settleMs);
  /** Events delivered in earlier terms of leadership. */
  let before = 0;
  let reported = JSON.stringify(delivery.checkpoint);
  // Without a lease: `onCheckpoint` when the checkpoint changed. With one: committed beside the
  // lease first; false when the store refused it (this replica no longer leads).
  const report = async (): Promise<boolean> => {
    if (!leadership) {
      const { checkpoint, changed } = delivery.take();
      if (changed && onCheckpoint) await onCheckpoint(checkpoint);
      return true;
    }
    const checkpoint = delivery.checkpoint;
    const text = JSON.stringify(checkpoint);
    if (text === reported) return true;
    if (!(await leadership.commit(text))) return false;
    reported = text;
    await onCheckpoint?.(checkpoint);
    return true;
  };
  // Stands by until this replica leads; then goes on from the checkpoint stored beside the lease,
  // or from its own state when nobody else committed since. False when aborted meanwhile.
  const lead = async (): Promise<boolean> => {
    const term = await leadership?.lead(signal);
    if (!term) return false;
    if (!term.own) {
      before += delivery.count;
      delivery = new Delivery(term.stored === undefined ? s.start : parseCheckpoint(term.stored));
      settle = new SettleWindow(s.settleMs);
      reported = JSON.stringify(delivery.checkpoint);
    }
    return true;
  };
  const leads = async () => !leadership || (await leadership.holds());
  const pause = async (ms: number): Promise<boolean> => {
    if (!leadership) return waitFor(ms, signal);
    const waited = await leadership.wait(ms, signal);
    if (waited === 'lost') throw LOST;
    return waited === 'waited';
  };
  let failures = 0;
  let pages = 0;
  // Checked after each event (the limit, the signal) and after each page (also maxPages).
  const stopped = () => signal?.aborted === true || before + delivery.count >= s.limit;
  const done = () => stopped() || pages >= s.maxPages;
  try {
    if (leadership && !(await lead())) return;
    while (!done()) {
      try {
        if (!(await leads())) throw LOST;
        const listing = list(
          {
            ...s.filters,
            ordering: 'asc',
            start_time: delivery.recordedAfter,
            page_size: s.pageSize,
          },
          { ...s.call, prefetch: s.prefetch, signal },
        );
        settle.endPoll();
        for await (const page of listing.pages()) {
          pages++;
          settle.observe(page.items);
          for (const event of page.items) if (delivery.isNew(event)) settle.hold(event);
          for (const event of settle.settled()) {
            if (!(await leads())) throw LOST;
            // The consumer asks for the next event once it has handled this one.
            yield event;
            delivery.delivered(event);
            if (stopped()) return;
          }
          if (!(await report())) throw LOST;
          if (done()) return;
        }
        failures = 0;
      } catch (error) {
        if (signal?.aborted) return;
        if (error === LOST) {
          if (!(await lead())) return;
          continue;
        }
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
        try {
          if (!(await report())) throw LOST;
          await onError?.(failure, {
            consecutiveFailures: failures,
            retryInMs,
            checkpoint: delivery.checkpoint,
          });
          if (!(await pause(retryInMs))) return;
        } catch (lost) {
          if (lost !== LOST) throw lost;
          if (!(await lead())) return;
        }
        continue;
      }
      try {
        if (!(await pause(s.pollIntervalMs))) return;
      } catch (lost) {
        if (lost !== LOST) throw lost;
        if (!(await lead())) return;
      }
    }
  } finally {
    await report();
    await leadership?.release();
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
  filters: 'put event_type, actor, outcome, … in the options themselves',
  start: 'use start_time',
};

function settingsOf(options: FollowOptions, wireNames: WireNames) {
  requireOptions(options);
  refuseRenamed(options, RENAMED);
  const { filters, rest } = splitFilters(wireNames(options));
  const {
    checkpoint,
    start_time,
    pollIntervalMs = 5000,
    settleMs = 5000,
    page_size = 1000,
    prefetch,
    maxPages,
    limit,
    maxErrorDelayMs = 60_000,
    signal: _signal,
    onCheckpoint: _onCheckpoint,
    onError: _onError,
    lease,
    onLeaseChange: _onLeaseChange,
    ...call
  } = rest;
  // Checked now, so that a bad filter is refused before the first poll.
  listQuery(filters, 'asc');
  const start =
    checkpoint !== undefined
      ? parseCheckpoint(checkpoint)
      : checkpointAt(start_time === undefined ? 0 : toMillis(start_time, 'start_time'));
  const listOptions: ListOptions = call;
  return {
    start,
    filters,
    pollIntervalMs: durationOf(pollIntervalMs, 'pollIntervalMs'),
    settleMs: durationOf(settleMs, 'settleMs'),
    maxErrorDelayMs: durationOf(maxErrorDelayMs, 'maxErrorDelayMs'),
    pageSize: pageSizeOf(page_size, 'page_size'),
    prefetch: flagOf(prefetch, 'prefetch', false),
    maxPages: optionalInteger(maxPages, 'maxPages', 1) ?? Number.POSITIVE_INFINITY,
    limit: optionalInteger(limit, 'limit', 0) ?? Number.POSITIVE_INFINITY,
    lease: leaseOf(lease),
    call: listOptions,
  };
}

/**
 * A lease option: an object with the methods of `FollowerLease`.
 * @throws ValidationError otherwise.
 * @internal
 */
export function leaseOf(value: unknown): FollowerLease | undefined {
  if (value === undefined) return undefined;
  const lease = value as Partial<FollowerLease> | null;
  const methods = ['now', 'wait', 'acquire', 'renew', 'commit', 'release'] as const;
  if (
    lease === null ||
    typeof lease !== 'object' ||
    !methods.every((name) => typeof lease[name] === 'function') ||
    typeof lease.ttlMs !== 'number' ||
    typeof lease.marginMs !== 'number' ||
    !(lease.ttlMs > 2 * lease.marginMs && lease.marginMs >= 0)
  )
    throw new ValidationError(
      'lease',
      'must be a FollowerLease (now, wait, acquire, renew, commit, release; ttlMs > 2 × marginMs ≥ 0)',
    );
  return lease as FollowerLease;
}
