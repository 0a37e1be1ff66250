// The proactive limiter: it reads RateLimit-Remaining and RateLimit-Reset on every response and,
// when the budget is spent, holds this client's further requests until the window resets instead
// of sending them into a 429.
import { headerNumber } from './errors.js';
import { type ClientEventListener, emit } from './events.js';
import { abortable, sleep } from './sleep.js';

export class RateLimiter {
  #remaining: number | undefined;
  #limit: number | undefined;
  #resetAt = 0;
  #inFlight = 0;
  // Until the first response says whether the server limits at all, send one request at a time,
  // so that a first burst of concurrent calls cannot overrun a small budget.
  #learned = false;
  #learning: Promise<void> | undefined;
  #learnedNow: (() => void) | undefined;

  constructor(private readonly onEvent?: ClientEventListener) {}

  /**
   * Waits until the budget allows one more request, then counts it as in flight. A wait longer
   * than `maxWaitMs` (the caller's `maxRateLimitWaitMs`) is not made: the request goes out, so the
   * server's 429 ends the call at once instead of holding it for the whole window.
   */
  async acquire(signal?: AbortSignal, maxWaitMs = Number.POSITIVE_INFINITY): Promise<void> {
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
      if (this.#resetAt !== 0 && now >= this.#resetAt) {
        // A new window: the server's limit applies again until a response says otherwise.
        this.#remaining = this.#limit;
        this.#resetAt = 0;
      }
      if (this.#remaining === undefined || this.#remaining > 0) break;
      const waitMs = this.#resetAt === 0 ? 1000 : this.#resetAt - now;
      if (waitMs > maxWaitMs) break;
      emit(this.onEvent, { type: 'rate-limit-wait', waitMs, limit: this.#limit });
      await sleep(waitMs, signal);
    }
    if (this.#remaining !== undefined && this.#remaining > 0) this.#remaining--;
    this.#inFlight++;
  }

  /** Records a finished attempt: with the response headers, or none when it failed. */
  release(headers?: Headers): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (headers) {
      const remaining = headerNumber(headers.get('ratelimit-remaining'));
      const reset = headerNumber(headers.get('ratelimit-reset'));
      const limit = headerNumber(headers.get('ratelimit-limit'));
      if (limit !== undefined) this.#limit = limit;
      if (remaining !== undefined && reset !== undefined) {
        const now = Date.now();
        // Requests still in flight were sent after the server counted this one.
        const estimate = Math.max(0, remaining - this.#inFlight);
        const resetAt = now + reset * 1000;
        // Responses can arrive out of order: within the window already known, a response the
        // server counted earlier (larger `remaining`) must not raise the budget again.
        const known = this.#resetAt !== 0 && now < this.#resetAt && this.#remaining !== undefined;
        this.#remaining = known ? Math.min(this.#remaining!, estimate) : estimate;
        this.#resetAt = known ? Math.max(this.#resetAt, resetAt) : resetAt;
      }
    }
    if (!this.#learned && (headers || this.#inFlight === 0)) {
      this.#learned = headers !== undefined;
      const done = this.#learnedNow;
      this.#learning = undefined;
      this.#learnedNow = undefined;
      done?.();
    }
  }

  /** Holds every request of this client for `ms` (after a 429 told us to). */
  block(ms: number): void {
    this.#learned = true;
    this.#remaining = 0;
    this.#resetAt = Math.max(this.#resetAt, Date.now() + ms);
  }
}
