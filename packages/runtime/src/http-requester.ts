// One request through the transport, without openapi-fetch and without the rate limiter: what a
// package needs that sends a single kind of request (the token request of `@x/auth`) and must stay
// small. Timeouts, retries, typed errors, secret scrubbing and the size limit are the client's.
import { normalizeBaseUrl } from './base-url.js';
import { errorFromBytes } from './core/error-mapping.js';
import { InvalidResponseError, ValidationError } from './core/errors.js';
import type { HttpMethod } from './core/http-method.js';
import type { CallOptions } from './core/options.js';
import { checkedHeaders } from './headers.js';
import { secretSafe } from './redact.js';
import { sendRequest } from './transport/pipeline.js';
import { resolveRetry } from './transport/retry-policy.js';
import { positive, type TransportOptions, transportSettings } from './transport/settings.js';

export type { HttpMethod };

/** Options of a requester: how its requests are sent (every field is optional). */
export type HttpRequesterOptions = TransportOptions;

/** One request: its body and headers, and options that override the requester's for this call. */
export interface HttpRequestInit extends CallOptions {
  /**
   * The body. Sent as `application/x-www-form-urlencoded` (a record of strings, through
   * `URLSearchParams`) when the `content-type` header says so, as JSON otherwise.
   */
  body?: unknown;
  /** The route named in errors, for example `/v2/oauth2/token`. Default: the URL's path. */
  pathTemplate?: string;
}

/** Sends single requests through the SDK transport. */
export interface HttpRequester {
  /**
   * Sends one request and returns the parsed JSON body (undefined when the body is empty).
   *
   * @param method - HTTP method.
   * @param url - Absolute URL: https, or plain http for loopback addresses only; no credentials.
   * @throws {@link ApiError} subclass for a non-2xx response, with the request context and the
   *   body, secrets masked. {@link InvalidResponseError} for a 2xx body that is not JSON.
   *   {@link ConnectionError}, {@link TimeoutError} or {@link AbortError} when no response came,
   *   after the retries. {@link ValidationError} for invalid arguments, before anything is sent.
   */
  request<T = unknown>(method: HttpMethod, url: string | URL, init?: HttpRequestInit): Promise<T>;
}

/**
 * Creates a requester that sends single requests the way the full client does (per-attempt
 * timeouts, retries with jitter and `Retry-After`, 401 refresh with `auth`, the response size
 * limit, typed errors, secrets masked in every error and event), without openapi-fetch, path
 * templates or the rate limiter. For a package that sends one kind of request and must stay
 * small; an API client is `createApiClient`.
 *
 * @example
 * ```ts
 * const http = createHttpRequester({ secrets: [clientSecret] });
 * const token = await http.request<{ access_token: string }>('POST', tokenUrl, {
 *   body: { grant_type: 'client_credentials' },
 *   headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
 * });
 * ```
 */
export function createHttpRequester(options: HttpRequesterOptions = {}): HttpRequester {
  if (options === null || typeof options !== 'object')
    throw new TypeError('requester options must be an object');
  const settings = transportSettings(options);
  const requester: HttpRequester = {
    async request<T>(method: HttpMethod, url: string | URL, init: HttpRequestInit = {}) {
      const { body, pathTemplate, headers, signal, timeoutMs, retry } = init;
      const sent = checkedHeaders(headers, 'headers');
      const target = checkUrl(url, options.allowInsecureHttp === true);
      const template = pathTemplate ?? target.pathname;
      let payload: string | undefined;
      if (body !== undefined) {
        if (method === 'GET' || method === 'HEAD')
          throw new ValidationError('body', `a ${method} request cannot have a body`);
        sent['content-type'] ??= 'application/json';
        payload = /^application\/x-www-form-urlencoded\b/i.test(sent['content-type'])
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body);
      }
      const attemptTimeoutMs = positive(timeoutMs, settings.timeoutMs, 'timeoutMs');
      const result = await sendRequest(
        settings,
        {
          signal,
          timeoutMs: attemptTimeoutMs,
          retry: resolveRetry(settings.retry, retry),
        },
        {
          method,
          url: target.href,
          path: target.pathname,
          pathTemplate: template,
          headers: sent,
          body: payload,
        },
      );
      const { response } = result;
      if (response.status < 200 || response.status > 299)
        throw errorFromBytes(response, response.bytes, result.request, settings.scrubber);
      if (method === 'HEAD' || response.status === 204 || response.status === 205)
        return undefined as T;
      const text = new TextDecoder().decode(response.bytes);
      try {
        return (text ? JSON.parse(text) : undefined) as T;
      } catch {
        throw new InvalidResponseError(
          `${method} ${template} answered 2xx with a body that is not valid JSON`,
          { request: result.request },
        );
      }
    },
  };
  return Object.freeze(secretSafe(requester, () => 'HttpRequester'));
}

function checkUrl(url: string | URL, allowInsecureHttp: boolean): URL {
  // The rules of every base URL (absolute; https, or plain http for loopback unless opted in; no
  // credentials, which fetch would quote in its error) for what comes before the query.
  normalizeBaseUrl(String(url).split(/[?#]/)[0], 'url', allowInsecureHttp);
  return new URL(url);
}
