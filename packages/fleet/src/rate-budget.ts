// One rate budget per tenant: the runtime's `RequestLimiter`, kept in Redis for every process of a
// fleet. Each request asks the TAKE script (atomic) whether it may go; each answer's RateLimit-*
// headers go to the RECORD script, so every process's answers teach the one shared estimate. While
// Redis is unavailable, this process's own `RateLimiter` takes over (the runtime's default).
import { type AcquireOptions, type RequestLimiter, TimeoutError } from '@x/runtime';
import { RateLimiter } from '@x/runtime/internal';
import type { FleetClock } from './clock.js';
import { type FleetConnection, RedisUnavailableError } from './connection.js';
import { BLOCK, RECORD, TAKE } from './scripts.js';

/** The headers of an answer, as the transport hands them over. */
type ResponseHeaders = Parameters<RequestLimiter['release']>[0];

/** How a shared budget behaves; every field has a default. */
export interface SharedBudgetOptions {
  /** Prefix of every key the fleet writes. */
  readonly keyPrefix: string;
  /**
   * How long a cold fleet holds its other requests at most while the first one learns the limit,
   * in ms. The hold ends as soon as any answer is recorded; this bound only matters when the first
   * request gets none (its process died). Default 5000: a cold first answer carries a token
   * request too and, on a loaded machine, has taken close to 2 s; letting the held burst go before
   * it is answered overshoots the limit (the benchmark's 429s in a fleet's first seconds).
   */
  readonly learningMs?: number | undefined;
  readonly clock: FleetClock;
}

/** A rate budget shared through Redis by every process that names it alike. */
export class SharedRateBudget implements RequestLimiter {
  readonly #connection: FleetConnection;
  readonly #budgetKey: string;
  readonly #learningKey: string;
  readonly #learningMs: number;
  readonly #clock: FleetClock;
  readonly #local = new RateLimiter();
  // Requests this process let go through its own limiter (Redis away): their answers go there too.
  #localInFlight = 0;

  constructor(connection: FleetConnection, name: string, options: SharedBudgetOptions) {
    this.#connection = connection;
    this.#budgetKey = `${options.keyPrefix}budget:${name}`;
    this.#learningKey = `${options.keyPrefix}budget:${name}:learning`;
    this.#learningMs = options.learningMs ?? 5000;
    this.#clock = options.clock;
  }

  acquire(options: AcquireOptions = {}): Promise<void> | undefined {
    if (!this.#connection.ready) return this.#acquireLocal(options);
    return this.#acquireShared(options);
  }

  release(headers?: ResponseHeaders, sentAt = this.#clock.now()): void {
    if (this.#localInFlight > 0) {
      this.#localInFlight--;
      this.#local.release(headers, sentAt);
      return;
    }
    const remaining = headers?.get('ratelimit-remaining');
    const reset = headers?.get('ratelimit-reset');
    const hasWindow = isCount(remaining) && isCount(reset);
    const limit = headers?.get('ratelimit-limit');
    const sentAgoMs = Math.max(0, this.#clock.now() - sentAt);
    this.#connection
      .run((redis) =>
        redis.eval(
          RECORD,
          1,
          this.#budgetKey,
          hasWindow ? '1' : '0',
          hasWindow ? remaining! : '0',
          hasWindow ? reset! : '0',
          isCount(limit) ? limit : '',
          String(sentAgoMs),
        ),
      )
      // Unavailable: the warning was given; this answer teaches the local limiter instead.
      .catch(() => this.#local.release(headers, sentAt));
  }

  block(ms: number): void {
    this.#local.block(ms);
    this.#connection
      .run((redis) => redis.eval(BLOCK, 1, this.#budgetKey, String(Math.ceil(ms))))
      .catch(() => undefined);
  }

  #acquireLocal(options: AcquireOptions): Promise<void> | undefined {
    const held = this.#local.acquire(options);
    if (!held) {
      this.#localInFlight++;
      return undefined;
    }
    return held.then(() => {
      this.#localInFlight++;
    });
  }

  async #acquireShared(options: AcquireOptions): Promise<void> {
    const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
    const timeoutMs = options.timeoutMs ?? Number.POSITIVE_INFINITY;
    const deadline = this.#clock.now() + timeoutMs;
    for (;;) {
      let waitMs: number;
      try {
        waitMs = Number(
          await this.#connection.run((redis) =>
            redis.eval(
              TAKE,
              2,
              this.#budgetKey,
              this.#learningKey,
              String(this.#learningMs),
              Number.isFinite(maxWaitMs) ? String(Math.floor(maxWaitMs)) : '-1',
            ),
          ),
        );
      } catch (error) {
        if (!(error instanceof RedisUnavailableError)) throw error;
        await this.#acquireLocal(options);
        return;
      }
      if (waitMs <= 0) return;
      if (this.#clock.now() + waitMs >= deadline)
        throw new TimeoutError(timeoutMs, { request: options.request });
      await this.#clock.sleep(waitMs, options.signal);
    }
  }
}

/** Whether a header holds a non-negative number. */
function isCount(value: string | null | undefined): value is string {
  return (
    value != null && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0
  );
}
