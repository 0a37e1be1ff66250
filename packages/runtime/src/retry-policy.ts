/** How a client retries. Every field can be set per client and per call. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff ceiling in ms; doubles each retry (full jitter). Default 500. */
  baseDelayMs?: number;
  /** Largest backoff in ms. Default 8000. */
  maxDelayMs?: number;
  /**
   * Longest wait for a 429's `RateLimit-Reset` (or a 503's `Retry-After`) in ms. A longer reset
   * is not waited for: the RateLimitError is thrown at once. Default 60000.
   */
  maxRateLimitWaitMs?: number;
  /**
   * Retry POST and PATCH after a 5xx, a lost connection or a timeout. Off by default: a
   * duplicated create is worse than an error. Set it per call when the operation is safe to repeat.
   */
  retryNonIdempotent?: boolean;
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export const DEFAULT_RETRY: ResolvedRetryOptions = /* @__PURE__ */ Object.freeze({
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRateLimitWaitMs: 60_000,
  retryNonIdempotent: false,
});

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

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
