// Response shapes selected by `type` are open: a kind the platform adds arrives as a generic
// `Unknown…` object instead of failing the call. Comparing `type` therefore cannot narrow such a
// union on its own (an unknown kind's `type` is any string); these guards first narrow it to the
// kinds this SDK knows, after which `type` selects one.
import type { components } from '../generated/schema.js';

type Schemas = components['schemas'];

/** A guard of `T` that keeps the members whose `type` is one of `kinds`. */
function knownKind<T extends { type: string }>() {
  return <const K extends string>(kinds: readonly K[]) =>
    (value: T): value is Extract<T, { type: K }> =>
      (kinds as readonly string[]).includes(value.type);
}

const SSO_KINDS = [
  'bookmark',
  'cloud_directory_external_auth_methods',
  'generic_oidc',
  'generic_oidc_idp',
  'generic_saml',
  'partner_idp',
  'partner_sso_vendor_idp',
  'scim',
  'ws_fed',
] as const satisfies readonly Schemas['SsoConfigType'][];

/**
 * Whether an application's protocol configuration is of a kind this SDK knows (`oauth2`, `oidc`).
 * @example
 * if (isKnownProtocolConfig(config) && config.type === 'oidc') console.log(config.redirect_uris);
 */
export const isKnownProtocolConfig = knownKind<Schemas['ApplicationProtocolConfig']>()([
  'oauth2',
  'oidc',
]);

/** Whether an authenticator configuration's `config` is of a kind this SDK knows. */
export const isKnownAuthenticatorSettings = knownKind<Schemas['AuthenticatorConfigSettings']>()([
  'embedded',
  'hosted_web',
  'console',
  'platform',
]);

/** Whether an identity provider's protocol configuration is of a kind this SDK knows (`oidc_idp`). */
export const isKnownIdentityProviderConfig = knownKind<Schemas['IdentityProviderProtocolConfig']>()(
  ['oidc_idp'],
);

/** Whether an SSO configuration's payload is of one of the nine kinds this SDK knows. */
export const isKnownSsoPayload = knownKind<Schemas['SsoConfigPayload']>()(SSO_KINDS);
