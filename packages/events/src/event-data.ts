// The payload (`data`) of an event, typed from the spec: one shape per known `type_name`
// (`KnownEventData`), and a generic shape for a `type_name` this version does not know yet, so that
// a payload kind the platform adds later arrives as it came instead of failing to parse. Narrowing
// on a known `type_name` gives exactly its shape.
import type { components } from './generated/schema.js';

type S = components['schemas'];

/** Every payload shape the spec describes, selected by its `type_name`. */
export type KnownEventData = S['KnownEventData'];

/** A `type_name` this SDK version knows. */
export type KnownTypeName = KnownEventData['type_name'];

/** The payload of one known `type_name`, for example `EventDataOf<'UserChange'>`. */
export type EventDataOf<Name extends KnownTypeName> = Extract<KnownEventData, { type_name: Name }>;

declare const unknownTypeName: unique symbol;

/**
 * The type of a `type_name` this SDK version does not know. At run time it is the string the
 * server sent; in types it is kept apart from string literals so that
 * `data.type_name === 'UserChange'` narrows to exactly the `UserChange` payload (with the spec's
 * `UnknownEventData`, whose `type_name` is `string`, it would narrow to "UserChange or unknown").
 * Read it as a string with {@link typeNameOf}.
 */
export interface UnknownTypeName {
  readonly [unknownTypeName]: 'a type_name this SDK version does not know';
}

/**
 * A payload whose `type_name` this SDK version does not know (added by the platform later). Its
 * fields are kept as they came. `!isKnownEventData(data)` narrows to it.
 */
export interface UnknownEventData {
  readonly type_name: UnknownTypeName;
  readonly [field: string]: unknown;
}

/**
 * The payload of an event: a known shape, or {@link UnknownEventData}. Narrow it with
 * `if (data.type_name === 'UserChange')` or a `switch`; the `default` branch holds new kinds.
 */
export type PlatformEventData = KnownEventData | UnknownEventData;

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

/** A list that names every member of `Union`, or `never` (a compile error) when one is missing. */
export type Exhaustive<List extends readonly string[], Union extends string> = [
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

// ----- One payload per known `type_name` (the spec's names) -----
/** A user authentication. */
export type UserAuthenticationData = S['UserAuthenticationData'];
/** An inbound OIDC authentication request. */
export type OidcInboundData = S['OidcInboundData'];
/** A completed OIDC authentication. */
export type OidcCompleteData = S['OidcCompleteData'];
/** An inbound WS-Federation sign-in request. */
export type WsFedInboundData = S['WsFedInboundData'];
/** A completed WS-Federation sign-in. */
export type WsFedCompleteData = S['WsFedCompleteData'];
/** An inbound SAML authentication request. */
export type SamlInboundData = S['SamlInboundData'];
/** A completed SAML authentication. */
export type SamlCompleteData = S['SamlCompleteData'];
/** A device was added for a user. */
export type AddDeviceData = S['AddDeviceData'];
/** A policy was evaluated. */
export type PolicyData = S['PolicyData'];
/** A tenant was created. The payload has no field besides `type_name`. */
export type CreateTenantData = S['CreateTenantData'];
/** A group was created, updated or deleted. */
export type GroupChangeData = S['GroupChangeData'];
/** A user was created, updated, deleted, activated or suspended. */
export type UserChangeData = S['UserChangeData'];
/** A user was added to or removed from a group. */
export type GroupMembershipChangeData = S['GroupMembershipChangeData'];
/** An inbound continuous authentication request arrived. */
export type ContinuousAuthenticationData = S['ContinuousAuthenticationData'];
/** A device credential was created or revoked. */
export type DeviceCredentialChangeData = S['DeviceCredentialChangeData'];
/** A tenant was modified. */
export type TenantChangeData = S['TenantChangeData'];
/** An OIDC client configuration changed. */
export type OIDCClientChangeData = S['OIDCClientChangeData'];
/** The console SSO identity provider changed for a tenant's admin or user console. */
export type ConsoleSsoIdpChangeData = S['ConsoleSsoIdpChangeData'];
/** A console OIDC auth config was created, updated or deleted. */
export type ConsoleSsoOIDCAuthConfigChangeData = S['ConsoleSsoOIDCAuthConfigChangeData'];
/** A console SAML auth connection was created, updated or deleted. */
export type ConsoleSsoSAMLAuthConnectionChangeData = S['ConsoleSsoSAMLAuthConnectionChangeData'];
/** A SAML connection changed. */
export type SAMLConnectionChangeData = S['SAMLConnectionChangeData'];
/** The desktop login configuration changed. */
export type PartnerDesktopLoginConfigurationChangeData =
  S['PartnerDesktopLoginConfigurationChangeData'];
/** The event hook configuration changed. */
export type PartnerEventHookConfigurationChangeData = S['PartnerEventHookConfigurationChangeData'];
/** A policy was updated. */
export type PolicyChangeData = S['PolicyChangeData'];
/** The registration attribute configuration changed. */
export type PartnerRegistrationAttributeConfigurationChangeData =
  S['PartnerRegistrationAttributeConfigurationChangeData'];
/** A GPG key changed. */
export type GPGKeyChangeData = S['GPGKeyChangeData'];
/** A user enrollment changed. */
export type EnrollmentChangeData = S['EnrollmentChangeData'];
/** A realm was created, updated or deleted. */
export type RealmChangeData = S['RealmChangeData'];
/** A SCIM 1.1 provider configuration changed. */
export type Scim11ProviderChangeData = S['Scim11ProviderChangeData'];
/** A SCIM 2.0 provider configuration changed. */
export type Scim20ProviderChangeData = S['Scim20ProviderChangeData'];
/** Outbound attributes of a user were updated. */
export type OutboundAttributeChangeData = S['OutboundAttributeChangeData'];
/** An attempt to invoke the authenticator. */
export type AuthenticatorInvocationAttemptData = S['AuthenticatorInvocationAttemptData'];
