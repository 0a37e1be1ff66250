// What `follow` and `export` share: which events of an ascending stream are new (not covered by
// the checkpoint, not delivered a moment ago), and the context a failure carries to resume from.
import type { ListOptions, Paginator } from '@x/runtime';
import { SdkError } from '@x/runtime';
import { CheckpointTracker, type EventsCheckpoint } from './checkpoint.js';
import type { EventsResponse, PlatformEvent } from './event.js';
import type { EventWindowOptions } from './list-params.js';
import { RecentIds } from './recent-ids.js';

/** A listing of events (the resource's, with camelCase options), handed to `follow` and `export`. */
export type ListEvents = (
  params: EventWindowOptions,
  options: ListOptions,
) => Paginator<PlatformEvent, EventsResponse>;

/**
 * How many delivered ids are remembered besides the checkpoint, to drop replays of events that have
 * no recorded time (which the checkpoint cannot cover).
 */
const RECENT_IDS = 10_000;

/** The events of an ascending stream delivered so far, and the checkpoint they make. */
export class Delivery {
  readonly #tracker: CheckpointTracker;
  readonly #recent = new RecentIds(RECENT_IDS);
  #count = 0;

  constructor(start: EventsCheckpoint) {
    this.#tracker = new CheckpointTracker(start);
  }

  /** The `startTime` of the next query: the recorded time of the last delivered event. */
  get recordedAfter(): number {
    return this.#tracker.recordedAfter;
  }

  /** How many events were delivered. */
  get count(): number {
    return this.#count;
  }

  /** The current checkpoint. */
  get checkpoint(): EventsCheckpoint {
    return this.#tracker.checkpoint;
  }

  /** The checkpoint, and whether it changed since the last call. */
  take(): { checkpoint: EventsCheckpoint; changed: boolean } {
    return this.#tracker.take();
  }

  /** Whether `event` is still to be delivered: not covered by the checkpoint, not a replay. */
  isNew(event: PlatformEvent): boolean {
    const id = idOf(event);
    return !this.#tracker.covers(event) && !(id !== undefined && this.#recent.has(id));
  }

  /** Records that `event` was delivered (handled by the caller's loop, or written). */
  delivered(event: PlatformEvent): void {
    this.#tracker.advance(event);
    const id = idOf(event);
    if (id !== undefined) this.#recent.add(id);
    this.#count++;
  }
}

/** Where a tail or export stood when a page failed. */
export interface StreamPosition {
  /** 1-based number of the page that failed, counted over the whole run. */
  readonly page: number;
  /** The checkpoint to resume from: every event before it was delivered, none after it. */
  readonly checkpoint: EventsCheckpoint;
  readonly pagesDelivered: number;
  readonly itemsDelivered: number;
}

/**
 * The error of a failed page, of its own class, with `paging` saying where to resume:
 * `resumeFrom` is the checkpoint as JSON text (pass it back as `checkpoint`). Errors that are not
 * the SDK's (a failing destination, a throwing callback) are returned as they are.
 */
export function resumable(error: unknown, at: StreamPosition): unknown {
  if (!(error instanceof SdkError)) return error;
  return error.withContext({
    paging: {
      page: at.page,
      resumeFrom: JSON.stringify(at.checkpoint),
      pagesDelivered: at.pagesDelivered,
      itemsDelivered: at.itemsDelivered,
    },
  });
}

function idOf(event: PlatformEvent): string | undefined {
  return typeof event.id === 'string' ? event.id : undefined;
}
