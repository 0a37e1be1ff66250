// Where a tail or an export stands: the high-water mark of recorded time, and the ids already
// delivered at exactly that time (the next query starts at the mark, inclusive, so they come again).
import { ValidationError } from '@x/runtime';
import type { PlatformEvent } from './event.js';

/**
 * A resumable position in the event stream, a small JSON value to persist as it is.
 * Resuming queries `start_time = recordedAfter` (inclusive) and skips `seenIdsAtEdge`.
 */
export interface EventsCheckpoint {
  /** High-water mark: the recorded time (epoch ms) of the last delivered event. */
  readonly recordedAfter: number;
  /** Ids of the delivered events recorded exactly at `recordedAfter`. */
  readonly seenIdsAtEdge: readonly string[];
  /**
   * Exports to a file only: the file's size in bytes once the lines this checkpoint covers were
   * written and synced. A resumed export cuts the file back to it before writing.
   */
  readonly offset?: number | undefined;
}

/** The checkpoint at a start time, with nothing delivered yet. */
export function checkpointAt(startMillis: number): EventsCheckpoint {
  return { recordedAfter: startMillis, seenIdsAtEdge: [] };
}

/**
 * Reads a persisted checkpoint: the object, or its JSON text.
 * @throws ValidationError when it is not a checkpoint.
 */
export function parseCheckpoint(value: unknown): EventsCheckpoint {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new ValidationError('checkpoint', 'is not valid JSON');
    }
  }
  if (v === null || typeof v !== 'object')
    throw new ValidationError('checkpoint', 'must be an object');
  const { recordedAfter, seenIdsAtEdge, offset } = v as Record<string, unknown>;
  if (
    typeof recordedAfter !== 'number' ||
    !Number.isSafeInteger(recordedAfter) ||
    recordedAfter < 0
  )
    throw new ValidationError('checkpoint.recordedAfter', 'must be a non-negative integer');
  if (!Array.isArray(seenIdsAtEdge) || !seenIdsAtEdge.every((id) => typeof id === 'string'))
    throw new ValidationError('checkpoint.seenIdsAtEdge', 'must be an array of strings');
  if (offset !== undefined && (!Number.isSafeInteger(offset) || (offset as number) < 0))
    throw new ValidationError('checkpoint.offset', 'must be a non-negative integer (bytes)');
  return {
    recordedAfter,
    seenIdsAtEdge: [...(seenIdsAtEdge as string[])],
    ...(offset !== undefined ? { offset: offset as number } : {}),
  };
}

/**
 * The time an event counts at: `event_recorded_millis`, or `event_occurred_millis` when the
 * server left it out. `exact` is false for the fallback.
 */
export function positionOf(event: PlatformEvent): { time: number | undefined; exact: boolean } {
  const recorded: unknown = event.event_recorded_millis;
  if (typeof recorded === 'number' && Number.isFinite(recorded))
    return { time: recorded, exact: true };
  const occurred: unknown = event.event_occurred_millis;
  if (typeof occurred === 'number' && Number.isFinite(occurred))
    return { time: occurred, exact: false };
  return { time: undefined, exact: false };
}

/** Keeps a checkpoint up to date as events of an ascending stream are delivered. */
export class CheckpointTracker {
  private mark: number;
  private edge: Set<string>;
  private changed = false;

  constructor(start: EventsCheckpoint) {
    this.mark = start.recordedAfter;
    this.edge = new Set(start.seenIdsAtEdge);
  }

  /** The high-water mark: the `start_time` of the next query. */
  get recordedAfter(): number {
    return this.mark;
  }

  /**
   * Whether an event was already delivered according to the checkpoint: it sits on the edge
   * with a known id, or its recorded time is before the mark (outside the queried window).
   * Events without a recorded time are never judged delivered here (never lose one).
   */
  covers(event: PlatformEvent): boolean {
    const { time, exact } = positionOf(event);
    if (time === undefined || !exact) return false;
    if (time < this.mark) return true;
    return time === this.mark && typeof event.id === 'string' && this.edge.has(event.id);
  }

  /**
   * Records a delivered event. Only a recorded time moves the mark: an event without one (its
   * occurred time may be ahead of the recorded times that follow it) leaves the checkpoint as it is,
   * so it can never make the next query skip an event.
   */
  advance(event: PlatformEvent): void {
    const { time, exact } = positionOf(event);
    if (time === undefined || !exact || time < this.mark) return;
    if (time > this.mark) {
      this.mark = time;
      this.edge = new Set();
    }
    if (typeof event.id === 'string') this.edge.add(event.id);
    this.changed = true;
  }

  /** The checkpoint, and whether it changed since the last call to `take`. */
  take(): { checkpoint: EventsCheckpoint; changed: boolean } {
    const changed = this.changed;
    this.changed = false;
    return { checkpoint: this.checkpoint, changed };
  }

  /** The current checkpoint (a fresh, JSON-safe object). */
  get checkpoint(): EventsCheckpoint {
    return { recordedAfter: this.mark, seenIdsAtEdge: [...this.edge] };
  }
}
