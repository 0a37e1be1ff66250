// The transport settings every way of sending builds the same way: the full client (which adds a
// rate limiter on top) and the lean requester. The rate limiter is only a type here, so that code
// which never creates one (the token request of `@x/auth`) does not bundle it.
import type { TokenProvider } from './auth.js';
import { ValidationError } from './errors.js';
import type { ClientEventListener } from './events.js';
import type { RateLimiter } from './rate-limiter.js';
import { SecretScrubber } from './redact.js';
import { DEFAULT_RETRY, type RetryOptions, resolveRetry } from './retry-policy.js';
import type { FetchLike, TransportSettings } from './transport.js';

/** How requests are sent: the options the full client and the lean requester share. */
export interface TransportOptions {
  /** Supplies bearer tokens: `staticToken(…)` or `clientCredentials(…)` from `@x/auth`. */
  auth?: TokenProvider;
  /** Retry settings (default: 2 retries, full-jitter backoff from 0.5 s to 8 s), or `false`. */
  retry?: RetryOptions | false;
  /** Timeout of each attempt in ms. Default 30000. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes. Default 32 MiB. */
  maxResponseBytes?: number;
  /** Receives retries, rate-limit waits and responses, for metrics and debug logs. */
  onEvent?: ClientEventListener;
  /** Further secret values (beyond the auth provider's) to mask in every error and event. */
  secrets?: readonly string[];
  /** A fetch implementation to use instead of the global one. */
  fetch?: FetchLike;
  /** Source of randomness for backoff jitter (tests pin it). */
  random?: () => number;
}

/**
 * Checks the options and builds the transport settings: the scrubber knows the auth provider's
 * secrets and `options.secrets`; `limiter` is the caller's (none: requests are never held).
 */
export function transportSettings(
  options: TransportOptions,
  limiter?: RateLimiter,
): TransportSettings {
  const scrubber = new SecretScrubber();
  for (const secret of [...(options.auth?.secrets ?? []), ...(options.secrets ?? [])])
    scrubber.add(secret);
  return {
    fetch: options.fetch,
    auth: options.auth,
    retry: resolveRetry(DEFAULT_RETRY, options.retry),
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    maxResponseBytes: positive(options.maxResponseBytes, 32 * 1024 * 1024, 'maxResponseBytes'),
    limiter,
    scrubber,
    onEvent: options.onEvent,
    random: options.random ?? Math.random,
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new ValidationError(name, 'must be a positive number');
  return value;
}
