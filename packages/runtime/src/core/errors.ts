// Every error the SDK throws, in one file. Each extends SdkError; HTTP failures extend ApiError and
// are chosen by status, so `instanceof` tells what happened whether the error came from one call,
// a page of a list, a chunk of a batch or a follow loop: those add where it happened as properties
// (`paging`, `batch`) on a copy of the same class. No error holds a request object, its headers or
// a credential: only what is safe to log. Every class is branded (./error-brand.ts) so that
// `instanceof` also holds for errors thrown by another copy of @x/runtime in the same app.

import { brandErrorClass, isBrandedInstance } from './error-brand.js';

/** Where a failure happened: enough to find the call in logs, never a credential. */
export interface RequestContext {
  /** HTTP method, upper case. */
  readonly method: string;
  /** The operation's path template, for example `/v2/users/{user_id}`, when known. */
  readonly pathTemplate?: string | undefined;
  /** The request path that was sent, without the query string. */
  readonly path?: string | undefined;
  /** How many requests were sent for this call (1 when there was no retry). */
  readonly attempts?: number | undefined;
}

/** Where in a list (or an event tail) a failure happened, and where to resume. */
export interface PagingContext {
  /** 1-based number of the page whose request failed. */
  readonly page: number;
  /**
   * Where that page starts: pass it back as the list's start (`skip`, `pageToken`, `cursor`,
   * `startIndex`, or a follow checkpoint) to resume without losing an item.
   */
  readonly resumeFrom: string | number | undefined;
  /** Pages delivered before the failure. */
  readonly pagesDelivered: number;
  /** Items delivered before the failure. */
  readonly itemsDelivered: number;
}

/** Which chunk of a batch failed, and what was done before it. */
export interface BatchContext {
  /** 0-based index of the chunk (request) that failed. */
  readonly chunkIndex: number;
  /** How many chunks the batch had. */
  readonly chunkCount: number;
  /** The ids the failed chunk held. */
  readonly chunkIds: readonly string[];
  /** Ids of the chunks that succeeded before it. */
  readonly succeededIds: readonly string[];
  /** Ids not attempted after the failure. */
  readonly pendingIds: readonly string[];
  /**
   * Every id not known to be applied: the failed chunk's, then the pending ones. Retry these
   * (the failed chunk may have been applied in part or in full when no answer came back).
   */
  readonly notAppliedIds: readonly string[];
}

interface SdkErrorOptions {
  request?: RequestContext | undefined;
  cause?: unknown;
}

/** Base class of every error the SDK throws. */
export class SdkError extends Error {
  override readonly name: string = 'SdkError';
  /** Method, path template, path and attempts of the call that failed, when a call was involved. */
  readonly request: RequestContext | undefined;
  /** Set when the call was one page of a list or event tail: which page, and where to resume. */
  readonly paging: PagingContext | undefined;
  /** Set when the call was one chunk of a batch: which chunk, its ids, what succeeded before. */
  readonly batch: BatchContext | undefined;

  /**
   * `error instanceof NotFoundError` (or any SDK error class) is true for errors thrown by any
   * copy of @x/runtime in the process, not only this one: the classes carry a shared brand.
   */
  static override [Symbol.hasInstance]<T>(
    this: abstract new (
      ...args: never[]
    ) => T,
    value: unknown,
  ): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof
    return isBrandedInstance(this, value);
  }

  constructor(message: string, options: SdkErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.request = options.request;
    this.paging = undefined;
    this.batch = undefined;
  }

  /**
   * A copy of this error, of the same class and with the same message, cause and stack, that
   * also says where it happened: the call (for an error raised outside one, such as a token
   * provider's), the page of a list, the chunk of a batch. The original is left as it was.
   */
  withContext(context: {
    request?: RequestContext;
    paging?: PagingContext;
    batch?: BatchContext;
  }): this {
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.defineProperties(copy, Object.getOwnPropertyDescriptors(this));
    for (const key of ['request', 'paging', 'batch'] as const)
      if (context[key] !== undefined)
        Object.defineProperty(copy, key, { value: context[key], enumerable: true });
    return copy;
  }

  /** A plain, credential-free representation for structured logs. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      name: this.name,
      message: this.message,
      request: this.request,
    };
    if (this.paging) json.paging = this.paging;
    if (this.batch) json.batch = this.batch;
    return json;
  }
}

/** A value the caller passed is invalid; nothing was sent. */
export class ValidationError extends SdkError {
  override readonly name: string = 'ValidationError';
  /** The argument or field at fault, for example `userId`, `user.display_name` or `path.user_id`. */
  readonly field: string;
  constructor(field: string, message: string, options: SdkErrorOptions = {}) {
    super(`${field}: ${message}`, options);
    this.field = field;
  }
  override toJSON() {
    return { ...super.toJSON(), field: this.field };
  }
}

