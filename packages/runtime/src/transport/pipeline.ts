// The transport: how one call becomes one or more attempts. Every way of sending (the typed client,
// the raw openapi-fetch client, the lean requester) goes through `sendRequest`, in named steps:
//
//   prepare    the caller builds the OutgoingRequest once (URL, headers, a body that can be resent)
//   authorize  the token provider's token goes into the headers, for each attempt
//   attempt    the rate limiter lets it go, the sender sends it under the attempt timeout and reads
//              the whole body (within the size limit)
//   decide     the retry policy says: done, retry after a delay, or refresh the token once after 401
//   loop       until done; the result is the response and the request context with the attempt
//              count, and every error is built with that context when it is created.
//
// It returns the final response (2xx or not) or throws ConnectionError, TimeoutError, AbortError or
// ResponseTooLargeError; the caller turns a non-2xx response into its typed error.

import { errorClassFor } from '../core/error-mapping.js';
import {
  ConnectionError,
  type RequestContext,
  SdkError,
  TimeoutError,
  ValidationError,
} from '../core/errors.js';
import { requestIdOf } from '../core/response-info.js';
import { isHeaderValueSafe } from '../headers.js';
import {
  backoffDelay,
  decideAfterResponse,
  mayRetryWithoutResponse,
  type ResolvedRetryOptions,
  type RetryDecision,
} from './retry-policy.js';
import type { TransportSettings } from './settings.js';
import { abortable, abortErrorFrom, sleep } from './sleep.js';
import { describe, type OutgoingRequest, type ReceivedResponse, type Sender } from './wire.js';

/** The per-call settings: the client's, with the call's own options folded in. */
export interface CallSettings {
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  readonly retry: ResolvedRetryOptions;
}

/** The final response of a call, and the context of the request (with its attempt count). */
export interface SendResult {
  readonly response: ReceivedResponse;
  readonly request: RequestContext;
}

/** The state of the loop over attempts. */
interface LoopState {
  /** Requests sent so far. */
  attempts: number;
  /** Retries used so far (a token refresh after 401 does not use one). */
  retries: number;
  /** Whether the one token refresh after a 401 was made. */
  refreshed: boolean;
  /** Whether the call's end was reported (a `failure` event). */
  reported: boolean;
}

type Outcome =
  | { response: ReceivedResponse; error?: undefined; token: string | undefined }
  | { response?: undefined; error: SdkError; token: string | undefined };

type Decision = { kind: 'done' } | { kind: 'refresh' } | ({ kind: 'retry' } & RetryDecision);

/** Sends a call: the loop of attempts (see the file header). */
export async function sendRequest(
  s: TransportSettings,
  call: CallSettings,
  request: OutgoingRequest,
  sender: Sender = s.sender,
): Promise<SendResult> {
  const state: LoopState = { attempts: 0, retries: 0, refreshed: false, reported: false };
  try {
    return await attempts(s, call, request, sender, state);
  } catch (error) {
    // Aborted while waiting (for the limiter, a backoff, a token): still one `failure` event.
    if (!state.reported) failed(s, request, state, nameOf(error), undefined);
    throw error;
  }
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

async function attempts(
  s: TransportSettings,
  call: CallSettings,
  request: OutgoingRequest,
  sender: Sender,
  state: LoopState,
): Promise<SendResult> {
  for (;;) {
    state.attempts++;
    const context: RequestContext = {
      method: request.method,
      pathTemplate: request.pathTemplate,
      path: request.path,
      attempts: state.attempts,
    };
    const outcome = await attempt(s, call, request, context, sender);
    const decision = decide(s, call, request.method, outcome, state);
    if (decision.kind === 'done') {
      if (outcome.error) {
        failed(s, request, state, outcome.error.name, undefined);
        throw outcome.error;
      }
      const { status } = outcome.response;
      if (status >= 400) failed(s, request, state, errorClassFor(status).name, status);
      return { response: outcome.response, request: context };
    }
    if (decision.kind === 'refresh') {
      // A 401 means the request was not processed: one fresh token, one more try, any method.
      state.refreshed = true;
      s.auth?.invalidate?.(outcome.token!);
      s.observe?.({
        type: 'retry',
        method: request.method,
        path: request.path,
        pathTemplate: request.pathTemplate,
        attempt: state.attempts,
        delayMs: 0,
        reason: 'unauthorized',
        status: 401,
      });
      continue;
    }
    state.retries++;
    s.observe?.({
      type: 'retry',
      method: request.method,
      path: request.path,
      pathTemplate: request.pathTemplate,
      attempt: state.attempts,
      delayMs: decision.delayMs,
      reason: decision.reason,
      status: outcome.response?.status,
    });
    if (decision.holdAllMs !== undefined) s.limiter?.block(decision.holdAllMs);
    await sleep(decision.delayMs, call.signal, context);
  }
}

/** The authorize and attempt steps: limiter, token, one send, the limiter told how it went. */
async function attempt(
  s: TransportSettings,
  call: CallSettings,
  request: OutgoingRequest,
  context: RequestContext,
  sender: Sender,
): Promise<Outcome> {
  const { signal } = call;
  if (signal?.aborted) throw abortErrorFrom(signal, context);
  const held = s.limiter?.acquire({
    signal,
    maxWaitMs: call.retry.maxRateLimitWaitMs,
    timeoutMs: call.timeoutMs,
    request: context,
  });
  if (held) await held;
  // When this attempt went out: the server counted it after that, which bounds when its window
  // can end (see rate-window.ts).
  let sentAt = Date.now();
  let token: string | undefined;
  let announced = false;
  try {
    token = await authorize(s, request, signal, context);
    announced = true;
    s.observe?.({
      type: 'request',
      method: request.method,
      path: request.path,
      pathTemplate: request.pathTemplate,
      attempt: context.attempts ?? 1,
    });
    sentAt = Date.now();
    const response = await sender(request, {
      timeoutMs: call.timeoutMs,
      maxBytes: s.maxResponseBytes,
      signal,
      context,
      fetch: s.fetch,
      fetchOptions: s.fetchOptions,
    });
    s.limiter?.release(response.headers, sentAt);
    s.observe?.({
      type: 'response',
      method: request.method,
      path: request.path,
      pathTemplate: request.pathTemplate,
      status: response.status,
      attempt: context.attempts ?? 1,
      durationMs: Date.now() - sentAt,
      requestId: scrubbed(s, requestIdOf(response.headers)),
    });
    return { response, token };
  } catch (error) {
    s.limiter?.release(undefined, sentAt);
    const failure = asSdkError(error, context);
    // Only after a `request` event (a token provider's failure comes before it): every attempt
    // span a tracer opened is closed.
    if (announced)
      s.observe?.({
        type: 'error',
        method: request.method,
        path: request.path,
        pathTemplate: request.pathTemplate,
        attempt: context.attempts ?? 1,
        durationMs: Date.now() - sentAt,
        reason: reasonOf(failure),
        errorName: failure.name,
      });
    return { error: failure, token };
  }
}

/** What ended an attempt that got no response. */
function reasonOf(error: SdkError): 'timeout' | 'abort' | 'connection' | 'too-large' | 'other' {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof ConnectionError) return 'connection';
  if (error.name === 'AbortError') return 'abort';
  if (error.name === 'ResponseTooLargeError') return 'too-large';
  return 'other';
}

