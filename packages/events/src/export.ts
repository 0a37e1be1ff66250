// Exports a window of events as NDJSON (one JSON object per line), resumable from a checkpoint.
// Lines reach the destination page by page; the checkpoint after a page is reported only once the
// destination has accepted it (a file: written and synced, with its size as the checkpoint's
// `offset`), so a checkpoint never covers a line that was not written, and a resumed file export
// cuts off whatever a crash left after it.
import { AbortError, type CallOptions, ValidationError } from '@x/runtime';
import { checkpointAt, type EventsCheckpoint, parseCheckpoint } from './checkpoint.js';
import { flagOf, refuseRenamed, requireOptions } from './checks.js';
import { Delivery, type ListEvents, resumable } from './delivery.js';
import { leaseOf } from './follow.js';
import { Leadership } from './leadership.js';
import type { FollowerLease, LeaseChange } from './lease.js';
import { type EventWindowOptions, splitFilters, type WireNames } from './list-params.js';
import { type ExportTarget, openSink } from './sink.js';
import { toMillis } from './time-input.js';

/** How far an export got. */
export interface ExportProgress {
  /** Events written by this run. */
  readonly events: number;
  /** Pages fetched by this run. */
  readonly pages: number;
  /** Bytes written by this run (UTF-8, before compression). */
  readonly bytes: number;
  /**
   * A file target's size in bytes after the page (on disk): also the checkpoint's `offset`.
   * Undefined for streams.
   */
  readonly offset?: number | undefined;
  /**
   * Resume from here: every event before it is in the output, none after it. For a file it holds
   * the file's `offset`, to which a resumed export cuts the file back.
   */
  readonly checkpoint: EventsCheckpoint;
}

/**
 * Options of `export`: the window and filters of `list` (always in ascending order), where the
 * lines go, and where to resume.
 */
export interface ExportOptions
  extends Omit<EventWindowOptions, 'ordering' | 'cursor'>,
    CallOptions {
  /** Where the NDJSON goes: a `WritableStream`, a Node `Writable` or a file path (Node only). */
  to: ExportTarget;
  /** An export always runs oldest first; only `asc` is accepted. */
  ordering?: 'asc' | undefined;
  /**
   * Resume a previous export from its checkpoint (from `onProgress`, the result, or the
   * `paging.resumeFrom` of an export error), as the object or its JSON text. A file target is then
   * cut back to the checkpoint's `offset` (lines written after the checkpoint, by a crash in the
   * middle of a page, are dropped) and written on; without an `offset` it is appended to. A stream
   * cannot be cut back: lines written after the last checkpoint come again (at least once).
   */
  checkpoint?: EventsCheckpoint | string | undefined;
  /** Append to a file target even without a checkpoint. Default: only when resuming. */
  append?: boolean | undefined;
  /** Called after each page was written and accepted by the destination. */
  onProgress?: ((progress: ExportProgress) => void | Promise<void>) | undefined;
  /** Fetch the next page while the current one is written. Default false. */
  prefetch?: boolean | undefined;
  /** Stops the export after the page being written; it then throws AbortError with `paging`. */
  signal?: AbortSignal | undefined;
  /**
   * Run as one of several replicas: only the holder of this lease writes, and each page's
   * checkpoint is committed beside the lease with its fencing token before `onProgress`. A standby
   * takes over within the lease's TTL from the last committed checkpoint (a file target is cut
   * back to its `offset` first: exactly once; a stream gets the lines after it again: at least
   * once, dedupe by event id), and returns once the window is written. `@x/fleet` gives one on
   * Redis (`fleet.lease(name)`); name it after the export.
   */
  lease?: FollowerLease | undefined;
  /** Told when this replica becomes the leader or stands by (with `lease` only). */
  onLeaseChange?: ((change: LeaseChange) => void) | undefined;
}

const encoder = new TextEncoder();

/**
 * Lines are written in chunks of about this many UTF-16 units (and at the end of each page): one
 * write per chunk instead of one per event, and never more than a chunk held beyond the page.
 */
const CHUNK_CHARS = 64 * 1024;

const RENAMED = {
  query: 'put start_time, end_time, page_size, event_type, … in the options themselves',
};

/**
 * Writes every event of the window as NDJSON. See `Events.export`.
 * @internal
 */
