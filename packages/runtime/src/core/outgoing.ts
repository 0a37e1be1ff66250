// Builds the request a typed call sends, with openapi-fetch's own serializers (so a typed call and
// the same call through `raw` put the same bytes on the wire), without building a fetch `Request`:
// the transport sends each attempt from these parts.
import { createQuerySerializer } from 'openapi-fetch';
import { checkedHeaders } from '../headers.js';
import { routeOf } from '../path-params.js';
import type { OutgoingRequest, ReplayableBody, RequestHeaders } from '../transport/wire.js';

/** The parts of a call: path, query and header parameters, and the body. */
export interface CallParts {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  header?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** A client's base URL, split once: requests append to `url`, errors and events show `path`. */
export interface BaseUrl {
  /** The normalized base URL, without a trailing slash. */
  readonly url: string;
  /** Its path, without a trailing slash ('' for an origin). */
  readonly path: string;
}

/** Splits a normalized base URL. */
export function baseUrlParts(url: string): BaseUrl {
  return { url, path: new URL(url).pathname.replace(/\/+$/, '') };
}

let serializeQuery: ((query: Record<string, unknown>) => string) | undefined;

/**
 * The request of one call. `ids`: path parameters are resource ids given to a typed method (a
 * non-blank string each, errors naming the argument); otherwise any encodable value (`request()`).
 */
export function buildOutgoing(
  base: BaseUrl,
  clientHeaders: RequestHeaders,
  method: string,
  template: string,
  parts: CallParts,
  callHeaders: Record<string, string> | undefined,
  ids: boolean,
): OutgoingRequest {
  const route = routeOf(template, parts.path, ids);
  serializeQuery ??= createQuerySerializer();
  const search = parts.query ? serializeQuery(parts.query) : '';
  const url = `${base.url}${route}${search ? `?${search}` : ''}`;
  const path = `${base.path}${route}`;
  const headers: RequestHeaders = {
    ...clientHeaders,
    ...checkedHeaders(parts.header, 'header'),
    ...checkedHeaders(callHeaders, 'headers'),
  };
  let body: ReplayableBody | undefined;
  if (parts.body !== undefined) {
    if (!(parts.body instanceof FormData)) headers['content-type'] ??= 'application/json';
    body = serializeBody(parts.body, headers['content-type']);
  }
  return { method, url, path, pathTemplate: template, headers, body };
}

/** As openapi-fetch serializes a body: FormData as it is, a form as URL encoding, JSON otherwise. */
function serializeBody(body: unknown, contentType: string | undefined): ReplayableBody {
  if (body instanceof FormData) return body;
  if (contentType === 'application/x-www-form-urlencoded')
    return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}
