// What a client reports while it works: requests, responses, failed attempts, retries, rate-limit
// waits and calls that fail for good, to hooks, to one event listener and to a logger. Every
// `request` event is followed by exactly one `response` or `error` event for the same attempt, so
// a tracer can close each attempt's span on every outcome. Events hold methods, paths, statuses and timings, never a
// header, a body, a query string or a credential, so nothing here needs redacting.

/** A request is about to be sent (once per attempt). */
export interface RequestEvent {
  type: 'request';
  method: string;
  /** The request path, without the query string. */
  path: string;
  /** The operation's path template, when known. */
  pathTemplate?: string | undefined;
  /** 1-based attempt number. */
  attempt: number;
}
/** A response arrived (any status). */
export interface ResponseEvent {
  type: 'response';
  method: string;
  path: string;
  pathTemplate?: string | undefined;
  status: number;
  attempt: number;
  durationMs: number;
  /** The id the server gave the request (`x-correlation-id`, `x-request-id`, ...), if any. */
  requestId?: string | undefined;
}
/** An attempt failed and the call will be tried again after `delayMs`. */
export interface RetryEvent {
  type: 'retry';
  method: string;
  path: string;
  pathTemplate?: string | undefined;
  /** The attempt that failed. */
  attempt: number;
  delayMs: number;
  reason: 'rate-limited' | 'server-error' | 'connection' | 'timeout' | 'unauthorized';
  status?: number | undefined;
}
/**
 * An attempt ended without a response: a timeout, an abort, a lost connection, a body over the
 * size limit. It follows the attempt's `request` event (as `response` does for an answer).
 */
export interface AttemptErrorEvent {
  type: 'error';
  method: string;
  path: string;
  pathTemplate?: string | undefined;
  attempt: number;
  durationMs: number;
  /** What ended the attempt. */
  reason: 'timeout' | 'abort' | 'connection' | 'too-large' | 'other';
  /** The error's class name (`TimeoutError`, `ConnectionError`, …); never its message. */
  errorName: string;
}
/**
 * The call failed for good: no attempt is left, or the failure is not retried. Emitted once per
 * failed call, after its last `response` or `error` event; logged at `error` (5xx, lost
 * connection, timeout) or `warn` (any other status, a body over the limit); aborts are not logged.
 */
export interface FailureEvent {
  type: 'failure';
  method: string;
  path: string;
  pathTemplate?: string | undefined;
  /** Attempts made. */
  attempts: number;
  /** The last answer's status, when there was one. */
  status?: number | undefined;
  /** The error's class name (`ServerError`, `TimeoutError`, …). */
  errorName: string;
}
/** The rate limiter holds this client's requests until the server's window resets. */
export interface RateLimitWaitEvent {
  type: 'rate-limit-wait';
  /** How long requests of this client are held, in milliseconds. */
  waitMs: number;
  /** The last `RateLimit-Limit` the server sent, if any. */
  limit: number | undefined;
}

/**
 * A call used a deprecated name: a parameter (0.2's camelCase `pageSize` for `page_size`) or a
 * method (0.2's `groups.addMembers` for `groups.members.add`). Reported once per client and name,
 * and logged at `warn`: the alias works until the next minor.
 */
export interface DeprecationEvent {
  type: 'deprecation';
  /** The deprecated name the call was given. */
  name: string;
  /** The name that replaces it. */
  replacement: string;
}

/**
 * On Node, undici (the client's transport) could not be loaded, so every request of this client
 * goes over fetch: no keep-alive pool of its own, and `HTTP_PROXY`/`HTTPS_PROXY` are not honoured.
 * Reported once per client, before its first request is sent, and logged at `warn`.
 */
export interface TransportFallbackEvent {
  type: 'transport-fallback';
  /** The sender used instead. */
  sender: 'fetch';
  /** Why undici could not be loaded (the loader's message). */
  reason: string;
}

/** What the client reports: for metrics, tracing and debug logs. Never holds a credential. */
export type ClientEvent =
  | RequestEvent
  | DeprecationEvent
  | TransportFallbackEvent
  | ResponseEvent
  | AttemptErrorEvent
  | RetryEvent
  | RateLimitWaitEvent
  | FailureEvent;

/**
 * What a listener or hook may return: anything; a promise is not waited for. A throw or a rejected
 * promise is swallowed: observability never breaks a call, nor the process.
 */
type Listened = unknown;

/** Receives every client event; a throwing or rejecting listener never breaks a call. */
export type ClientEventListener = (event: ClientEvent) => Listened;

/** One function per kind of event; each is optional, and a failing hook never breaks a call. */
export interface ClientHooks {
  onRequest?: ((event: RequestEvent) => Listened) | undefined;
  onResponse?: ((event: ResponseEvent) => Listened) | undefined;
  /** An attempt ended without a response (timeout, abort, lost connection). */
  onError?: ((event: AttemptErrorEvent) => Listened) | undefined;
  onRetry?: ((event: RetryEvent) => Listened) | undefined;
  onRateLimitWait?: ((event: RateLimitWaitEvent) => Listened) | undefined;
  /** The call failed for good. */
  onFailure?: ((event: FailureEvent) => Listened) | undefined;
  /** A call used a deprecated parameter or method name (once per client and name). */
  onDeprecation?: ((event: DeprecationEvent) => Listened) | undefined;
}

