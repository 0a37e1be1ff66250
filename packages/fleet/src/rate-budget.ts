// One rate budget per tenant: the runtime's `RequestLimiter`, kept in Redis for every process of a
// fleet. Each request asks the TAKE script (atomic) whether it may go; each answer's RateLimit-*
// headers go to the RECORD script, so every process's answers teach the one shared estimate. While
// Redis is unavailable, this process's own `RateLimiter` takes over (the runtime's default).
import { AbortError, type AcquireOptions, type RequestLimiter, TimeoutError } from '@x/runtime';
import { RateLimiter } from '@x/runtime/internal';
import { type FleetClock, realClock } from './clock.js';
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
  /**
   * The clock. The real one leaves the budget's time to the Redis server (one clock for every
   * host); another (a test's) times the budget scripts too.
   */
  readonly clock: FleetClock;
}

/** How many epochs a process remembers: more than its requests can stay out across. */
const EPOCHS_KEPT = 16;

/** A rate budget shared through Redis by every process that names it alike. */
export class SharedRateBudget implements RequestLimiter {
  readonly #connection: FleetConnection;
  readonly #budgetKey: string;
  readonly #learningKey: string;
  readonly #learningMs: number;
  readonly #clock: FleetClock;
  readonly #serverTime: boolean;
  readonly #local = new RateLimiter();
  // The budget's epochs this process saw begin, in order: [when it first saw it, epoch]. An
  // answer's request went out after the latest epoch seen before it, so it was counted in that
  // epoch's window or a later one (see scripts.ts).
  #epochs: [seenAt: number, epoch: number][] = [];
  // This process's requests waiting for the budget, in order; `#pump` lets them go.
  #queue: Waiter[] = [];
  #pumping = false;
  // When the pump's current wait ends (0: it is not waiting).
  #sleepingUntil = 0;
  // Requests this process let go through its own limiter (Redis away): their answers go there too.
  #localInFlight = 0;

  constructor(connection: FleetConnection, name: string, options: SharedBudgetOptions) {
    this.#connection = connection;
    this.#budgetKey = `${options.keyPrefix}budget:${name}`;
    this.#learningKey = `${options.keyPrefix}budget:${name}:learning`;
    this.#learningMs = options.learningMs ?? 5000;
    this.#clock = options.clock;
    this.#serverTime = options.clock === realClock;
  }

