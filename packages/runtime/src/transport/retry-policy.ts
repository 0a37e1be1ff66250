import { headerNumber } from '../core/errors.js';

/** How a client retries. Every field can be set per client and per call. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number | undefined;
  /** First backoff ceiling in ms; doubles each retry (full jitter). Default 500. */
  baseDelayMs?: number | undefined;
  /** Largest backoff in ms. Default 8000. */
  maxDelayMs?: number | undefined;
  /**
   * Longest wait for a 429's `RateLimit-Reset` (or a 503's `Retry-After`) in ms. A longer reset
   * is not waited for: the RateLimitError is thrown at once. Default 60000.
   */
  maxRateLimitWaitMs?: number | undefined;
  /**
   * Retry POST and PATCH after a 5xx, a lost connection or a timeout. Off by default: a
   * duplicated create is worse than an error. Set it per call when the operation is safe to repeat.
   */
  retryNonIdempotent?: boolean | undefined;
}

export type ResolvedRetryOptions = {
  readonly [K in keyof RetryOptions]-?: Exclude<RetryOptions[K], undefined>;
};

export const DEFAULT_RETRY: ResolvedRetryOptions = /* @__PURE__ */ Object.freeze({
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRateLimitWaitMs: 60_000,
  retryNonIdempotent: false,
});

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

/** The options of `base` with the defined fields of `override`; `false`: no retries. */
export function resolveRetry(
  base: ResolvedRetryOptions,
  override: RetryOptions | false | undefined,
): ResolvedRetryOptions {
  if (override === false) return { ...base, maxRetries: 0 };
  if (!override) return base;
  const merged = { ...base };
  for (const [key, value] of Object.entries(override))
    if (value !== undefined) Object.assign(merged, { [key]: value });
  return merged;
}

/** Full-jitter exponential backoff: a random wait in [0, min(cap, base * 2^(retry-1))). */
export function backoffDelay(
  retry: number,
  options: ResolvedRetryOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** Whether a failure without a response (lost connection, timeout) may be retried. */
export function mayRetryWithoutResponse(method: string, options: ResolvedRetryOptions): boolean {
  return IDEMPOTENT.has(method) || options.retryNonIdempotent;
}

/** Whether a 5xx may be retried for this method. */
export function mayRetryStatus(
  status: number,
  method: string,
  options: ResolvedRetryOptions,
): boolean {
  return RETRIED_STATUSES.has(status) && (IDEMPOTENT.has(method) || options.retryNonIdempotent);
}

/** Why an attempt is tried again. */
export type RetryReason =
  | 'rate-limited'
  | 'server-error'
  | 'connection'
  | 'timeout'
  | 'unauthorized';

/** What to do after an answered attempt that is not a success. */
export interface RetryDecision {
  /** Wait before the next attempt, in ms. */
  delayMs: number;
  reason: RetryReason;
  /** A 429 said the window resets in this many ms: hold every request of the client as long. */
  holdAllMs?: number | undefined;
}

/**
 * Whether an answered attempt is tried again, and after how long: `retry` is the n-th retry it
 * would be (1-based). Undefined when the answer stands (success, a 4xx, a 5xx of a method that
 * must not be repeated, or a wait longer than `maxRateLimitWaitMs`).
 */
export function decideAfterResponse(
  status: number,
  headers: { get(name: string): string | null },
  method: string,
  retry: number,
  options: ResolvedRetryOptions,
  random: () => number,
): RetryDecision | undefined {
  if (status === 429) {
    // The request was not processed, so any method may be sent again once the window resets.
    const resetSeconds =
      headerNumber(headers.get('ratelimit-reset')) ?? headerNumber(headers.get('retry-after'));
    if (resetSeconds === undefined)
      return { delayMs: backoffDelay(retry, options, random), reason: 'rate-limited' };
    const waitMs = Math.max(0, resetSeconds * 1000);
    if (waitMs > options.maxRateLimitWaitMs) return undefined;
    return { delayMs: waitMs, reason: 'rate-limited', holdAllMs: waitMs };
  }
  if (!mayRetryStatus(status, method, options)) return undefined;
  const retryAfter = headerNumber(headers.get('retry-after'));
  const delayMs =
    retryAfter !== undefined && retryAfter * 1000 <= options.maxRateLimitWaitMs
      ? retryAfter * 1000
      : backoffDelay(retry, options, random);
  return { delayMs, reason: 'server-error' };
}
