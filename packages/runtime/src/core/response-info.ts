// What a successful call tells besides its data: status, headers, the server's request id, the
// rate-limit budget and how many attempts it took. `withResponse()` returns it next to the data.
import type { ResponseHeaders } from '../transport/wire.js';
import { headerNumber, type RequestContext } from './errors.js';

/** The rate-limit budget the server reported with a response (`RateLimit-*` headers). */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  readonly limit: number | undefined;
  /** Requests left in the window. */
  readonly remaining: number | undefined;
  /** Seconds until the window resets. */
  readonly resetSeconds: number | undefined;
}

/** The id the server gave a request, from the headers the platform and gateways use. */
export function requestIdOf(headers: { get(name: string): string | null }): string | undefined {
  return (
    headers.get('x-correlation-id') ??
    headers.get('x-correlation_id') ??
    headers.get('x-request-id') ??
    headers.get('request-id') ??
    undefined
  );
}

/** The response of a successful call, without its body (which is the call's data). */
export class ResponseInfo {
  /** The HTTP status, for example 200 or 201. */
  readonly status: number;
  /** Method, path template, path and attempts of the call. */
  readonly request: RequestContext;
  /** The headers as the transport read them. */
  readonly #received: ResponseHeaders;

  constructor(status: number, headers: ResponseHeaders, request: RequestContext) {
    this.status = status;
    this.#received = headers;
    this.request = request;
  }

  /**
   * The response headers, as fetch's `Headers`. Built on first read: the Node transport reads
   * headers without one, and most calls never look.
   */
  get headers(): Headers {
    // fetch's own as they are; the Node sender's built once.
    return this.#received.toHeaders?.() ?? (this.#received as Headers);
  }

  /** The id the server gave the request (`x-correlation-id`, `x-request-id`, ...), if any. */
  get requestId(): string | undefined {
    return requestIdOf(this.#received);
  }

  /** The rate-limit budget, when the server sent `RateLimit-*` headers. */
  get rateLimit(): RateLimitInfo | undefined {
    const headers = this.#received;
    const limit = headerNumber(headers.get('ratelimit-limit'));
    const remaining = headerNumber(headers.get('ratelimit-remaining'));
    const resetSeconds = headerNumber(headers.get('ratelimit-reset'));
    if (limit === undefined && remaining === undefined && resetSeconds === undefined)
      return undefined;
    return { limit, remaining, resetSeconds };
  }

  /** How many requests the call sent (1 when there was no retry). */
  get attempts(): number {
    return this.request.attempts ?? 1;
  }
}

/** The data of a call and the response it came with. */
export interface WithResponse<T> {
  readonly data: T;
  readonly response: ResponseInfo;
}