export async function exportEvents(
  list: ListEvents,
  options: ExportOptions,
  wireNames: WireNames,
): Promise<ExportProgress> {
  requireOptions(options);
  refuseRenamed(options, RENAMED);
  const { filters, rest } = splitFilters(wireNames(options));
  const { to, checkpoint, append, onProgress, prefetch, signal, lease, onLeaseChange, ...span } =
    rest;
  const {
    start_time,
    end_time,
    page_size,
    ordering,
    startTime: _startTime,
    endTime: _endTime,
    pageSize: _pageSize,
    ...call
  } = span;
  if (to === undefined || to === null) throw new ValidationError('to', 'is required');
  if (ordering !== undefined && ordering !== 'asc')
    throw new ValidationError('ordering', 'an export always runs in "asc" order');
  const windowStart = start_time === undefined ? 0 : toMillis(start_time, 'start_time');
  const given = checkpoint === undefined ? undefined : parseCheckpoint(checkpoint);
  const run = (resumed: EventsCheckpoint | undefined, leadership?: Leadership) =>
    exportFrom(list, {
      filters,
      call,
      span: { end_time, page_size },
      to,
      windowStart,
      resumed,
      append: flagOf(append, 'append', resumed !== undefined),
      prefetch: flagOf(prefetch, 'prefetch', false),
      signal,
      onProgress,
      leadership,
    });
  const checkedLease = leaseOf(lease);
  // Without a lease a run never stops leading.
  if (!checkedLease) return (await run(given)) as ExportProgress;
  const leadership = new Leadership(checkedLease, onLeaseChange);
  try {
    for (;;) {
      const term = await leadership.lead(signal);
      if (!term) throw new AbortError('the export was aborted', { cause: signal?.reason });
      // Each term starts again from the last committed checkpoint (a file is cut back to it).
      const stored = term.stored ?? (term.own ? leadership.committed : undefined);
      const result = await run(stored === undefined ? given : parseCheckpoint(stored), leadership);
      if (result !== LOST) return result;
    }
  } finally {
    await leadership.release();
  }
}

/** Returned by a term of a leased export that stopped leading: it stands by again. */
const LOST = Symbol('lease lost');

interface ExportRun {
  filters: ReturnType<typeof splitFilters>['filters'];
  call: CallOptions;
  span: Pick<EventWindowOptions, 'end_time' | 'page_size'>;
  to: ExportTarget;
  windowStart: number;
  resumed: EventsCheckpoint | undefined;
  append: boolean;
  prefetch: boolean;
  signal: AbortSignal | undefined;
  onProgress: ExportOptions['onProgress'];
  leadership: Leadership | undefined;
}

/** One pass over the window from `resumed`; LOST when a leased run stopped leading. */
async function exportFrom(list: ListEvents, r: ExportRun): Promise<ExportProgress | typeof LOST> {
  const { to, resumed, signal, onProgress, leadership } = r;
  const delivery = new Delivery(
    resumed && resumed.recordedAfter >= r.windowStart ? resumed : checkpointAt(r.windowStart),
  );
  // Made (and its parameters checked) before the destination is opened: a bad parameter must not
  // truncate a file.
  const listing = list(
    { ...r.filters, ordering: 'asc', start_time: delivery.recordedAfter, ...r.span },
    { ...r.call, prefetch: r.prefetch, signal },
  );
  if (leadership && !(await leadership.holds())) return LOST;
  const sink = await openSink(to, r.append, typeof to === 'string' ? resumed?.offset : undefined);
  const at = () => {
    const offset = sink.offset?.();
    const checkpoint = delivery.checkpoint;
    return { offset, checkpoint: offset === undefined ? checkpoint : { ...checkpoint, offset } };
  };
  let progress: ExportProgress = { events: 0, pages: 0, bytes: 0, ...at() };
  let bytes = 0;
  let pages = 0;
  // Lines not yet handed to the destination.
  let pending = '';
  const writePending = async () => {
    if (pending === '') return;
    const chunk = encoder.encode(pending);
    pending = '';
    bytes += chunk.byteLength;
    await sink.write(chunk);
  };
  try {
    for await (const page of listing.pages()) {
      pages++;
      // A replica that no longer leads writes nothing more.
      if (leadership && !(await leadership.holds())) {
        await sink.close();
        return LOST;
      }
      for (const event of page.items) {
        if (!delivery.isNew(event)) continue;
        pending += `${JSON.stringify(event)}\n`;
        delivery.delivered(event);
        if (pending.length >= CHUNK_CHARS) await writePending();
      }
      await writePending();
      await sink.flush();
      progress = { events: delivery.count, pages, bytes, ...at() };
      if (leadership && !(await leadership.commit(JSON.stringify(progress.checkpoint)))) {
        await sink.close();
        return LOST;
      }
      await onProgress?.(progress);
      if (signal?.aborted) throw new AbortError('the export was aborted', { cause: signal.reason });
    }
    const last = at();
    await sink.close();
    return { events: delivery.count, pages, bytes, ...last };
  } catch (error) {
    await sink.close().catch(() => undefined);
    throw resumable(error, {
      page: progress.pages + 1,
      checkpoint: progress.checkpoint,
      pagesDelivered: progress.pages,
      itemsDelivered: progress.events,
    });
  }
}
