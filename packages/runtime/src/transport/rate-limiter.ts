// The proactive limiter: it reads RateLimit-Remaining and RateLimit-Reset on every response and,
// when the budget is spent, holds this client's further requests until the window resets instead
// of sending them into a 429. The estimate of the window is `RateWindow` (pure); the held requests
// are `Waiters` (first come, first served); this class only coordinates them with the requests in
// flight. The transport sees it through `RequestLimiter`, the seam another budget (one shared by
// several processes) plugs into.
import { headerNumber, type RequestContext, TimeoutError } from '../core/errors.js';
import type { Observer } from '../core/observe.js';
import { RateWindow } from './rate-window.js';
import { Waiters } from './waiters.js';
import type { ResponseHeaders } from './wire.js';

/** How one attempt asks to go: its call's signal and limits. */
export interface AcquireOptions {
  /** The call's signal: ends a wait with AbortError. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The longest wait the call accepts (`maxRateLimitWaitMs`): a longer one is not made, the
   * request goes out and the server's 429 ends the call at once.
   */
  readonly maxWaitMs?: number | undefined;
  /** The call's timeout (`timeoutMs`): a wait that lasts this long ends with TimeoutError. */
  readonly timeoutMs?: number | undefined;
  /** The call, for the errors a wait ends with. */
  readonly request?: RequestContext | undefined;
}

/**
 * What the transport asks of a rate limiter, before and after each attempt. The client's own is
 * `RateLimiter`; a budget shared beyond one client implements the same three methods.
 */
export interface RequestLimiter {
  /**
   * Waits until one more request may go, then counts it as in flight. Returns undefined when it may
   * go at once (no promise to await), or a promise that settles when it may go; the promise rejects
   * with AbortError or TimeoutError, and the request was then not counted.
   */
  acquire(options: AcquireOptions): Promise<void> | undefined;
  /** Records a finished attempt: its response headers, or none when it failed; `sentAt`: when it went out. */
  release(headers?: ResponseHeaders, sentAt?: number): void;
  /** Holds every request for `ms` (a 429 said to wait that long). */
  block(ms: number): void;
}

/**
 * The longest a fresh client holds its other requests while its first one learns whether the
 * server limits at all. Past it they go: a slow or silent server cannot make a burst wait for it.
 */
export const LEARNING_MS = 100;

export class RateLimiter implements RequestLimiter {
  readonly #window = new RateWindow();
  #inFlight = 0;
  // Until the first response says whether the server limits at all, hold further requests, so that
  // a first burst of concurrent calls cannot overrun a small budget; but no longer than
  // LEARNING_MS after the first went out, and no longer than its first answer or failure.
  #phase: 'cold' | 'learning' | 'learned' = 'cold';
  #learningEnds = 0;
  readonly #waiters = new Waiters({
    waitFor: (now) => this.#waitFor(now, Number.POSITIVE_INFINITY),
    remaining: () => this.#window.remaining,
    endKnown: () => this.#window.resetAt !== 0,
    grant: () => this.#take(),
    report: (waitMs) =>
      this.observe?.({ type: 'rate-limit-wait', waitMs, limit: this.#window.limit }),
  });

  constructor(private readonly observe?: Observer) {}

  /**
   * Waits until the budget allows one more request, then counts it as in flight, after every
   * request that began to wait before it. A wait longer than `maxWaitMs` (the caller's
   * `maxRateLimitWaitMs`) is not made: the request goes out, so the server's 429 ends the call at
   * once instead of holding it for the whole window. A wait that reaches `timeoutMs` ends the call
   * with TimeoutError, unsent.
   */
  acquire(options: AcquireOptions = {}): Promise<void> | undefined {
    const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
    const now = Date.now();
    const waitMs = this.#waitFor(now, Number.POSITIVE_INFINITY);
    // Nobody ahead and nothing to wait for, or a wait the call does not accept: go now.
    if ((waitMs === undefined && this.#waiters.size === 0) || (waitMs ?? 0) > maxWaitMs) {
      this.#take();
      return undefined;
    }
    const reported = waitMs !== undefined && this.#phase === 'learned';
    if (reported) this.observe?.({ type: 'rate-limit-wait', waitMs, limit: this.#window.limit });
    const timeoutMs = options.timeoutMs ?? Number.POSITIVE_INFINITY;
    return this.#waiters.hold(now + (waitMs ?? 0), {
      signal: options.signal,
      maxWaitMs,
      deadline: now + timeoutMs,
      timedOut: () => new TimeoutError(timeoutMs, { request: options.request }),
      request: options.request,
      reported,
    });
  }

  /** How long one more request must wait at `now`, or undefined when it may go. */
  #waitFor(now: number, maxWaitMs: number): number | undefined {
    if (this.#phase === 'learning') {
      if (now < this.#learningEnds) return this.#learningEnds - now;
      this.#phase = 'learned';
    }
    if (this.#phase === 'cold') return undefined;
    return this.#window.waitFor(now, maxWaitMs, this.#inFlight);
  }

  #take(): void {
    if (this.#phase === 'cold') {
      this.#phase = 'learning';
      this.#learningEnds = Date.now() + LEARNING_MS;
    }
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
    // An answer tells whether the server limits; a failure tells nothing, and waiting for another
    // one would send the burst one request at a time to a server that does not answer.
    this.#phase = 'learned';
    this.#waiters.changed(this.#window.resetAt);
  }

  /** Holds every request of this client for `ms` (after a 429 told us to). */
  block(ms: number): void {
    this.#phase = 'learned';
    this.#window.block(ms, Date.now());
    this.#waiters.changed(this.#window.resetAt);
  }
}
