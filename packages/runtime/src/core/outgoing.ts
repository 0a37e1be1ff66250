// Builds the request a typed call sends, with openapi-fetch's own serializers (so a typed call and
// the same call through `raw` put the same bytes on the wire), without building a fetch `Request`:
// the transport sends each attempt from these parts.
import { createQuerySerializer } from 'openapi-fetch';
import { checkHeaders } from '../headers.js';
import { assertPathParams, safePathSerializer } from '../path-params.js';
import type { OutgoingRequest, ReplayableBody } from '../transport/wire.js';

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
  clientHeaders: Headers,
  method: string,
  template: string,
  parts: CallParts,
  callHeaders: Record<string, string> | undefined,
  ids: boolean,
): OutgoingRequest {
  assertPathParams(template, parts.path, ids);
  const route = safePathSerializer(template, parts.path ?? {});
  serializeQuery ??= createQuerySerializer();
  const search = parts.query ? serializeQuery(parts.query) : '';
  const url = `${base.url}${route}${search ? `?${search}` : ''}`;
  const path = `${base.path}${route}`;
  const headers = new Headers(clientHeaders);
  if (parts.header) {
    checkHeaders(parts.header, 'header');
    for (const [name, value] of Object.entries(parts.header))
      if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  if (callHeaders) {
    checkHeaders(callHeaders, 'headers');
    for (const [name, value] of Object.entries(callHeaders)) headers.set(name, value);
  }
  let body: ReplayableBody | undefined;
  if (parts.body !== undefined) {
    if (!(parts.body instanceof FormData) && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    body = serializeBody(parts.body, headers.get('content-type'));
  }
  return { method, url, path, pathTemplate: template, headers, body };
}

/** As openapi-fetch serializes a body: FormData as it is, a form as URL encoding, JSON otherwise. */
function serializeBody(body: unknown, contentType: string | null): ReplayableBody {
  if (body instanceof FormData) return body;
  if (contentType === 'application/x-www-form-urlencoded')
    return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}
