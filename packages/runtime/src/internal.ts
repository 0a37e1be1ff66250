// `@x/runtime/internal`: what the family packages share and app code does not need. Not covered
// by semver for users: it changes with the family packages that are released beside it.
export { ALLOW_INSECURE_HTTP_ENV, normalizeBaseUrl } from './base-url.js';
export {
  batchCall,
  chunk,
  MAX_IDS_PER_REQUEST,
  runBatches,
  runKindBatches,
  type TrackCall,
  uniqueIds,
} from './batch.js';
export {
  type CatalogEntry,
  type CatalogResult,
  type OperationCatalog,
  type OperationEffect,
  paramsFromWire,
  type WireArgs,
} from './core/catalog.js';
export {
  type ClientShape,
  deriveEntry,
  effectOf,
  type OperationDescription,
  type OperationFacts,
  operationCatalog,
} from './core/derived-catalog.js';
export type {
  CallInit,
  DataOf,
  InitArg,
  OperationOf,
  PathsWith,
  TypedMethod,
} from './core/operation-types.js';
export {
  camelAlias,
  type ParamTable,
  paramTable,
  type RenamedParam,
  toWireNames,
} from './core/param-names.js';
export { type UntypedCalls, type UntypedInit, untyped } from './core/untyped.js';
export { runtimeTag, type SdkIdentity, userAgent } from './core/user-agent.js';
export {
  familyEnv,
  insecureHttpFromEnv,
  LOG_LEVEL_ENV,
  loggingFromEnv,
  processEnv,
  type ResolvedVariables,
  readEnv,
  resolveVariables,
  type VariableGroup,
  type VariableSource,
  variableGroup,
} from './env.js';
export { assertHeaderValue } from './headers.js';
export {
  cursorPaging,
  offsetPaging,
  onePage,
  type PagingStyle,
  pageTokenPaging,
  scimPaging,
} from './paging/styles.js';
export { redactAuthorization, SecretScrubber, secretSafe } from './redact.js';
export {
  type AcquireOptions,
  LEARNING_MS,
  RateLimiter,
  type RequestLimiter,
} from './transport/rate-limiter.js';
export { abortable, sleep } from './transport/sleep.js';
export { maskUrlPassword, urlPassword } from './url-password.js';
export {
  checkOptionalStrings,
  integerInRange,
  isRecord,
  optionalEnum,
  optionalInteger,
  requireBoolean,
  requireEnum,
  requireId,
  requireObject,
  requireRecord,
  requireString,
} from './validate.js';
