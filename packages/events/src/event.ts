// The event envelope and the page it comes in. Event types are open: a type the platform adds
// later is a string like any other, so such an event arrives as it came, typed as generic.
import type { Exhaustive, PlatformEventData } from './event-data.js';
import type { components } from './generated/schema.js';

type S = components['schemas'];

/** An event type: a known one (autocompleted), or any other string the platform adds later. */
export type EventType = S['EventType'];

/** The literal members of an open value set (`'A' | 'B' | (string & {})` gives `'A' | 'B'`). */
type KnownValues<T> = T extends string ? (string extends T ? never : T) : never;

/** An `event_type` this SDK version knows. */
export type KnownEventType = KnownValues<EventType>;

/** The principal that performed an event. */
export type EventActor = S['EventActor'];

/**
 * A recorded security-related event. `event_type` and `data.type_name` may hold values added by
 * the platform after this SDK version; such events arrive unchanged, typed as generic.
 */
export interface PlatformEvent extends Omit<S['Event'], 'data'> {
  /**
   * The payload, selected by its `type_name`. Narrow with `data?.type_name === 'UserChange'`;
   * use `typeNameOf(data)` for a name this version does not know.
   */
  data?: PlatformEventData | undefined;
}

/** One page of events as the spec names it: `events` (absent on an empty page) and `cursor`. */
export type EventList = S['EventList'];

/**
 * The body of a `GET /v1/events` answer, as the server sent it: `message` and the page in `body`.
 * A list's `page.raw`.
 */
export type EventsResponse = S['EventsResponse'];

/** Whether an `event_type` is one this SDK version knows. */
export function isKnownEventType(eventType: string): eventType is KnownEventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(eventType);
}

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
