// The proactive limiter: it reads RateLimit-Remaining and RateLimit-Reset on every response and,
// when the budget is spent, holds this client's further requests until the window resets instead
// of sending them into a 429.
//
// The server measured RateLimit-Reset when it counted the request, somewhere between the sending and
// the arrival of the answer, so the window ends in [sent + reset, arrival + reset] on this client's
// clock. The limiter waits for the upper end, which is never early. Of the answers counted in one
// window (their ranges overlap) the smallest upper end is the closest, so the limiter keeps the
// minimum: on a busy client the last answers of a burst are read long after the server sent them,
// and taking the maximum held every request for that delay again in each window. An answer whose
// range lies wholly after the known window's end was counted in a newer window, which the limiter
// then follows. Each answer's range uses that attempt's own send time: the time the latest request
// went out is later than an earlier request was counted, and made such an answer look newer. All
// held requests wait on one timer, moved when the estimate moves.
import { headerNumber } from './errors.js';
import { type ClientEventListener, emit } from './events.js';
import { abortable } from './sleep.js';

/** How long to hold when the budget is spent and no answer has said yet when the window ends. */
const UNKNOWN_RESET_MS = 1000;

export class RateLimiter {
  #remaining: number | undefined;
  #limit: number | undefined;
  /** The estimated end of the current window on this clock; 0 when unknown. */
  #resetAt = 0;
  /** The earliest the current window can end, on this clock. */
  #floor = 0;
  #inFlight = 0;
  /** The longest RateLimit-Reset seen, in ms: at most the length of the server's window. */
  #longestResetMs = 0;
  // Until the first response says whether the server limits at all, send one request at a time,
  // so that a first burst of concurrent calls cannot overrun a small budget.
  #learned = false;
  #learning: Promise<void> | undefined;
  #learnedNow: (() => void) | undefined;
  // Held requests wake on a timer at the estimated reset, or when a response gives budget back;
  // #drain then lets them go in order.
  /** The held requests, in the order they began to wait. */
  #held = new Set<HeldRequest>();
  #draining = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;

  constructor(private readonly onEvent?: ClientEventListener) {}

  /**
   * Waits until the budget allows one more request, then counts it as in flight. A wait longer
   * than `maxWaitMs` (the caller's `maxRateLimitWaitMs`) is not made: the request goes out, so the
   * server's 429 ends the call at once instead of holding it for the whole window.
   *
   * Returns undefined when the request may go at once (the common case, with no promise to await),
   * or a promise that settles when it may go.
   */
  acquire(signal?: AbortSignal, maxWaitMs = Number.POSITIVE_INFINITY): Promise<void> | undefined {
    if (this.#learned && this.#waitFor(Date.now(), maxWaitMs) === undefined) {
      this.#take();
      return undefined;
    }
    return this.#acquireHeld(signal, maxWaitMs);
  }

  async #acquireHeld(signal: AbortSignal | undefined, maxWaitMs: number): Promise<void> {
    for (;;) {
      if (!this.#learned) {
        if (!this.#learning) {
          this.#learning = new Promise((resolve) => {
            this.#learnedNow = resolve;
          });
          break;
        }
        await abortable(this.#learning, signal);
        continue;
      }
      const now = Date.now();
      const waitMs = this.#waitFor(now, maxWaitMs);
      if (waitMs === undefined) break;
      emit(this.onEvent, { type: 'rate-limit-wait', waitMs, limit: this.#limit });
      await this.#wait(now + waitMs, maxWaitMs, signal);
    }
    this.#take();
  }

  /** How long one more request must wait (after a roll-over), or undefined when it may go now. */
  #waitFor(now: number, maxWaitMs: number): number | undefined {
    this.#rollOver(now);
    if (this.#remaining === undefined || this.#remaining > 0) return undefined;
    if (this.#resetAt === 0 && this.#inFlight === 0) return undefined;
    const waitMs = this.#resetAt === 0 ? UNKNOWN_RESET_MS : this.#resetAt - now;
    return waitMs > maxWaitMs ? undefined : waitMs;
  }

  #take(): void {
    if (this.#remaining !== undefined && this.#remaining > 0) this.#remaining--;
    this.#inFlight++;
  }

  /**
   * Records a finished attempt: with the response headers, or none when it failed. `sentAt` is
   * when the attempt went out: the server counted it after that.
   */
  release(headers?: Headers, sentAt = Date.now()): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (headers) {
      const remaining = headerNumber(headers.get('ratelimit-remaining'));
      const reset = headerNumber(headers.get('ratelimit-reset'));
      const limit = headerNumber(headers.get('ratelimit-limit'));
      if (limit !== undefined) this.#limit = limit;
      if (remaining !== undefined && reset !== undefined) this.#record(remaining, reset, sentAt);
    }
    if (!this.#learned && (headers || this.#inFlight === 0)) {
      this.#learned = headers !== undefined;
      const done = this.#learnedNow;
      this.#learning = undefined;
      this.#learnedNow = undefined;
      done?.();
    }
    this.#reschedule();
  }

