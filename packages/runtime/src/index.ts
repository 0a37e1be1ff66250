// The public API of @x/runtime: what app code reads in its types, catches, and configures. What
// family packages share and users do not is in `@x/runtime/internal`.
export type { TokenProvider } from './auth.js';
export type { BatchOptions } from './batch.js';
export { ApiPromise } from './core/api-promise.js';
export {
  type ApiClient,
  type ClientIdentity,
  createApiClient,
  type RawRequestInit,
} from './core/client.js';
export {
  AbortError,
  ApiError,
  type ApiErrorInit,
  BadRequestError,
  type BatchContext,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  type ErrorDetail,
  type ErrorPayload,
  type FieldViolation,
  type FieldViolations,
  ForbiddenError,
  InvalidResponseError,
  NotFoundError,
  type PagingContext,
  PagingLoopError,
  PreconditionFailedError,
  RateLimitError,
  type RequestContext,
  type ResourceInfo,
  ResponseTooLargeError,
  type ScimErrorBody,
  SdkError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from './core/errors.js';
export type { HttpMethod } from './core/http-method.js';
export type {
  AttemptErrorEvent,
  ClientEvent,
  ClientEventListener,
  ClientHooks,
  DeprecationEvent,
  FailureEvent,
  Logger,
  LogLevel,
  RateLimitWaitEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  TransportFallbackEvent,
} from './core/observe.js';
export type { CallOptions, ClientOptions, ListOptions } from './core/options.js';
export type { Page } from './core/paginator.js';
export { Paginator } from './core/paginator.js';
export { type RateLimitInfo, ResponseInfo, type WithResponse } from './core/response-info.js';
export {
  createHttpRequester,
  type HttpRequester,
  type HttpRequesterOptions,
  type HttpRequestInit,
} from './http-requester.js';
export type { PagePosition } from './paging/styles.js';
export type { AcquireOptions, RequestLimiter } from './transport/rate-limiter.js';
export type { RetryOptions } from './transport/retry-policy.js';
export type { TransportOptions } from './transport/settings.js';
export type { FetchLike } from './transport/wire.js';
export { VERSION } from './version.js';
