// What a successful call tells besides its data: status, headers, the server's request id, the
// rate-limit budget and how many attempts it took. `withResponse()` returns it next to the data.
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
  /** The response headers. */
  readonly headers: Headers;
  /** Method, path template, path and attempts of the call. */
  readonly request: RequestContext;

  constructor(status: number, headers: Headers, request: RequestContext) {
    this.status = status;
    this.headers = headers;
    this.request = request;
  }

  /** The id the server gave the request (`x-correlation-id`, `x-request-id`, ...), if any. */
  get requestId(): string | undefined {
    return requestIdOf(this.headers);
  }

  /** The rate-limit budget, when the server sent `RateLimit-*` headers. */
  get rateLimit(): RateLimitInfo | undefined {
    const limit = headerNumber(this.headers.get('ratelimit-limit'));
    const remaining = headerNumber(this.headers.get('ratelimit-remaining'));
    const resetSeconds = headerNumber(this.headers.get('ratelimit-reset'));
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
