// What the transport's steps hand each other: the request as it is sent on every attempt, the
// response as it was read, and the sender that turns one into the other. A leaf module, so that
// the pipeline and each sender can import it without importing each other.
import type { RequestContext } from '../core/errors.js';

/** The fetch signature the SDK calls; any WHATWG-compatible fetch works. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** A body the transport can send again on every attempt. */
export type ReplayableBody = string | Uint8Array<ArrayBuffer> | FormData | URLSearchParams | Blob;

/**
 * Request headers as the transport sends them: a plain record with lower-case names (no fetch
 * `Headers` per call). Each attempt sets `authorization` on it.
 */
export type RequestHeaders = Record<string, string>;

/**
 * Response headers as the pipeline reads them: fetch's `Headers`, or the Node sender's lighter
 * view. `get` is case-insensitive and joins repeated fields with ", ", as fetch's does; iterating
 * gives [name, value] pairs with lower-case names, so that either one initialises a `Response`.
 */
export interface ResponseHeaders extends Iterable<[string, string]> {
  get(name: string): string | null;
  /** The same headers as fetch's `Headers`, built once (the Node sender's view has it). */
  toHeaders?(): Headers;
}

/** A request as the transport sends it: built once per call, sent again by each attempt. */
export interface OutgoingRequest {
  readonly method: string;
  /** The absolute URL, query included. */
  readonly url: string;
  /** The path that is sent, without the query string (for errors and events). */
  readonly path: string;
  /** The operation's path template, when known. */
  readonly pathTemplate: string | undefined;
  /** The call's headers (lower-case names); each attempt sets `authorization` on them. */
  readonly headers: RequestHeaders;
  readonly body: ReplayableBody | undefined;
  readonly redirect?: RequestRedirect | undefined;
}

/** A response read in full within the attempt's timeout and the size limit. */
export interface ReceivedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ResponseHeaders;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** What one attempt needs besides the request. */
export interface AttemptLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** The caller's signal: it ends the attempt at once. */
  readonly signal: AbortSignal | undefined;
  /** The request context for the errors the attempt builds. */
  readonly context: RequestContext;
  /** The caller's fetch, if any, and extra RequestInit fields (the fetch sender's only). */
  readonly fetch: FetchLike | undefined;
  readonly fetchOptions: Record<string, unknown> | undefined;
}

/**
 * Sends one attempt and reads the whole body. Throws TimeoutError, AbortError, ConnectionError or
 * ResponseTooLargeError, each built with `limits.context`.
 */
export type Sender = (request: OutgoingRequest, limits: AttemptLimits) => Promise<ReceivedResponse>;

/** A failure's message with its cause's, for errors that wrap a platform error. */
export function describe(error: unknown): string {
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}
