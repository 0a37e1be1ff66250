// @x/emulator: a stateful emulator of the identity platform's four API families.
export type { ClockOptions, ClockState } from './clock.js';
export { type Emulator, startEmulator } from './emulator.js';
export {
  type EmulatorCredentials,
  type EmulatorEnvironment,
  type EmulatorUrls,
  environmentOf,
} from './environment.js';
export type { RecordEventInput } from './families/events/control.js';
export type {
  Authenticate,
  EventInput,
  FamilyModule,
  Handler,
  HandlerContext,
  HandlerResult,
  MountName,
  Principal,
  World,
} from './families/types.js';
export { ApiFailure } from './http/errors.js';
export type {
  AccessSeed,
  AccessTenantSeed,
  EmulatorOptions,
  FaultEffect,
  FaultMatch,
  FaultOptions,
  FaultRule,
  RateLimit,
  RateLimitOptions,
  SeedData,
  StaticKeySeed,
  WorkforceTenantSeed,
} from './options.js';
export { type EmulatorSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot.js';
export type { EmulatorState, OutboxMessage } from './state.js';
export {
  UNKNOWN_ENUM_VALUE,
  UNKNOWN_FIELD,
  UNKNOWN_FIELD_VALUE,
  type UnknownsOptions,
} from './tolerance/unknowns.js';
