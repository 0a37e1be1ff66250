export type { TokenProvider } from './auth.js';
export { normalizeBaseUrl } from './base-url.js';
export { BatchError, chunk, MAX_IDS_PER_REQUEST, runBatches, uniqueIds } from './batch.js';
export {
  type ApiClient,
  type ClientOptions,
  createApiClient,
  type RawRequestInit,
} from './client.js';
export { errorFromResponse, parseErrorPayload } from './error-mapping.js';
export {
  AbortError,
  ApiError,
  type ApiErrorInit,
  BadRequestError,
  ConflictError,
  ConnectionError,
  type ErrorDetail,
  type ErrorPayload,
  type FieldViolation,
  type FieldViolations,
  ForbiddenError,
  InvalidResponseError,
  NotFoundError,
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
} from './errors.js';
export type { ClientEvent, ClientEventListener } from './events.js';
export { assertHeaderValue } from './headers.js';
export {
  createHttpRequester,
  type HttpMethod,
  type HttpRequester,
  type HttpRequesterOptions,
  type HttpRequestInit,
} from './http-requester.js';
export {
  type ListOptions,
  listPaging,
  type Page,
  PaginationError,
  Paginator,
  type PaginatorOptions,
} from './paging/paginator.js';
export {
  cursorPaginator,
  offsetPaginator,
  pageTokenPaginator,
  scimPaginator,
} from './paging/styles.js';
export { assertPathParams } from './path-params.js';
export { redactAuthorization, SecretScrubber } from './redact.js';
export type { RetryOptions } from './retry-policy.js';
export type { TransportOptions } from './settings.js';
export { abortable } from './sleep.js';
export type { CallOptions, FetchLike } from './transport.js';
export { unwrap } from './unwrap.js';
export { integerInRange, optionalInteger, requireId, requireObject } from './validate.js';
