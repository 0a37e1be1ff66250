// Exports a window of events as NDJSON (one JSON object per line), resumable from a checkpoint.
import {
  AbortError,
  type CallOptions,
  PaginationError,
  SdkError,
  ValidationError,
} from '@x/runtime';
import {
  CheckpointTracker,
  checkpointAt,
  type EventsCheckpoint,
  parseCheckpoint,
} from './checkpoint.js';
import type { Events } from './events.js';
import { type EventsQuery, toMillis } from './query.js';
import { RecentIds } from './recent-ids.js';
import { type ExportTarget, openSink } from './sink.js';

/** How far an export got. */
export interface ExportProgress {
  /** Events written by this run. */
  readonly events: number;
  /** Pages fetched by this run. */
  readonly pages: number;
  /** Bytes written by this run (UTF-8). */
  readonly bytes: number;
  /** Resume from here: every event before it is in the output, none after it. */
  readonly checkpoint: EventsCheckpoint;
}

/** Options of `exportEvents`. */
export interface ExportOptions extends Omit<CallOptions, 'signal'> {
  /** The window and filters; the export always runs in ascending recorded order. */
  query?: Omit<EventsQuery, 'ordering'> & { ordering?: 'asc' };
  /** Where the NDJSON goes: a `WritableStream`, a Node `Writable` or a file path (Node only). */
  to: ExportTarget;
  /**
   * Resume a previous export from its checkpoint (from `onProgress`, the result or an
   * `ExportError`). A file target is then appended to instead of replaced.
   */
  checkpoint?: EventsCheckpoint | string;
  /** Append to a file target even without a checkpoint. Default: only when resuming. */
  append?: boolean;
  /** Called after each page was written and accepted by the destination. */
  onProgress?: (progress: ExportProgress) => void | Promise<void>;
  /** Fetch the next page while the current one is written. Default false. */
  prefetch?: boolean;
  /** Stops the export; it then throws `ExportError` with the checkpoint to resume from. */
  signal?: AbortSignal;
}

/**
 * An export stopped before the end (a failed page, a failed write, an abort). Its `checkpoint`
 * matches what was written: pass it back as `checkpoint` to continue without a duplicate line.
 * The original error is the `cause`.
 */
export class ExportError extends SdkError {
  override readonly name: string = 'ExportError';
  /** Where to resume. */
  readonly checkpoint: EventsCheckpoint;
  /** What this run wrote before it stopped. */
  readonly progress: ExportProgress;
  constructor(cause: unknown, progress: ExportProgress) {
    const failure =
      cause instanceof PaginationError && cause.cause !== undefined ? cause.cause : cause;
    const why = failure instanceof Error ? failure.message : String(failure);
    super(`export stopped after ${progress.events} event(s): ${why}`, {
      cause: failure,
      request: failure instanceof SdkError ? failure.request : undefined,
    });
    this.checkpoint = progress.checkpoint;
    this.progress = progress;
  }
  override toJSON() {
    return { ...super.toJSON(), checkpoint: this.checkpoint, progress: this.progress };
  }
}

const encoder = new TextEncoder();

/**
 * Lines are written in chunks of about this many UTF-16 units (and at the end of each page): one
 * write per chunk instead of one per event, and never more than a chunk held beyond the page.
 */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes every event of the query's window as NDJSON. See `EventsClient.exportEvents`.
 * @internal
 */
export async function exportEvents(
  events: Events,
  options: ExportOptions,
): Promise<ExportProgress> {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { query = {}, to, checkpoint, append, onProgress, prefetch, signal, ...call } = options;
  if (to === undefined || to === null) throw new ValidationError('to', 'is required');
  if (query.ordering !== undefined && query.ordering !== 'asc')
    throw new ValidationError('ordering', 'an export always runs in "asc" order');
  const queryStart = query.start_time === undefined ? 0 : toMillis(query.start_time, 'start_time');
  const resumed = checkpoint === undefined ? undefined : parseCheckpoint(checkpoint);
  const tracker = new CheckpointTracker(
    resumed && resumed.recordedAfter >= queryStart ? resumed : checkpointAt(queryStart),
  );
  const listing = events.list(
    { ...query, ordering: 'asc', start_time: tracker.recordedAfter },
    { ...call, prefetch: prefetch ?? false, signal },
  );
  const sink = await openSink(to, append ?? resumed !== undefined);
  const recent = new RecentIds(10_000);
  let progress: ExportProgress = { events: 0, pages: 0, bytes: 0, checkpoint: tracker.checkpoint };
  let written = 0;
  let bytes = 0;
  let pages = 0;
  // Lines not yet handed to the sink.
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
      for (const event of page.items) {
        const id = typeof event.id === 'string' ? event.id : undefined;
        if (tracker.covers(event) || (id !== undefined && recent.has(id))) continue;
        pending += `${JSON.stringify(event)}\n`;
        tracker.advance(event);
        if (id !== undefined) recent.add(id);
        written++;
        if (pending.length >= CHUNK_CHARS) await writePending();
      }
      await writePending();
      await sink.flush();
      progress = { events: written, pages, bytes, checkpoint: tracker.checkpoint };
      await onProgress?.(progress);
      if (signal?.aborted) throw new AbortError('the export was aborted', { cause: signal.reason });
    }
    await sink.close();
  } catch (error) {
    await sink.close().catch(() => undefined);
    throw new ExportError(error, progress);
  }
  return { events: written, pages, bytes, checkpoint: tracker.checkpoint };
}