/** Required configuration (an environment variable, an option) is missing or invalid. */
export class ConfigurationError extends SdkError {
  override readonly name: string = 'ConfigurationError';
  /** The names of what is missing or invalid, for example `X_WORKFORCE_URL`. */
  readonly missing: readonly string[];
  constructor(message: string, missing: readonly string[]) {
    super(message);
    this.missing = missing;
  }
  override toJSON() {
    return { ...super.toJSON(), missing: this.missing };
  }
}

/** The connection failed or was reset before a complete response arrived. */
export class ConnectionError extends SdkError {
  override readonly name: string = 'ConnectionError';
}

/** An attempt took longer than its timeout. */
export class TimeoutError extends SdkError {
  override readonly name: string = 'TimeoutError';
  /** The per-attempt timeout that was exceeded, in milliseconds. */
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options: SdkErrorOptions = {}) {
    super(`request timed out after ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends SdkError {
  override readonly name: string = 'AbortError';
}

/**
 * The server answered 2xx with a body the SDK cannot read: not JSON (HTML, plain text, a body cut
 * short). The body is not quoted: it may hold anything, credentials included.
 */
export class InvalidResponseError extends SdkError {
  override readonly name: string = 'InvalidResponseError';
}

/**
 * A list's server sent back a page token or cursor it had already sent in this listing, so paging
 * would never end. Carries the paging context of the page that repeated.
 */
export class PagingLoopError extends InvalidResponseError {
  override readonly name: string = 'PagingLoopError';
}

/** A response body was larger than the client's `maxResponseBytes`. */
export class ResponseTooLargeError extends SdkError {
  override readonly name: string = 'ResponseTooLargeError';
}

/** Where a resource named in a 404 lives (family W and A error details). */
export interface ResourceInfo {
  type: 'ResourceInfo';
  resource_type?: string | undefined;
  id?: string | undefined;
  description?: string | undefined;
}
/** One invalid field of a 400 (family W and A error details). */
export interface FieldViolation {
  field?: string | undefined;
  description?: string | undefined;
}
/** The FieldViolations detail of a 400. */
export interface FieldViolations {
  type: 'FieldViolations';
  field_violations?: FieldViolation[] | undefined;
}
/** An item of an error envelope's `details`; unknown kinds are kept as they came. */
export type ErrorDetail =
  | ResourceInfo
  | FieldViolations
  | { type?: string; [key: string]: unknown };

/** The SCIM error object (RFC 7644 section 3.12). */
export interface ScimErrorBody {
  schemas?: string[] | undefined;
  status?: string | undefined;
  scimType?: string | undefined;
  detail?: string | undefined;
}

/** What the server said about a failure, parsed from any of the platform's error formats. */
export interface ErrorPayload {
  /** Lower-case status name of the W/A envelope, for example `not_found`. */
  code?: string | undefined;
  /** The server's message (`message` of W/A/E, `detail` of SCIM). */
  message?: string | undefined;
  /** W/A envelope details. */
  details?: ErrorDetail[] | undefined;
  /** The SCIM error object, when the body was one. */
  scim?: ScimErrorBody | undefined;
}

export interface ApiErrorInit extends ErrorPayload {
  status: number;
  request: RequestContext;
  requestId?: string | undefined;
  /** The response body as text, with secrets masked; kept even when it is not JSON. */
  rawBody: string;
  /** Parsed JSON body with secrets masked, when the body was JSON. */
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

/** The server answered with a non-2xx status. */
export class ApiError extends SdkError {
  override readonly name: string = 'ApiError';
  readonly status: number;
  /** Lower-case status name from the error envelope, for example `not_found`. */
  readonly code: string | undefined;
  /** Error envelope details (ResourceInfo, FieldViolations, …); empty when none were sent. */
  readonly details: ErrorDetail[];
  /** The SCIM error object, when the server sent one. */
  readonly scim: ScimErrorBody | undefined;
  /**
   * The id the server gave this request (`x-correlation-id`, `x-correlation_id`,
   * `x-request-id` or `request-id`), for support cases and log correlation.
   */
  readonly requestId: string | undefined;
  /** The body as text, secrets masked; also kept for non-JSON and truncated bodies. */
  readonly rawBody: string;
  /** The parsed body, secrets masked, when it was JSON. */
  readonly body: unknown;
  /** Response headers that help diagnose (rate limits, request ids, content type). */
  readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    const what = init.message ?? init.scim?.detail ?? (init.rawBody.slice(0, 200) || 'no body');
    const where =
      `${init.request.method} ${init.request.pathTemplate ?? init.request.path ?? ''}`.trim();
    const id = init.requestId ? ` (request id ${init.requestId})` : '';
    super(`${where} failed with ${init.status}${init.code ? ` ${init.code}` : ''}: ${what}${id}`, {
      request: init.request,
    });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.scim = init.scim;
    this.requestId = init.requestId;
    this.rawBody = init.rawBody;
    this.body = init.body;
    this.headers = init.headers ?? {};
  }

  /** The correlation id of the request (an alias of `requestId`). */
  get correlationId(): string | undefined {
    return this.requestId;
  }

  override toJSON() {
    return {
      ...super.toJSON(),
      status: this.status,
      code: this.code,
      details: this.details,
      scim: this.scim,
      requestId: this.requestId,
    };
  }
}

/** 400: malformed request or invalid parameters. */
export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
  /** Every field violation from the FieldViolations details, flattened. */
  get fieldViolations(): FieldViolation[] {
    return this.details.flatMap((d) =>
      d.type === 'FieldViolations' && Array.isArray(d.field_violations)
        ? (d.field_violations as FieldViolation[])
        : [],
    );
  }
}
/** 401: the token was not recognised, or has expired or been revoked. */
export class UnauthorizedError extends ApiError {
  override readonly name: string = 'UnauthorizedError';
}
/** 403: the token lacks access, or the resource belongs elsewhere. */
export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
}
/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
  /** The ResourceInfo detail naming what was not found, if the server sent one. */
  get resourceInfo(): ResourceInfo | undefined {
    return this.details.find((d): d is ResourceInfo => d.type === 'ResourceInfo');
  }
}
/** 409: conflict with an existing resource, or dependents prevent the change. */
export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
}
/** 412: a precondition failed (for example a binding job for a user who is not active). */
export class PreconditionFailedError extends ApiError {
  override readonly name: string = 'PreconditionFailedError';
}
/** 429: rate limit exceeded. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  /** `RateLimit-Limit`: requests allowed per window. */
  get limit(): number | undefined {
    return headerNumber(this.headers['ratelimit-limit']);
  }
  /** `RateLimit-Remaining`: requests left in the window. */
  get remaining(): number | undefined {
    return headerNumber(this.headers['ratelimit-remaining']);
  }
  /** `RateLimit-Reset`: seconds until the window resets. */
  get resetSeconds(): number | undefined {
    return headerNumber(this.headers['ratelimit-reset']);
  }
}
/** 5xx: the server failed. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

// The brands, by the classes' public names (kept explicit: a minifier may rename classes).
brandErrorClass(SdkError, 'SdkError');
brandErrorClass(ValidationError, 'ValidationError');
brandErrorClass(ConfigurationError, 'ConfigurationError');
brandErrorClass(ConnectionError, 'ConnectionError');
brandErrorClass(TimeoutError, 'TimeoutError');
brandErrorClass(AbortError, 'AbortError');
brandErrorClass(InvalidResponseError, 'InvalidResponseError');
brandErrorClass(PagingLoopError, 'PagingLoopError');
brandErrorClass(ResponseTooLargeError, 'ResponseTooLargeError');
brandErrorClass(ApiError, 'ApiError');
brandErrorClass(BadRequestError, 'BadRequestError');
brandErrorClass(UnauthorizedError, 'UnauthorizedError');
brandErrorClass(ForbiddenError, 'ForbiddenError');
brandErrorClass(NotFoundError, 'NotFoundError');
brandErrorClass(ConflictError, 'ConflictError');
brandErrorClass(PreconditionFailedError, 'PreconditionFailedError');
brandErrorClass(RateLimitError, 'RateLimitError');
brandErrorClass(ServerError, 'ServerError');

/** Parses a numeric header value; undefined when absent or not a finite number. */
export function headerNumber(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
