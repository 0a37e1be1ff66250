export { capture } from './capture.js';
export { type ConnectProxy, startConnectProxy } from './connect-proxy.js';
export { type DeprecatedUse, deprecatedUses } from './deprecated-uses.js';
export {
  FAULTS,
  type Fault,
  type FaultWait,
  fault,
  GATEWAY_HTML,
  OVERSIZED_BYTES,
  type RetriedFor,
} from './faults.js';
export { freePort } from './free-port.js';
export {
  type JsonAnswer,
  type JsonFake,
  type JsonHandler,
  type JsonRequest,
  startJsonFake,
} from './json-fake.js';
export {
  type HttpMethod,
  type SpecOperation,
  specOperations,
  templateMatcher,
} from './operations.js';
export { type PublicCall, publicCalls, type WalkOptions } from './public-calls.js';
export { ensureRedisServer, type RedisServer, startRedis } from './redis-server.js';
export { type Refusals, refusalsOf } from './refusals.js';
export { missingRuntimeExports, RUNTIME_ONLY } from './runtime-exports.js';
export {
  propertySchema,
  readOnlyProperties,
  schemaProperties,
  writableProperties,
} from './schemas.js';
export {
  type Handler,
  type RecordedRequest,
  send,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from './server.js';
export {
  type ChildVerb,
  describeSubResources,
  type OldEntryPoint,
  type StartSubResourceFake,
  type SubResourceFake,
  type SubResourceSuite,
} from './sub-resource-suite.js';
