// The other half of the proactive rate limiter: the requests held until the window allows them,
// one timer for all of them, and the order and pace in which they are let go.

/** A held request: wakes when let go; `maxWaitMs` is the longest wait its call accepts. */
interface Waiter {
  wake(): void;
  maxWaitMs: number;
}

/** What the queue asks the limiter when it lets requests go. */
export interface WindowView {
  /** How long one more request must wait now, or undefined when it may go. */
  waitFor(now: number): number | undefined;
  /** Requests left in the window (undefined: no limit). */
  remaining(): number | undefined;
  /** Whether an answer of the current window has said when it ends. */
  endKnown(): boolean;
}

/** Held requests woken per turn of the event loop until the window's end is known. */
export const WAKE_BATCH = 16;

/** Runs `fn` on a later turn of the event loop, after pending I/O (a macrotask, not a microtask). */
const nextTurn = (fn: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(fn);
  else setTimeout(fn, 0);
};

/** The queue of held requests, in the order they began to wait. */
export class Waiters {
  #held = new Set<Waiter>();
  #draining = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;

  constructor(private readonly window: WindowView) {}

  get size(): number {
    return this.#held.size;
  }

  /** Holds a request until it is let go; wakes it at `until` at the latest. */
  hold(until: number, maxWaitMs: number): { woken: Promise<void>; leave(): void } {
    let waiter!: Waiter;
    const woken = new Promise<void>((wake) => {
      waiter = { wake, maxWaitMs };
    });
    this.#held.add(waiter);
    this.#arm(until);
    return {
      woken,
      leave: () => {
        this.#held.delete(waiter);
        if (this.#held.size === 0) this.#disarm();
      },
    };
  }

  /** The budget or the window changed: let requests go, or move the timer to the new end. */
  changed(resetAt: number): void {
    if (this.#held.size === 0) return;
    const remaining = this.window.remaining();
    if (remaining === undefined || remaining > 0) this.#wake();
    else if (resetAt !== 0) this.#arm(resetAt, true);
  }

  /** Sets the wake-up timer to `at`: earlier than the one set, or anywhere when `move` is set. */
  #arm(at: number, move = false): void {
    if (this.#timer !== undefined && (this.#timerAt === at || (!move && this.#timerAt < at)))
      return;
    this.#disarm();
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#wake(), Math.max(0, at - Date.now()));
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = 0;
  }

  #wake(): void {
    this.#disarm();
    if (this.#draining) return;
    this.#draining = true;
    this.#drain();
  }

  /**
   * Wakes the held requests a few at a time, giving the event loop a turn between batches, until
   * an answer of the new window has said when it ends; then the rest of the budget at once. Woken
   * all at once, a window's requests were all set up before the answer to the first one could be
   * read, so the end of the window, which that answer tells, was learned late by the time it took
   * to send them all, and every following window began that much later.
   */
  #drain = (): void => {
    const now = Date.now();
    const waitMs = this.window.waitFor(now);
    if (waitMs !== undefined) {
      // The budget is spent again: the rest stay held until the window ends, except those that
      // may not wait that long (they go now, and the server's 429 ends them at once).
      this.#draining = false;
      for (const waiter of this.#held) {
        if (waitMs > waiter.maxWaitMs) {
          this.#held.delete(waiter);
          waiter.wake();
        }
      }
      if (this.#held.size > 0) this.#arm(now + waitMs);
      return;
    }
    const batch = Math.min(
      this.window.endKnown() ? Number.POSITIVE_INFINITY : WAKE_BATCH,
      this.window.remaining() ?? Number.POSITIVE_INFINITY,
    );
    let woken = 0;
    for (const waiter of this.#held) {
      if (woken++ >= batch) break;
      this.#held.delete(waiter);
      waiter.wake();
    }
    if (this.#held.size > 0) nextTurn(this.#drain);
    else this.#draining = false;
  };
}