/** Reports a call that failed for good (the observer logs it at warn or error). */
function failed(
  s: TransportSettings,
  request: OutgoingRequest,
  state: LoopState,
  errorName: string,
  status: number | undefined,
): void {
  state.reported = true;
  s.observe?.({
    type: 'failure',
    method: request.method,
    path: request.path,
    pathTemplate: request.pathTemplate,
    attempts: state.attempts,
    status,
    errorName,
  });
}

/** Puts the provider's token into the request's headers, checked first. */
async function authorize(
  s: TransportSettings,
  request: OutgoingRequest,
  signal: AbortSignal | undefined,
  context: RequestContext,
): Promise<string | undefined> {
  if (!s.auth) return undefined;
  const token = await abortable(s.auth.getToken(signal ? { signal } : {}), signal, context);
  s.scrubber.add(token);
  if (typeof token !== 'string' || !isHeaderValueSafe(token))
    throw new ValidationError(
      'token',
      'the token provider returned a value that cannot be sent in a header',
      { request: context },
    );
  request.headers.authorization = `Bearer ${token}`;
  return token;
}

/** The decide step: done, a token refresh, or a retry after a delay. */
function decide(
  s: TransportSettings,
  call: CallSettings,
  method: string,
  outcome: Outcome,
  state: LoopState,
): Decision {
  const { retry } = call;
  const canRetry = state.retries < retry.maxRetries;
  if (outcome.error) {
    const failure = outcome.error;
    if (
      canRetry &&
      (failure instanceof ConnectionError || failure instanceof TimeoutError) &&
      mayRetryWithoutResponse(method, retry)
    )
      return {
        kind: 'retry',
        delayMs: backoffDelay(state.retries + 1, retry, s.random),
        reason: failure instanceof TimeoutError ? 'timeout' : 'connection',
      };
    return { kind: 'done' };
  }
  const { status, headers } = outcome.response;
  if (status === 401 && outcome.token !== undefined && s.auth?.invalidate && !state.refreshed)
    return { kind: 'refresh' };
  if (!canRetry || status < 400) return { kind: 'done' };
  const next = decideAfterResponse(status, headers, method, state.retries + 1, retry, s.random);
  return next ? { kind: 'retry', ...next } : { kind: 'done' };
}

/** A value from a response, with every secret the client knows masked. */
function scrubbed(s: TransportSettings, value: string | undefined): string | undefined {
  return value === undefined ? undefined : s.scrubber.scrub(value);
}

/**
 * An SDK error with this call's context (one from a token provider may have none); anything else
 * (a token provider's own failure) as a ConnectionError.
 */
function asSdkError(error: unknown, context: RequestContext): SdkError {
  if (error instanceof SdkError)
    return error.request ? error : error.withContext({ request: context });
  return new ConnectionError(describe(error), { request: context, cause: error });
}
