// Turns a non-2xx response into the ApiError subclass for its status, whatever the body format:
// the W/A envelope, the SCIM error object, family E's {message}, the OAuth error response, HTML, or
// a truncated body. Secrets are masked before anything is read from the body.
import {
  redactAuthorization,
  redactBodyText,
  redactJson,
  type SecretScrubber,
  setOwn,
} from '../redact.js';
import {
  ApiError,
  type ApiErrorInit,
  BadRequestError,
  ConflictError,
  type ErrorPayload,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  RateLimitError,
  type RequestContext,
  ServerError,
  UnauthorizedError,
} from './errors.js';

/** Error bodies beyond this size are cut: an error never needs more, and memory stays bounded. */
export const MAX_ERROR_BODY_BYTES = 65_536; // 64 KiB

const KEPT_HEADERS = [
  'content-type',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-correlation-id',
  'x-correlation_id',
  'x-request-id',
  'request-id',
];

/** A response's status and headers, and its body as far as it was read. */
export interface ErrorResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
}

/** Reads at most `maxBytes` of a body as text, then cancels the rest. */
export async function readBodyCapped(
  response: Response,
  maxBytes = MAX_ERROR_BODY_BYTES,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let room = maxBytes;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.byteLength >= room) {
        text += decoder.decode(value.subarray(0, room), { stream: true });
        await reader.cancel().catch(() => undefined);
        break;
      }
      room -= value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut off mid-stream still yields the right error class; keep what arrived.
  }
  return text + decoder.decode();
}

/** Reads whatever error format the body holds. */
export function parseErrorPayload(body: unknown): ErrorPayload {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const isScim =
    Array.isArray(b.schemas) &&
    b.schemas.some((s) => typeof s === 'string' && s.includes(':api:messages:2.0:Error'));
  if (isScim || (('scimType' in b || 'detail' in b) && !('code' in b))) {
    const scim = {
      schemas: Array.isArray(b.schemas)
        ? b.schemas.filter((s): s is string => typeof s === 'string')
        : [],
      status: str(b.status) ?? (typeof b.status === 'number' ? String(b.status) : undefined),
      scimType: str(b.scimType),
      detail: str(b.detail),
    };
    return { scim, message: scim.detail, code: scim.scimType };
  }
  return {
    // `error` / `error_description`: the OAuth 2.0 error response of the token endpoints.
    code: str(b.code) ?? str(b.error),
    message: str(b.message) ?? str(b.error_description),
    details: Array.isArray(b.details)
      ? b.details.filter((d) => d !== null && typeof d === 'object')
      : undefined,
  };
}

/** Chooses the error class for a status. */
export function errorClassFor(status: number): new (init: ApiErrorInit) => ApiError {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return UnauthorizedError;
    case 403:
      return ForbiddenError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 412:
      return PreconditionFailedError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 ? ServerError : ApiError;
  }
}

const decoder = /* @__PURE__ */ new TextDecoder();

/** Builds the typed error for a non-2xx response whose body was read (at most 64 KiB of it kept). */
export function errorFromBytes(
  response: ErrorResponse,
  bytes: Uint8Array,
  request: RequestContext,
  scrubber?: SecretScrubber,
): ApiError {
  const cut =
    bytes.byteLength > MAX_ERROR_BODY_BYTES ? bytes.subarray(0, MAX_ERROR_BODY_BYTES) : bytes;
  return errorFromText(response, decoder.decode(cut), request, scrubber);
}

/** Builds the typed error for a non-2xx Response; reads (and consumes) at most 64 KiB of its body. */
export async function errorFromResponse(
  response: Response,
  request: RequestContext,
  scrubber?: SecretScrubber,
): Promise<ApiError> {
  return errorFromText(response, await readBodyCapped(response), request, scrubber);
}

function errorFromText(
  response: ErrorResponse,
  text: string,
  request: RequestContext,
  scrubber: SecretScrubber | undefined,
): ApiError {
  const clean = (s: string) => (scrubber ? scrubber.scrub(s) : redactAuthorization(s));
  let body: unknown;
  try {
    // Secret-named keys masked, then every string (keys too) scrubbed of known secrets, before
    // anything is read from it: message, details and the SCIM object all come from the clean copy.
    body = text ? scrubStrings(redactJson(JSON.parse(text)), clean) : undefined;
  } catch {
    body = undefined;
  }
  const payload = parseErrorPayload(body);
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = response.headers.get(name);
    if (v !== null) headers[name] = clean(v);
  }
  const requestId =
    headers['x-correlation-id'] ??
    headers['x-correlation_id'] ??
    headers['x-request-id'] ??
    headers['request-id'];
  const ErrorClass = errorClassFor(response.status);
  return new ErrorClass({
    ...payload,
    status: response.status,
    request,
    requestId,
    rawBody: clean(redactBodyText(text)),
    body,
    headers,
  });
}

/** Deep copy of a parsed JSON value with `clean` applied to every string, keys included. */
function scrubStrings(value: unknown, clean: (s: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return clean(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubStrings(v, clean, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    setOwn(out, clean(key), scrubStrings(v, clean, depth + 1));
  return out;
}
