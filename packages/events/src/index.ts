export {
  CheckpointTracker,
  checkpointAt,
  type EventsCheckpoint,
  parseCheckpoint,
  positionOf,
} from './checkpoint.js';
export {
  createEventsClient,
  type EventsApi,
  type EventsClient,
  type EventsClientOptions,
  fromEnv,
} from './client.js';
export { EVENTS_ENV } from './environment.js';
export {
  type EventActor,
  type EventList,
  type EventsResponse,
  type EventType,
  isKnownEventType,
  KNOWN_EVENT_TYPES,
  type KnownEventType,
  type PlatformEvent,
} from './event.js';
export {
  type AddDeviceData,
  type AuthenticatorInvocationAttemptData,
  type ConsoleSsoIdpChangeData,
  type ConsoleSsoOIDCAuthConfigChangeData,
  type ConsoleSsoSAMLAuthConnectionChangeData,
  type ContinuousAuthenticationData,
  type CreateTenantData,
  type DeviceCredentialChangeData,
  type EnrollmentChangeData,
  type EventDataOf,
  type GPGKeyChangeData,
  type GroupChangeData,
  type GroupMembershipChangeData,
  isEventData,
  isKnownEventData,
  KNOWN_TYPE_NAMES,
  type KnownEventData,
  type KnownTypeName,
  type OIDCClientChangeData,
  type OidcCompleteData,
  type OidcInboundData,
  type OutboundAttributeChangeData,
  type PartnerDesktopLoginConfigurationChangeData,
  type PartnerEventHookConfigurationChangeData,
  type PartnerRegistrationAttributeConfigurationChangeData,
  type PlatformEventData,
  type PolicyChangeData,
  type PolicyData,
  type RealmChangeData,
  type SAMLConnectionChangeData,
  type SamlCompleteData,
  type SamlInboundData,
  type Scim11ProviderChangeData,
  type Scim20ProviderChangeData,
  type TenantChangeData,
  typeNameOf,
  type UnknownEventData,
  type UnknownTypeName,
  type UserAuthenticationData,
  type UserChangeData,
  type WsFedCompleteData,
  type WsFedInboundData,
} from './event-data.js';
// The records and open value sets inside payloads (EventUser, UserChangeAction, MacOsDeviceInfo, …).
export type * from './event-records.js';
export type { ExportOptions, ExportProgress } from './export.js';
export { type FollowErrorInfo, type FollowOptions, isTransient } from './follow.js';
export type { components, operations, paths } from './generated/schema.js';
export type { FollowerLease, LeaseChange, LeaseGrant, LeaseRefusal } from './lease.js';
export type {
  EventFilters,
  EventListParams,
  EventWindowOptions,
  OneOrMany,
  Ordering,
} from './list-params.js';
export { QueryText, queryText, quoteTerm } from './query-text.js';
export { DEFAULT_ORDERING, Events } from './resources/events.js';
export * from './runtime-exports.js';
export type { ExportTarget, NodeWritableLike } from './sink.js';
export { type TimeInput, toMillis } from './time-input.js';
export { VERSION } from './version.js';