/** Where the client writes its log lines: `console` fits, as do pino and winston loggers. */
export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/**
 * How much the client logs: `error` logs calls that failed for good on a 5xx, a lost connection
 * or a timeout; `warn` adds the other failed calls; `info` adds retries and rate-limit waits;
 * `debug` adds every request, response and failed attempt. A deprecated name is logged at `warn`.
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The observability options every client and requester takes. */
export interface ObserveOptions {
  /** Hooks per kind of event (request, response, retry, rate-limit wait). */
  hooks?: ClientHooks | undefined;
  /** Receives every event, for metrics and tracing. */
  onEvent?: ClientEventListener | undefined;
  /** Where log lines go. No logger, no logging. */
  logger?: Logger | undefined;
  /** Default `info` when a logger is given: failures, retries and waits, not every request. */
  logLevel?: LogLevel | undefined;
}

/** Delivers one event to whoever listens. Undefined when nobody does, so callers skip the work. */
export type Observer = (event: ClientEvent) => void;

const LEVELS: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Builds the observer of a client's options, or undefined when nothing listens. */
export function createObserver(options: ObserveOptions): Observer | undefined {
  const { hooks, onEvent, logger } = options;
  const level = LEVELS[options.logLevel ?? 'info'] ?? LEVELS.info;
  const log = logger && level > 0 ? logger : undefined;
  if (!hooks && !onEvent && !log) return undefined;
  return (event) => {
    safely(() => onEvent?.(event));
    switch (event.type) {
      case 'request':
        safely(() => hooks?.onRequest?.(event));
        if (log && level >= LEVELS.debug)
          safely(() => log.debug(`${event.method} ${event.path} attempt ${event.attempt}`, event));
        break;
      case 'response':
        safely(() => hooks?.onResponse?.(event));
        if (log && level >= LEVELS.debug)
          safely(() =>
            log.debug(
              `${event.method} ${event.path} -> ${event.status} in ${event.durationMs} ms`,
              event,
            ),
          );
        break;
      case 'error':
        safely(() => hooks?.onError?.(event));
        if (log && level >= LEVELS.debug)
          safely(() =>
            log.debug(
              `${event.method} ${event.path} attempt ${event.attempt} ended without a response (${event.reason}) after ${event.durationMs} ms`,
              event,
            ),
          );
        break;
      case 'failure': {
        safely(() => hooks?.onFailure?.(event));
        // An abort is the caller's own doing: reported, not logged.
        if (event.errorName === 'AbortError') break;
        const severe =
          event.status === undefined
            ? event.errorName !== 'ResponseTooLargeError'
            : event.status >= 500;
        if (log && level >= (severe ? LEVELS.error : LEVELS.warn)) {
          const message = `${event.method} ${event.path} failed after ${event.attempts} attempt(s): ${event.errorName}${event.status ? ` ${event.status}` : ''}`;
          safely(() => (severe ? log.error(message, event) : log.warn(message, event)));
        }
        break;
      }
      case 'retry':
        safely(() => hooks?.onRetry?.(event));
        if (log && level >= LEVELS.info)
          safely(() =>
            log.info(
              `${event.method} ${event.path} attempt ${event.attempt} failed (${event.reason}${event.status ? ` ${event.status}` : ''}); retrying in ${event.delayMs} ms`,
              event,
            ),
          );
        break;
      case 'deprecation':
        safely(() => hooks?.onDeprecation?.(event));
        if (log && level >= LEVELS.warn)
          safely(() =>
            log.warn(
              `${event.name} is deprecated and goes in the next minor: use ${event.replacement}`,
              event,
            ),
          );
        break;
      case 'transport-fallback':
        if (log && level >= LEVELS.warn)
          safely(() =>
            log.warn(
              `undici could not be loaded (${event.reason}); this client sends every request over fetch`,
              event,
            ),
          );
        break;
      case 'rate-limit-wait':
        safely(() => hooks?.onRateLimitWait?.(event));
        if (log && level >= LEVELS.info)
          safely(() =>
            log.info(`rate limit reached; holding requests for ${event.waitMs} ms`, event),
          );
        break;
    }
  };
}

/**
 * Runs a listener, hook or logger call; neither a throw nor a rejected promise it returns reaches
 * the caller (an unhandled rejection would end a Node process).
 */
function safely(fn: () => unknown): void {
  try {
    const result = fn();
    if (result !== null && typeof (result as PromiseLike<unknown> | undefined)?.then === 'function')
      (result as PromiseLike<unknown>).then(undefined, ignore);
  } catch {
    // Observability must not change behaviour.
  }
}

function ignore(): void {
  // A failed listener is the listener's business.
}
