// The settings every way of sending builds the same way: the full client (which adds a rate limiter
// on top) and the lean requester. The rate limiter is only a type here, so that code which never
// creates one (the token request of `@x/auth`) does not bundle it.
import type { TokenProvider } from '../auth.js';
import {
  AbortError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
} from '../core/errors.js';
import { createObserver, type ObserveOptions, type Observer } from '../core/observe.js';
import { SecretScrubber } from '../redact.js';
import { fetchSender } from './fetch-sender.js';
import { lazyNodeSender } from './node-transport.js';
import type { RequestLimiter } from './rate-limiter.js';
import {
  DEFAULT_RETRY,
  type ResolvedRetryOptions,
  type RetryOptions,
  resolveRetry,
} from './retry-policy.js';
import { describe, type FetchLike, type Sender } from './wire.js';

export type { FetchLike };

/** How requests are sent: the options the full client and the lean requester share. */
export interface TransportOptions extends ObserveOptions {
  /** Supplies bearer tokens: `staticToken(…)` or `clientCredentials(…)` from `@x/auth`. */
  auth?: TokenProvider | undefined;
  /** Retry settings (default: 2 retries, full-jitter backoff from 0.5 s to 8 s), or `false`. */
  retry?: RetryOptions | false | undefined;
  /** Timeout of each attempt in ms. Default 30000. */
  timeoutMs?: number | undefined;
  /** Largest response body accepted, in bytes. Default 32 MiB. */
  maxResponseBytes?: number | undefined;
  /** Further secret values (beyond the auth provider's) to mask in every error and event. */
  secrets?: readonly string[] | undefined;
  /** A fetch implementation to use instead of the global one. */
  fetch?: FetchLike | undefined;
  /**
   * On Node, `{ dispatcher }`: an undici dispatcher (`ProxyAgent`, `Agent` with a CA bundle) that
   * every request goes through, over the Node transport. Any other `RequestInit` field makes the
   * client send over fetch, which those fields configure.
   */
  fetchOptions?: Record<string, unknown> | undefined;
  /** Source of randomness for backoff jitter (tests pin it). */
  random?: (() => number) | undefined;
  /**
   * Allows plain http to a host that is not loopback (default false: https only, plain http for
   * loopback). For an emulator in docker-compose, a devcontainer or a CI service container; the
   * token and every body then travel unencrypted. `fromEnv` reads it from `X_ALLOW_INSECURE_HTTP=1`.
   */
  allowInsecureHttp?: boolean | undefined;
}

/** The resolved settings the transport runs with. */
export interface TransportSettings {
  /**
   * How each attempt is sent: over undici on Node (loaded on the first request, which waits for
   * it; on the caller's `fetchOptions.dispatcher`, or a keep-alive pool of this client's own that
   * honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY); over fetch everywhere else, and whenever the
   * caller gave a `fetch` or `fetchOptions` fields other than `dispatcher`.
   */
  readonly sender: Sender;
  /** The caller's fetch, or undefined for the global one. */
  readonly fetch: FetchLike | undefined;
  readonly fetchOptions: Record<string, unknown> | undefined;
  readonly auth: TokenProvider | undefined;
  readonly retry: ResolvedRetryOptions;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly limiter: RequestLimiter | undefined;
  readonly scrubber: SecretScrubber;
  readonly observe: Observer | undefined;
  readonly random: () => number;
}

/**
 * Checks the options and builds the transport settings: the scrubber knows the auth provider's
 * secrets and `options.secrets` for its life; `limiter` is the caller's (none: requests are never held).
 */
export function transportSettings(
  options: TransportOptions,
  limiter?: (observe: Observer | undefined) => RequestLimiter,
): TransportSettings {
  const scrubber = new SecretScrubber();
  for (const secret of [...(options.auth?.secrets ?? []), ...(options.secrets ?? [])])
    scrubber.keep(secret);
  if (
    options.fetchOptions !== undefined &&
    (options.fetchOptions === null || typeof options.fetchOptions !== 'object')
  )
    throw new ValidationError('fetchOptions', 'must be an object of RequestInit fields');
  const observe = createObserver(options);
  return {
    sender: chooseSender(options, observe),
    fetch: options.fetch,
    fetchOptions: options.fetchOptions,
    auth: options.auth,
    retry: resolveRetry(DEFAULT_RETRY, options.retry),
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    maxResponseBytes: positive(options.maxResponseBytes, 32 * 1024 * 1024, 'maxResponseBytes'),
    limiter: limiter?.(observe),
    scrubber,
    observe,
    random: options.random ?? Math.random,
  };
}

/**
 * The one place that chooses how requests are sent (see `TransportSettings.sender`): undici on
 * Node, on the caller's `fetchOptions.dispatcher` if any, unless the caller gave a `fetch` or
 * `RequestInit` fields only fetch knows. `lazyNodeSender` comes first: where it is the constant
 * `undefined` (browser builds), bundlers fold the whole condition away, kit included.
 */
function chooseSender(options: TransportOptions, observe: Observer | undefined): Sender {
  return lazyNodeSender && !options.fetch && dispatcherAtMost(options.fetchOptions)
    ? (lazyNodeSender(
        {
          AbortError,
          ConnectionError,
          ResponseTooLargeError,
          TimeoutError,
          describe,
          dispatcher: options.fetchOptions?.dispatcher,
        },
        fetchSender,
        (reason) => observe?.({ type: 'transport-fallback', sender: 'fetch', reason }),
      ) ?? fetchSender)
    : fetchSender;
}

/** Whether `fetchOptions` holds nothing but a dispatcher (which the Node transport takes). */
function dispatcherAtMost(fetchOptions: Record<string, unknown> | undefined): boolean {
  return !fetchOptions || Object.keys(fetchOptions).every((name) => name === 'dispatcher');
}

/** `value`, checked to be a positive finite number, or `fallback` when it is undefined. */
export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0)
    throw new ValidationError(name, 'must be a positive number');
  return value;
}
