// A clock that moves only when the test says so: waits resolve when `advance` passes their end,
// so a lease's TTL goes by without any real wait. `skewed` gives a process's view of the same
// clock that runs ahead (or behind) by a fixed offset, for clock skew between processes.
import type { FleetClock } from '@x/fleet';
import { AbortError } from '@x/runtime';

interface Timer {
  readonly end: number;
  readonly resolve: () => void;
}

/** A `FleetClock` moved by `advance`. */
export class VirtualClock implements FleetClock {
  #now: number;
  #timers: Timer[] = [];

  constructor(start = 1_800_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbortError('aborted'));
    return new Promise((resolve, reject) => {
      const timer: Timer = {
        end: this.#now + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(new AbortError('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#timers.push(timer);
    });
  }

  /** How many waits are pending: a replica that waits has registered one. */
  pending(): number {
    return this.#timers.length;
  }

  /** Moves time ahead by `ms` and ends every wait that is due by then. */
  advance(ms: number): void {
    this.#now += ms;
    const due = this.#timers.filter((t) => t.end <= this.#now);
    this.#timers = this.#timers.filter((t) => t.end > this.#now);
    for (const timer of due) timer.resolve();
  }

  /** This clock as seen by a process whose clock is `offsetMs` ahead (negative: behind). */
  skewed(offsetMs: number): FleetClock {
    return { now: () => this.#now + offsetMs, sleep: (ms, signal) => this.sleep(ms, signal) };
  }
}
