// The proactive limiter: it reads RateLimit-Remaining and RateLimit-Reset on every response and,
// when the budget is spent, holds this client's further requests until the window resets instead
// of sending them into a 429. The estimate of the window is `RateWindow` (pure); the held requests
// are `Waiters`; this class only coordinates them with the requests in flight.
import { headerNumber, type RequestContext } from '../core/errors.js';
import type { Observer } from '../core/observe.js';
import { RateWindow } from './rate-window.js';
import { abortable } from './sleep.js';
import { Waiters } from './waiters.js';
import type { ResponseHeaders } from './wire.js';

export class RateLimiter {
  readonly #window = new RateWindow();
  #inFlight = 0;
  // Until the first response says whether the server limits at all, send one request at a time,
  // so that a first burst of concurrent calls cannot overrun a small budget.
  #learned = false;
  #learning: Promise<void> | undefined;
  #learnedNow: (() => void) | undefined;
  readonly #waiters = new Waiters({
    waitFor: (now) => this.#window.waitFor(now, Number.POSITIVE_INFINITY, this.#inFlight),
    remaining: () => this.#window.remaining,
    endKnown: () => this.#window.resetAt !== 0,
  });

  constructor(private readonly observe?: Observer) {}

  /**
   * Waits until the budget allows one more request, then counts it as in flight. A wait longer
   * than `maxWaitMs` (the caller's `maxRateLimitWaitMs`) is not made: the request goes out, so the
   * server's 429 ends the call at once instead of holding it for the whole window.
   *
   * Returns undefined when the request may go at once (the common case, with no promise to await),
   * or a promise that settles when it may go.
   */
  acquire(
    signal?: AbortSignal,
    maxWaitMs = Number.POSITIVE_INFINITY,
    request?: RequestContext,
  ): Promise<void> | undefined {
    if (
      this.#learned &&
      this.#window.waitFor(Date.now(), maxWaitMs, this.#inFlight) === undefined
    ) {
      this.#take();
      return undefined;
    }
    return this.#acquireHeld(signal, maxWaitMs, request);
  }

  async #acquireHeld(
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    request: RequestContext | undefined,
  ): Promise<void> {
    for (;;) {
      if (!this.#learned) {
        if (!this.#learning) {
          this.#learning = new Promise((resolve) => {
            this.#learnedNow = resolve;
          });
          break;
        }
        await abortable(this.#learning, signal, request);
        continue;
      }
      const now = Date.now();
      const waitMs = this.#window.waitFor(now, maxWaitMs, this.#inFlight);
      if (waitMs === undefined) break;
      this.observe?.({ type: 'rate-limit-wait', waitMs, limit: this.#window.limit });
      const held = this.#waiters.hold(now + waitMs, maxWaitMs);
      try {
        await abortable(held.woken, signal, request);
      } finally {
        held.leave();
      }
    }
    this.#take();
  }

  #take(): void {
    this.#window.take();
    this.#inFlight++;
  }

  /**
   * Records a finished attempt: with the response headers, or none when it failed. `sentAt` is
   * when the attempt went out: the server counted it after that.
   */
  release(headers?: ResponseHeaders, sentAt = Date.now()): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (headers) {
      const remaining = headerNumber(headers.get('ratelimit-remaining'));
      const reset = headerNumber(headers.get('ratelimit-reset'));
      const limit = headerNumber(headers.get('ratelimit-limit'));
      if (limit !== undefined) this.#window.limit = limit;
      if (remaining !== undefined && reset !== undefined)
        this.#window.record(remaining, reset, sentAt, Date.now(), this.#inFlight);
    }
    if (!this.#learned && (headers || this.#inFlight === 0)) {
      this.#learned = headers !== undefined;
      const done = this.#learnedNow;
      this.#learning = undefined;
      this.#learnedNow = undefined;
      done?.();
    }
    this.#waiters.changed(this.#window.resetAt);
  }

  /** Holds every request of this client for `ms` (after a 429 told us to). */
  block(ms: number): void {
    this.#learned = true;
    this.#window.block(ms, Date.now());
    this.#waiters.changed(this.#window.resetAt);
  }
}
