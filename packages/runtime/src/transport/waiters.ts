// The other half of the proactive rate limiter: the requests held until the window allows them,
// one timer for all of them, and the order and pace in which they are let go.
//
// Order: first come, first served. A held request is let go by being granted its place (the limiter
// counts it against the budget at that moment), so it cannot lose a race to a newer caller and fall
// back to the end of the queue; and the limiter sends no new caller ahead of a held one.
import type { RequestContext } from '../core/errors.js';
import { abortErrorFrom } from './sleep.js';

/** A held request. */
interface Waiter {
  /** Lets it go: its place was granted. */
  wake(): void;
  /** Ends its wait with an error (its deadline passed). */
  fail(error: Error): void;
  /** The longest wait its call accepts before it goes anyway (`maxRateLimitWaitMs`). */
  readonly maxWaitMs: number;
  /** When its call's own timeout ends the wait, on this clock. */
  readonly deadline: number;
  /** What its call's timeout error says, built when the deadline passes. */
  readonly timedOut: () => Error;
  /** Removes the abort listener. */
  detach(): void;
  /** Whether its wait for the window was reported (a `rate-limit-wait` event). */
  reported: boolean;
}

/** What the queue asks the limiter when it lets requests go. */
export interface WindowView {
  /** How long one more request must wait now, or undefined when it may go. */
  waitFor(now: number): number | undefined;
  /** Requests left in the window (undefined: no limit). */
  remaining(): number | undefined;
  /** Whether an answer of the current window has said when it ends. */
  endKnown(): boolean;
  /** Counts a request let go against the budget (it is in flight from now on). */
  grant(): void;
  /** Reports that a held request waits `waitMs` for the window (once per request). */
  report(waitMs: number): void;
}

/** How one request waits: its call's signal, limits and context. */
export interface HoldOptions {
  /** Ends the wait with AbortError. */
  readonly signal?: AbortSignal | undefined;
  /** A wait longer than this is not made: the request goes (see `RateLimiter.acquire`). */
  readonly maxWaitMs: number;
  /** When the call's timeout ends the wait, on this clock. */
  readonly deadline: number;
  /** The error the call ends with when its deadline passes. */
  readonly timedOut: () => Error;
  /** The call, for the AbortError. */
  readonly request?: RequestContext | undefined;
  /** Whether the caller already reported this wait for the window. */
  readonly reported: boolean;
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
  // A Set keeps insertion order, and a waiter is added once and removed once: FIFO.
  readonly #held = new Set<Waiter>();
  #draining = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;
  /** When the window (or the learning phase) lets requests go next; 0 when nothing to wait for. */
  #windowAt = 0;

  constructor(private readonly window: WindowView) {}

  get size(): number {
    return this.#held.size;
  }

  /**
   * Holds a request until it is granted its place, in arrival order; wakes the queue at `until` at
   * the latest. The promise rejects with AbortError when the signal fires, or with `timedOut()`
   * once the deadline passes; either way the request was not counted and must not be sent.
   */
  hold(until: number, options: HoldOptions): Promise<void> {
    const { signal, request } = options;
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal, request));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#remove(waiter);
        reject(abortErrorFrom(signal!, request));
      };
      const waiter: Waiter = {
        wake: resolve,
        fail: reject,
        maxWaitMs: options.maxWaitMs,
        deadline: options.deadline,
        timedOut: options.timedOut,
        detach: () => signal?.removeEventListener('abort', onAbort),
        reported: options.reported,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#held.add(waiter);
      if (this.#windowAt === 0 || until < this.#windowAt) this.#windowAt = until;
      this.#rearm();
    });
  }

  /** The budget or the window changed: let requests go, or move the timer to the new end. */
  changed(resetAt: number): void {
    if (this.#held.size === 0) return;
    const remaining = this.window.remaining();
    if (remaining === undefined || remaining > 0) this.#wake();
    else if (resetAt !== 0) {
      this.#windowAt = resetAt;
      this.#rearm();
    }
  }

  #remove(waiter: Waiter): void {
    waiter.detach();
    this.#held.delete(waiter);
    if (this.#held.size === 0) {
      this.#windowAt = 0;
      this.#disarm();
    } else this.#rearm();
  }

  /** Lets `waiter` go: counted by the limiter first, so nothing can take its place. */
  #grant(waiter: Waiter): void {
    waiter.detach();
    this.#held.delete(waiter);
    // The last one let go: no timer may keep the process alive for a deadline nobody waits for.
    if (this.#held.size === 0) {
      this.#windowAt = 0;
      this.#disarm();
    }
    this.window.grant();
    waiter.wake();
  }

  /** One timer for all: at the window's next change or the earliest deadline, whichever is first. */
  #rearm(): void {
    let at = this.#windowAt === 0 ? Number.POSITIVE_INFINITY : this.#windowAt;
    for (const waiter of this.#held) if (waiter.deadline < at) at = waiter.deadline;
    if (this.#timer !== undefined && this.#timerAt === at) return;
    this.#disarm();
    if (at === Number.POSITIVE_INFINITY) return;
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#onTimer(), Math.max(0, at - Date.now()));
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = 0;
  }

  #onTimer(): void {
    this.#timer = undefined;
    this.#timerAt = 0;
    const now = Date.now();
    for (const waiter of this.#held)
      if (waiter.deadline <= now) {
        this.#remove(waiter);
        waiter.fail(waiter.timedOut());
      }
    if (this.#held.size === 0) return;
    if (this.#windowAt !== 0 && this.#windowAt <= now) this.#wake();
    else this.#rearm();
  }

  #wake(): void {
    this.#windowAt = 0;
    this.#disarm();
    if (this.#draining) return;
    this.#draining = true;
    this.#drain();
  }

  /**
   * Lets the held requests go in order, a few at a time with a turn of the event loop between
   * batches, until an answer of the new window has said when it ends; then the rest of the budget
   * at once. Woken all at once, a window's requests were all set up before the answer to the first
   * one could be read, so the end of the window, which that answer tells, was learned late by the
   * time it took to send them all, and every following window began that much later.
   */
  #drain = (): void => {
    const now = Date.now();
    const waitMs = this.window.waitFor(now);
    if (waitMs !== undefined) {
      // The budget is spent again: the rest stay held until the window ends, except those that
      // may not wait that long (they go now, and the server's 429 ends them at once).
      this.#draining = false;
      for (const waiter of this.#held)
        if (waitMs > waiter.maxWaitMs) this.#grant(waiter);
        else if (!waiter.reported) {
          // Held behind others (or while the first answer was awaited), it now waits for the window.
          waiter.reported = true;
          this.window.report(waitMs);
        }
      if (this.#held.size > 0) {
        this.#windowAt = now + waitMs;
        this.#rearm();
      }
      return;
    }
    const batch = this.window.endKnown() ? Number.POSITIVE_INFINITY : WAKE_BATCH;
    let woken = 0;
    for (const waiter of this.#held) {
      if (woken >= batch || this.window.waitFor(now) !== undefined) break;
      this.#grant(waiter);
      woken++;
    }
    if (this.#held.size > 0) nextTurn(this.#drain);
    else this.#draining = false;
  };
}
