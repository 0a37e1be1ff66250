// The retry layer: a wrapped fetch under openapi-fetch's middleware chain, so every call of every
// package gets the same auth, timeouts, retries and rate-limit handling. It returns the final
// response (2xx or not) or throws ConnectionError, TimeoutError or AbortError.
import type { TokenProvider } from './auth.js';
import { bufferedResponse } from './buffered-response.js';
import {
  AbortError,
  ConnectionError,
  headerNumber,
  type RequestContext,
  ResponseTooLargeError,
  SdkError,
  TimeoutError,
  ValidationError,
} from './errors.js';
import { type ClientEventListener, emit } from './events.js';
import { checkHeaders, isHeaderValueSafe } from './headers.js';
import { PlainRequest } from './plain-request.js';
import type { RateLimiter } from './rate-limiter.js';
import type { SecretScrubber } from './redact.js';
import {
  backoffDelay,
  mayRetryStatus,
  mayRetryWithoutResponse,
  type ResolvedRetryOptions,
  type RetryOptions,
  resolveRetry,
} from './retry-policy.js';
import { abortable, abortErrorFrom, sleep } from './sleep.js';

/** The fetch signature the SDK calls; any WHATWG-compatible fetch works. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** Options of one call; each overrides the client's setting for that call only. */
export interface CallOptions {
  /** Aborts the whole call, including backoff and rate-limit waits. */
  signal?: AbortSignal;
  /** Timeout of each attempt in ms (headers and body). */
  timeoutMs?: number;
  /** Retry settings for this call, or `false` for a single attempt. */
  retry?: RetryOptions | false;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface TransportSettings {
  /** The caller's fetch, or undefined for the global one. */
  fetch: FetchLike | undefined;
  auth: TokenProvider | undefined;
  retry: ResolvedRetryOptions;
  timeoutMs: number;
  maxResponseBytes: number;
  limiter: RateLimiter | undefined;
  scrubber: SecretScrubber;
  onEvent: ClientEventListener | undefined;
  random: () => number;
}

/** How many attempts produced a response: read by the error middleware. */
export const attemptsOf = new WeakMap<Response, number>();

/** Builds the fetch a call runs through, with the call's options folded in. */
export function createTransport(settings: TransportSettings, call: CallOptions = {}): FetchLike {
  checkHeaders(call.headers, 'headers');
  const retry = resolveRetry(settings.retry, call.retry);
  const timeoutMs = call.timeoutMs ?? settings.timeoutMs;
  const transport: FetchLike = (input) => send(settings, retry, timeoutMs, input, call);
  transports.add(transport);
  return transport;
}

/** The transports this module built: openapi-fetch may hand them a PlainRequest. */
const transports = new WeakSet<FetchLike>();

/** Whether `fetch` is an SDK transport (undefined: the client's default one). */
export function isTransport(fetch: unknown): boolean {
  return fetch === undefined || transports.has(fetch as FetchLike);
}

/** What each attempt sends. */
type Outgoing = Pick<RequestInit, 'method' | 'headers' | 'body' | 'redirect'>;

async function send(
  s: TransportSettings,
  retry: ResolvedRetryOptions,
  timeoutMs: number,
  request: Request | PlainRequest,
  call: CallOptions,
): Promise<Response> {
  const { url, method, redirect } = request;
  const path = new URL(url).pathname;
  const signal = call.signal;
  // Every attempt sends the body again, so a stream is buffered once. A PlainRequest holds what
  // openapi-fetch serialized: a string or FormData, sent again as it is.
  const body =
    request instanceof PlainRequest
      ? request.body instanceof ReadableStream
        ? await new Response(request.body).arrayBuffer()
        : (request.body ?? undefined)
      : request.body
        ? await request.arrayBuffer()
        : undefined;
  let refreshedAfter401 = false;

  for (let attempt = 1; ; attempt++) {
    const context: RequestContext = { method, path, attempts: attempt };
    if (signal?.aborted) throw withContext(abortErrorFrom(signal), context);
    const held = s.limiter?.acquire(signal, retry.maxRateLimitWaitMs);
    if (held) await held.catch((e: unknown) => Promise.reject(withContext(e, context)));
    let released = false;
    // When this attempt went out: the server counted it after that, which bounds when its window
    // can end (see rate-limiter.ts).
    let sentAt = Date.now();
    const release = (headers?: Headers) => {
      if (!released) s.limiter?.release(headers, sentAt);
      released = true;
    };

    let token: string | undefined;
    let response: Response;
    const started = Date.now();
    try {
      token = s.auth
        ? await abortable(s.auth.getToken(signal ? { signal } : {}), signal)
        : undefined;
      s.scrubber.add(token);
      if (token !== undefined && (typeof token !== 'string' || !isHeaderValueSafe(token)))
        throw new ValidationError(
          'token',
          'the token provider returned a value that cannot be sent in a header',
        );
      // A PlainRequest's headers were built for this call alone, so they are set in place.
      const headers =
        request instanceof PlainRequest ? request.headers : new Headers(request.headers);
      for (const [k, v] of Object.entries(call.headers ?? {})) headers.set(k, v);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      sentAt = Date.now();
      response = await attemptOnce(
        s,
        url,
        { method, headers, body, redirect },
        timeoutMs,
        signal,
        context,
      );
    } catch (error) {
      release();
      const failure = withContext(error, context);
      const reason = failure instanceof TimeoutError ? 'timeout' : 'connection';
      if (
        (failure instanceof ConnectionError || failure instanceof TimeoutError) &&
        attempt <= retry.maxRetries &&
        mayRetryWithoutResponse(method, retry)
      ) {
        const delayMs = backoffDelay(attempt, retry, s.random);
        emit(s.onEvent, { type: 'retry', method, path, attempt, delayMs, reason });
        await sleep(delayMs, signal).catch((e: unknown) => Promise.reject(withContext(e, context)));
        continue;
      }
      throw failure;
    }
    release(response.headers);
    emit(s.onEvent, {
      type: 'response',
      method,
      path,
      status: response.status,
      attempt,
      durationMs: Date.now() - started,
    });

    // A 401 means the request was not processed: one fresh token, one more try, any method.
    if (
      response.status === 401 &&
      token !== undefined &&
      s.auth?.invalidate &&
      !refreshedAfter401
    ) {
      refreshedAfter401 = true;
      s.auth.invalidate(token);
      emit(s.onEvent, {
        type: 'retry',
        method,
        path,
        attempt,
        delayMs: 0,
        reason: 'unauthorized',
        status: 401,
      });
      attempt--;
      continue;
    }
    if (attempt <= retry.maxRetries) {
      const delayMs = retryDelay(response, method, attempt, retry, s);
      if (delayMs !== undefined) {
        emit(s.onEvent, {
          type: 'retry',
          method,
          path,
          attempt,
          delayMs,
          reason: response.status === 429 ? 'rate-limited' : 'server-error',
          status: response.status,
        });
        await sleep(delayMs, signal).catch((e: unknown) => Promise.reject(withContext(e, context)));
        continue;
      }
    }
    attemptsOf.set(response, attempt);
    return response;
  }
}

/** The wait before retrying this response, or undefined when it must not be retried. */
function retryDelay(
  response: Response,
  method: string,
  attempt: number,
  retry: ResolvedRetryOptions,
  s: TransportSettings,
): number | undefined {
  if (response.status === 429) {
    // The request was not processed, so any method may be sent again once the window resets.
    const resetSeconds =
      headerNumber(response.headers.get('ratelimit-reset')) ??
      headerNumber(response.headers.get('retry-after'));
    if (resetSeconds === undefined) return backoffDelay(attempt, retry, s.random);
    const waitMs = Math.max(0, resetSeconds * 1000);
    if (waitMs > retry.maxRateLimitWaitMs) return undefined;
    s.limiter?.block(waitMs);
    return waitMs;
  }
  if (!mayRetryStatus(response.status, method, retry)) return undefined;
  const retryAfter = headerNumber(response.headers.get('retry-after'));
  if (retryAfter !== undefined && retryAfter * 1000 <= retry.maxRateLimitWaitMs)
    return retryAfter * 1000;
  return backoffDelay(attempt, retry, s.random);
}

/**
 * One attempt under its own timeout. The body is read here, within the timeout, so a connection
 * reset or a stall in the middle of the body is an attempt failure like any other.
 */
async function attemptOnce(
  s: TransportSettings,
  url: string,
  init: Outgoing,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  context: RequestContext,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // The global fetch takes the URL and init as they are (a Request would be copied once more);
    // a caller's fetch gets the Request that FetchLike promises.
    const response = s.fetch
      ? await s.fetch(new Request(url, init), { signal: controller.signal })
      : await fetch(url, { ...init, signal: controller.signal });
    const bytes = await readAll(response, s.maxResponseBytes, controller, signal);
    const head = {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    };
    // 204, 205 and 304 cannot carry a body: a Response with one would not even construct.
    return response.status === 204 || response.status === 205 || response.status === 304
      ? new Response(null, head)
      : bufferedResponse(bytes, head);
  } catch (error) {
    if (error instanceof SdkError) throw error;
    if (signal?.aborted)
      throw new AbortError('the call was aborted', { request: context, cause: signal.reason });
    if (timedOut) throw new TimeoutError(timeoutMs, { request: context });
    throw new ConnectionError(`connection failed: ${describe(error)}`, {
      request: context,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Reads a whole body, refusing one larger than the client's limit. */
async function readAll(
  response: Response,
  maxBytes: number,
  controller: AbortController,
  callerSignal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = headerNumber(response.headers.get('content-length'));
  if (declared !== undefined && declared > maxBytes) {
    controller.abort();
    throw new ResponseTooLargeError(
      `response body of ${declared} bytes exceeds the limit of ${maxBytes}`,
    );
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // An error response whose body was cut off (connection lost, or stalled past the timeout)
      // is still that error: keep what arrived, so the caller gets the class of its status. A
      // success body must be complete, so there the failure stands. The caller's abort always wins.
      if (response.ok || callerSignal?.aborted) throw error;
      break;
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(`response body exceeds the limit of ${maxBytes} bytes`);
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function describe(error: unknown): string {
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

/** Adds the request context to an SDK error that lacks it; wraps anything else. */
function withContext(error: unknown, context: RequestContext): SdkError {
  if (error instanceof SdkError) {
    if (!error.request) setRequest(error, context);
    return error;
  }
  return new ConnectionError(describe(error), { request: context, cause: error });
}

/** Sets or widens an error's request context (the middleware adds the path template). */
export function setRequest(error: SdkError, context: RequestContext): void {
  Object.defineProperty(error, 'request', {
    value: { ...error.request, ...context },
    enumerable: true,
  });
}
