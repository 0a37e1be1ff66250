// What a client reports while it works: requests, responses, retries and rate-limit waits, to hooks,
// to one event listener and to a logger. Events hold methods, paths, statuses and timings, never a
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
/** The rate limiter holds this client's requests until the server's window resets. */
export interface RateLimitWaitEvent {
  type: 'rate-limit-wait';
  /** How long requests of this client are held, in milliseconds. */
  waitMs: number;
  /** The last `RateLimit-Limit` the server sent, if any. */
  limit: number | undefined;
}

/** What the client reports: for metrics, tracing and debug logs. Never holds a credential. */
export type ClientEvent = RequestEvent | ResponseEvent | RetryEvent | RateLimitWaitEvent;

/** Receives every client event; a throwing listener never breaks a call. */
export type ClientEventListener = (event: ClientEvent) => void;

/** One function per kind of event; each is optional, and a throwing hook never breaks a call. */
export interface ClientHooks {
  onRequest?: ((event: RequestEvent) => void) | undefined;
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  onRateLimitWait?: ((event: RateLimitWaitEvent) => void) | undefined;
}

/** Where the client writes its log lines: `console` fits, as do pino and winston loggers. */
export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/** How much the client logs: `debug` adds every request and response to `info`'s retries and waits. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The observability options every client and requester takes. */
export interface ObserveOptions {
  /** Hooks per kind of event (request, response, retry, rate-limit wait). */
  hooks?: ClientHooks | undefined;
  /** Receives every event, for metrics and tracing. */
  onEvent?: ClientEventListener | undefined;
  /** Where log lines go. No logger, no logging. */
  logger?: Logger | undefined;
  /** Default `info` when a logger is given: retries and rate-limit waits, not every request. */
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

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // Observability must not change behaviour.
  }
}