  /** The time argument of the budget scripts: '' for the Redis server's own. */
  #now(): string {
    return this.#serverTime ? '' : String(this.#clock.now());
  }

  /** Notes an epoch from a TAKE reply (one Redis lost its data counts from 1 again). */
  #saw(epoch: number): void {
    const last = this.#epochs.at(-1);
    if (last !== undefined && epoch === last[1]) return;
    if (last !== undefined && epoch < last[1]) this.#epochs = [];
    this.#epochs.push([this.#clock.now(), epoch]);
    if (this.#epochs.length > EPOCHS_KEPT) this.#epochs.shift();
  }

  /**
   * The latest epoch this process had seen before `sentAt` (0: none it still knows). Strictly
   * before: within one millisecond the order is unknown, and the older epoch is the safe guess.
   */
  #epochAt(sentAt: number): number {
    for (let i = this.#epochs.length - 1; i >= 0; i--) {
      const [seenAt, epoch] = this.#epochs[i]!;
      if (seenAt < sentAt) return epoch;
    }
    return 0;
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
    const sentEpoch = this.#epochAt(sentAt);
    this.#connection
      .run((redis) =>
        redis.eval(
          RECORD,
          1,
          this.#budgetKey,
          this.#now(),
          hasWindow ? '1' : '0',
          hasWindow ? remaining! : '0',
          hasWindow ? reset! : '0',
          isCount(limit) ? limit : '',
          String(sentEpoch),
        ),
      )
      // Unavailable: the warning was given; this answer teaches the local limiter instead.
      .catch(() => this.#local.release(headers, sentAt));
  }

  block(ms: number): void {
    this.#local.block(ms);
    this.#connection
      .run((redis) => redis.eval(BLOCK, 1, this.#budgetKey, this.#now(), String(Math.ceil(ms))))
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

  #acquireShared(options: AcquireOptions): Promise<void> {
    if (options.signal?.aborted) return Promise.reject(abortError(options.signal, options.request));
    const timeoutMs = options.timeoutMs ?? Number.POSITIVE_INFINITY;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        options,
        deadline: this.#clock.now() + timeoutMs,
        settle: (error) => {
          options.signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve();
        },
      };
      const onAbort = () => {
        if (!this.#queue.includes(waiter)) return;
        this.#queue = this.#queue.filter((w) => w !== waiter);
        waiter.settle(abortError(options.signal!, options.request));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
      if (this.#pumping && this.#sleepingUntil - this.#clock.now() > maxWaitMs) {
        // The others wait longer than this call accepts: it goes now (counted), and the server's
        // 429 ends it.
        this.#take(maxWaitMs).then(
          () => waiter.settle(),
          () => waiter.settle(),
        );
        return;
      }
      this.#queue.push(waiter);
      if (!this.#pumping) void this.#pump();
    });
  }

  /**
   * Lets this process's waiting requests go, first come first served: only the first asks Redis,
   * and sleeps as long as the budget says (to the window's end, when it is known), so a process
   * sends one command per wait instead of one per waiting request, and the next window's first
   * grants go as soon as it begins.
   */
  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const head = this.#queue[0]!;
        // The wait counts from when Redis was asked (its time is between then and the answer):
        // waking early only asks again.
        const askedAt = this.#clock.now();
        let waitMs: number;
        try {
          waitMs = await this.#take(head.options.maxWaitMs);
        } catch (error) {
          // Redis away: every waiting request goes through this process's own limiter.
          for (const waiter of this.#queue.splice(0)) {
            if (!(error instanceof RedisUnavailableError)) waiter.settle(error as Error);
            else
              Promise.resolve(this.#acquireLocal(waiter.options)).then(
                () => waiter.settle(),
                (local: Error) => waiter.settle(local),
              );
          }
          return;
        }
        if (waitMs <= 0) {
          this.#queue = this.#queue.filter((w) => w !== head);
          head.settle();
          continue;
        }
        const endsAt = askedAt + waitMs;
        for (const waiter of [...this.#queue]) {
          const maxWaitMs = waiter.options.maxWaitMs ?? Number.POSITIVE_INFINITY;
          if (endsAt >= waiter.deadline) {
            // A wait its call's timeout does not leave room for: unsent, uncounted.
            this.#queue = this.#queue.filter((w) => w !== waiter);
            const timeoutMs = waiter.options.timeoutMs ?? Number.POSITIVE_INFINITY;
            waiter.settle(new TimeoutError(timeoutMs, { request: waiter.options.request }));
          } else if (waitMs > maxWaitMs && waiter !== head) {
            // A wait longer than its call accepts: it goes now (counted), and the server's 429
            // ends it.
            this.#queue = this.#queue.filter((w) => w !== waiter);
            this.#take(maxWaitMs).then(
              () => waiter.settle(),
              () => waiter.settle(),
            );
          }
        }
        if (this.#queue.length > 0) {
          this.#sleepingUntil = endsAt;
          await this.#clock.sleep(endsAt - this.#clock.now());
          this.#sleepingUntil = 0;
        }
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** One TAKE: 0 when counted and free to go, else how long to wait before asking again. */
  async #take(maxWaitMs: number | undefined): Promise<number> {
    const [wait, epoch] = (await this.#connection.run((redis) =>
      redis.eval(
        TAKE,
        2,
        this.#budgetKey,
        this.#learningKey,
        this.#now(),
        String(this.#learningMs),
        maxWaitMs !== undefined && Number.isFinite(maxWaitMs)
          ? String(Math.floor(maxWaitMs))
          : '-1',
      ),
    )) as [number, number];
    if (Number(epoch) > 0) this.#saw(Number(epoch));
    return Number(wait);
  }
}

/** A request waiting in this process for the shared budget. */
interface Waiter {
  readonly options: AcquireOptions;
  /** When its call's timeout ends the wait, on the fleet's clock. */
  readonly deadline: number;
  /** Lets it go (no error) or ends its wait. */
  settle(error?: Error): void;
}

function abortError(signal: AbortSignal, request: AcquireOptions['request']): AbortError {
  return new AbortError('the call was aborted', { request, cause: signal.reason });
}

/** Whether a header holds a non-negative number. */
function isCount(value: string | null | undefined): value is string {
  return (
    value != null && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0
  );
}
