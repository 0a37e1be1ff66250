// The options a client, a call and a list take.
import type { RequestLimiter } from '../transport/rate-limiter.js';
import type { RetryOptions } from '../transport/retry-policy.js';
import type { TransportOptions } from '../transport/settings.js';

/** Options every family client accepts. */
export interface ClientOptions extends TransportOptions {
  /** The API address for your region, for example `https://…`. https is required except on loopback. */
  baseUrl: string;
  /**
   * Hold requests when `RateLimit-Remaining` reaches zero until the window resets, instead of
   * running into 429s. Default true: this client's own budget. A `RequestLimiter` instead is a
   * budget shared beyond this client (`@x/fleet`'s, one per tenant for many processes).
   */
  rateLimit?: boolean | RequestLimiter | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** Options of one call; each overrides the client's setting for that call only. */
export interface CallOptions {
  /** Aborts the whole call, including backoff and rate-limit waits. */
  signal?: AbortSignal | undefined;
  /** Timeout of each attempt in ms (headers and body). */
  timeoutMs?: number | undefined;
  /** Retry settings for this call, or `false` for a single attempt. */
  retry?: RetryOptions | false | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

/** Options of a list: the call options of every page request, and how far to go. */
export interface ListOptions extends CallOptions {
  /** Fetch the next page while the caller works through the current one. Default false. */
  prefetch?: boolean | undefined;
  /** Stop after this many pages. Default: no limit. */
  maxPages?: number | undefined;
  /** Stop after this many items (the last page is cut to fit). Default: no limit. */
  limit?: number | undefined;
}