  /** Holds every request of this client for `ms` (after a 429 told us to). */
  block(ms: number): void {
    this.#learned = true;
    this.#remaining = 0;
    this.#resetAt = Math.max(this.#resetAt, Date.now() + ms);
    this.#reschedule();
  }

  /** Once the estimated end has passed, a new window: the server's limit applies again. */
  #rollOver(now: number): void {
    if (this.#resetAt === 0 || now < this.#resetAt) return;
    this.#remaining = this.#limit;
    this.#resetAt = 0;
    // The old window ended at or after its floor; the new one lasts as long as the longest reset
    // seen, at least.
    this.#floor += this.#longestResetMs;
  }

  #record(remaining: number, resetSeconds: number, sentAt: number): void {
    const now = Date.now();
    this.#rollOver(now);
    const resetMs = Math.max(0, resetSeconds * 1000);
    this.#longestResetMs = Math.max(this.#longestResetMs, resetMs);
    // Requests still in flight were sent after the server counted this one.
    const estimate = Math.max(0, remaining - this.#inFlight);
    // The server counted the request between its sending and this answer, so its window ends in
    // [sent + reset, now + reset].
    const earliest = sentAt + resetMs;
    const latest = now + resetMs;
    if (this.#resetAt === 0 || this.#remaining === undefined) {
      // After a window ended, an answer ending before the new window can end is a late one from
      // the old window.
      if (latest < this.#floor) return;
      this.#remaining = estimate;
      this.#resetAt = latest;
      this.#floor = Math.max(this.#floor, earliest);
      return;
    }
    // Responses can arrive out of order: within the window already known, a response the server
    // counted earlier (larger `remaining`) must not raise the budget again.
    this.#remaining = Math.min(this.#remaining, estimate);
    if (earliest > this.#resetAt) {
      // Counted in a window that ends after the one known: the server began a new window before
      // this client saw the old one end. Follow the new one.
      this.#resetAt = latest;
      this.#floor = earliest;
    } else if (latest >= this.#floor) {
      // The same window: the earliest of the latest ends is the closest.
      this.#resetAt = Math.min(this.#resetAt, latest);
      this.#floor = Math.max(this.#floor, earliest);
    }
    // Otherwise a late answer from an earlier window: it says nothing about this one.
  }

  /** Waits for the next wake-up (at `until` at the latest), or rejects when the signal fires. */
  async #wait(until: number, maxWaitMs: number, signal: AbortSignal | undefined): Promise<void> {
    let held!: HeldRequest;
    const woken = new Promise<void>((wake) => {
      held = { wake, maxWaitMs };
    });
    this.#held.add(held);
    this.#arm(until);
    try {
      await abortable(woken, signal);
    } finally {
      this.#held.delete(held);
      if (this.#held.size === 0) this.#disarm();
    }
  }

  /** Called when the budget or the window changed: wakes or re-times the held requests. */
  #reschedule(): void {
    if (this.#held.size === 0) return;
    if (this.#remaining === undefined || this.#remaining > 0) this.#wake();
    else if (this.#resetAt !== 0) this.#arm(this.#resetAt, true);
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
    const waitMs = this.#waitFor(now, Number.POSITIVE_INFINITY);
    if (waitMs !== undefined) {
      // The budget is spent again: the rest stay held until the window ends, except those that
      // may not wait that long (they go now, and the server's 429 ends them at once).
      this.#draining = false;
      for (const held of this.#held) {
        if (waitMs > held.maxWaitMs) {
          this.#held.delete(held);
          held.wake();
        }
      }
      if (this.#held.size > 0) this.#arm(now + waitMs);
      return;
    }
    // Until an answer of this window has said when it ends, a batch at a time; then as many as
    // the budget allows, at once.
    const learned = this.#resetAt !== 0;
    const batch = Math.min(
      learned ? Number.POSITIVE_INFINITY : WAKE_BATCH,
      this.#remaining ?? Number.POSITIVE_INFINITY,
    );
    let woken = 0;
    for (const held of this.#held) {
      if (woken++ >= batch) break;
      this.#held.delete(held);
      held.wake();
    }
    if (this.#held.size > 0) nextTurn(this.#drain);
    else this.#draining = false;
  };
}

interface HeldRequest {
  wake(): void;
  /** The longest wait this request accepts (its call's `maxRateLimitWaitMs`). */
  maxWaitMs: number;
}

/** Held requests woken per turn of the event loop. */
const WAKE_BATCH = 16;

/** Runs `fn` on a later turn of the event loop, after pending I/O (a macrotask, not a microtask). */
const nextTurn = (fn: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(fn);
  else setTimeout(fn, 0);
};
