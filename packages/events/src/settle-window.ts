// The settle window of a tail: an event is delivered only once the server has recorded an event
// more than `settleMs` later, so an event that becomes visible late (replica or ingest lag, up to
// `settleMs`) is still ahead of the checkpoint when it shows up. Time is the server's: the newest
// `event_recorded_millis` seen, never the local clock (which may be skewed from the server's).
import { positionOf } from './checkpoint.js';
import type { PlatformEvent } from './event.js';

/** Holds the new events of one poll, in order, until they are settled. */
export class SettleWindow {
  readonly #settleMs: number;
  /** The newest recorded time seen by the tail (over every poll): the server's clock. */
  #newest = Number.NEGATIVE_INFINITY;
  #held: PlatformEvent[] = [];
  /** Ids held in this poll: a page boundary that repeats an event does not hold it twice. */
  #heldIds = new Set<string>();

  constructor(settleMs: number) {
    this.#settleMs = settleMs;
  }

  /** The newest `event_recorded_millis` seen, or undefined before the first. */
  get newestRecorded(): number | undefined {
    return Number.isFinite(this.#newest) ? this.#newest : undefined;
  }

  /** Moves the server clock to the newest recorded time of `events` (every event of a page). */
  observe(events: readonly PlatformEvent[]): void {
    for (const event of events) {
      const { time, exact } = positionOf(event);
      if (exact && time !== undefined && time > this.#newest) this.#newest = time;
    }
  }

  /** Holds a new event behind those already held. */
  hold(event: PlatformEvent): void {
    if (typeof event.id === 'string') {
      if (this.#heldIds.has(event.id)) return;
      this.#heldIds.add(event.id);
    }
    this.#held.push(event);
  }

  /**
   * Takes the held events that have settled, oldest first, stopping at the first that has not
   * (the stream is in recorded order, so the ones behind it have not either). An event without
   * a recorded time cannot be placed in time: it settles once it is first in line.
   */
  *settled(): Generator<PlatformEvent, void, undefined> {
    while (this.#held.length > 0) {
      const event = this.#held[0]!;
      if (!this.#isSettled(event)) return;
      this.#held.shift();
      if (typeof event.id === 'string') this.#heldIds.delete(event.id);
      yield event;
    }
  }

  /**
   * Ends a poll: what is still held is dropped, to be listed again by the next poll (it is not
   * delivered, so the checkpoint does not cover it).
   */
  endPoll(): void {
    this.#held = [];
    this.#heldIds.clear();
  }

  #isSettled(event: PlatformEvent): boolean {
    if (this.#settleMs === 0) return true;
    const { time, exact } = positionOf(event);
    if (!exact || time === undefined) return true;
    return this.#newest - time > this.#settleMs;
  }
}
