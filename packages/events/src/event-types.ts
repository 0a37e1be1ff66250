// Public event types: the spec's closed unions, opened up so that event types and payload shapes
// the platform adds later still parse, while narrowing on a known `type_name` stays exact.
import type { components } from './generated/schema.js';

type Schemas = components['schemas'];

/** Every payload shape the spec describes, selected by `type_name`. */
export type KnownEventData = Schemas['EventData'];

/** A `type_name` this SDK version knows. */
export type KnownTypeName = KnownEventData['type_name'];

/** The payload of one known `type_name`, for example `EventDataOf<'UserChange'>`. */
export type EventDataOf<Name extends KnownTypeName> = Extract<KnownEventData, { type_name: Name }>;

declare const unknownTypeName: unique symbol;

/**
 * The type of a `type_name` this SDK version does not know. At run time it is the string the
 * server sent; in types it is kept apart from string literals so that `data.type_name === 'UserChange'`
 * narrows to exactly the `UserChange` payload. Read it as a string with {@link typeNameOf}.
 */
export interface UnknownTypeName {
  readonly [unknownTypeName]: 'a type_name this SDK version does not know';
}

/**
 * A payload whose `type_name` this SDK version does not know (added by the platform later).
 * Its fields are kept as they came.
 */
export interface UnknownEventData {
  readonly type_name: UnknownTypeName;
  readonly [field: string]: unknown;
}

/**
 * The payload of an event: a known shape, or {@link UnknownEventData}. Narrow it with
 * `if (data.type_name === 'UserChange')` or a `switch`; the `default` branch holds new types.
 */
export type PlatformEventData = KnownEventData | UnknownEventData;

/** An `event_type` this SDK version knows. */
export type KnownEventType = Schemas['EventType'];

/** An event type: a known one, or any other string the platform adds later. */
export type EventType = KnownEventType | (string & {});

/** The principal that performed an event. */
export type EventActor = Schemas['EventActor'];

/**
 * A recorded security-related event. `event_type` and `data.type_name` may hold values added by
 * the platform after this SDK version; such events arrive unchanged, typed as generic.
 */
export type PlatformEvent = Omit<Schemas['Event'], 'event_type' | 'data'> & {
  /** Type of the event (known values autocomplete; others arrive as they came). */
  event_type: EventType;
  /** Payload selected by its `type_name`. */
  data?: PlatformEventData;
};

/** The `type_name` of a payload as a plain string, known or not. */
export function typeNameOf(data: PlatformEventData | undefined): string | undefined {
  const name: unknown = data?.type_name;
  return typeof name === 'string' ? name : undefined;
}

/** Whether a payload has the given known `type_name`: a type guard for generic code. */
export function isEventData<Name extends KnownTypeName>(
  data: PlatformEventData | undefined,
  typeName: Name,
): data is EventDataOf<Name> {
  return typeNameOf(data) === typeName;
}

/** Whether a payload's `type_name` is one this SDK version knows. */
export function isKnownEventData(data: PlatformEventData | undefined): data is KnownEventData {
  const name = typeNameOf(data);
  return name !== undefined && (KNOWN_TYPE_NAMES as readonly string[]).includes(name);
}

/** Whether an `event_type` is one this SDK version knows. */
export function isKnownEventType(eventType: string): eventType is KnownEventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(eventType);
}

type Exhaustive<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

const typeNames = [
  'UserAuthentication',
  'OidcInbound',
  'OidcComplete',
  'WsFedInbound',
  'WsFedComplete',
  'SamlInbound',
  'SamlComplete',
  'AddDevice',
  'Policy',
  'CreateTenant',
  'GroupChange',
  'UserChange',
  'GroupMembershipChange',
  'ContinuousAuthentication',
  'DeviceCredentialChange',
  'TenantChange',
  'OIDCClientChange',
  'ConsoleSsoIdpChange',
  'ConsoleSsoOIDCAuthConfigChange',
  'ConsoleSsoSAMLAuthConnectionChange',
  'SAMLConnectionChange',
  'PartnerDesktopLoginConfigurationChange',
  'PartnerEventHookConfigurationChange',
  'PolicyChange',
  'PartnerRegistrationAttributeConfigurationChange',
  'GPGKeyChange',
  'EnrollmentChange',
  'RealmChange',
  'Scim11ProviderChange',
  'Scim20ProviderChange',
  'OutboundAttributeChange',
  'AuthenticatorInvocationAttempt',
] as const satisfies readonly KnownTypeName[];

/** Every `type_name` this SDK version knows. */
export const KNOWN_TYPE_NAMES: Exhaustive<typeof typeNames, KnownTypeName> = typeNames;

const eventTypes = [
  'USER_AUTHENTICATION',
  'OIDC_INBOUND',
  'OIDC_COMPLETE',
  'WSFED_INBOUND',
  'WSFED_COMPLETE',
  'SAML_INBOUND',
  'SAML_COMPLETE',
  'ADD_DEVICE',
  'POLICY',
  'TENANT_CREATED',
  'GROUP_CHANGE',
  'USER_CHANGE',
  'GROUP_MEMBERSHIP_CHANGE',
  'CONTINUOUS_AUTHENTICATION',
  'DEVICE_CREDENTIAL_CHANGE',
  'BOOTSTRAP_INBOUND',
  'BOOTSTRAP_COMPLETE',
  'BOOTSTRAP_KEY_ROTATION',
  'AUTHSERVER_ACCESS',
  'AUTHSERVER_DIRECTORY_ACCESS',
  'AUTHORIZE_CONTEXT_ACCESS',
  'APPLICATION_ACCESS',
  'TENANT_CHANGE',
  'OIDC_CLIENT_CHANGE',
  'CONSOLE_SSO_IDP_CHANGE',
  'CONSOLE_SSO_OIDC_AUTH_CONFIG_CHANGE',
  'CONSOLE_SSO_SAML_AUTH_CONNECTION_CHANGE',
  'SAML_CONNECTION_CHANGE',
  'PARTNER_DESKTOP_LOGIN_CONFIGURATION_CHANGE',
  'PARTNER_EVENT_HOOK_CONFIGURATION_CHANGE',
  'POLICY_CHANGE',
  'PARTNER_REGISTRATION_ATTRIBUTE_CONFIGURATION_CHANGE',
  'GPG_KEY_CHANGE',
  'ENROLLMENT_CHANGE',
  'REALM_CHANGE',
  'SCIM11_PROVIDER_CHANGE',
  'SCIM20_PROVIDER_CHANGE',
  'OUTBOUND_ATTRIBUTE_UPDATE',
  'CREDENTIAL_CHANGE',
  'CREDENTIAL_BINDING_JOB_CHANGE',
  'AUTHENTICATOR_INVOCATION_ATTEMPT',
] as const satisfies readonly KnownEventType[];

/** Every `event_type` this SDK version knows. */
export const KNOWN_EVENT_TYPES: Exhaustive<typeof eventTypes, KnownEventType> = eventTypes;
