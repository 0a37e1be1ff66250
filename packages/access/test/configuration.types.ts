// Type-level tests of a realm's configuration (applications, authenticator configurations, themes,
// identity providers, SSO configurations, flow types), run by `pnpm --filter @x/access typecheck`:
// it fails if a line marked `@ts-expect-error` compiles. Not a vitest file: nothing is called.
import {
  type Application,
  type ApplicationProtocolConfig,
  type ApplicationProtocolConfigCreate,
  type AuthenticatorConfig,
  type AuthenticatorConfigSettings,
  type AuthenticatorConfigSettingsCreate,
  createAccessClient,
  type FlowTypeConfig,
  type IdentityProvider,
  type IdentityProviderProtocolConfig,
  isKnownAuthenticatorSettings,
  isKnownIdentityProviderConfig,
  isKnownProtocolConfig,
  isKnownSsoPayload,
  type SsoConfig,
  type SsoConfigKind,
  type SsoConfigPayload,
  type SsoConfigPayloadCreate,
  type SsoConfigSummary,
  type SsoConfigType,
  type Theme,
} from '@x/access';

const realm = createAccessClient({ baseUrl: 'https://a.example', tenantId: 't' }).realm('r');

/** A create without a field the platform requires does not compile. */
export function createsNeedTheirRequiredFields() {
  // @ts-expect-error: an SSO configuration needs its display_name
  void realm.ssoConfigs.create({ payload: { type: 'bookmark', login_link: 'https://x' } });
  // @ts-expect-error: a bookmark needs its login_link
  void realm.ssoConfigs.create({ display_name: 'Wiki', payload: { type: 'bookmark' } });
  // @ts-expect-error: an identity provider needs its protocol_config
  void realm.identityProviders.create({ display_name: 'Partner' });
  void realm.authenticatorConfigs.create({
    // @ts-expect-error: an embedded configuration needs its invoke_url
    config: { type: 'embedded', trusted_origins: [] },
  });
  // @ts-expect-error: a protocol configuration names its type
  void realm.applications.create({ protocol_config: { pkce: 's256' } });
  void realm.ssoConfigs.create({
    display_name: 'Wiki',
    payload: { type: 'bookmark', login_link: 'https://wiki.example.com' },
  });
}

/** An update carries no read-only field, and an SSO update names its kind. */
export function updatesHaveNoReadOnlyField() {
  // @ts-expect-error: is_managed is read-only
  void realm.applications.update('a', { is_managed: true });
  // @ts-expect-error: a theme's id is read-only
  void realm.themes.update('t', { id: 'other' });
  // @ts-expect-error: an SSO configuration's display name cannot be updated
  void realm.ssoConfigs.update('s', { type: 'bookmark', display_name: 'x' });
  // @ts-expect-error: an SSO update names the payload's kind
  void realm.ssoConfigs.update('s', { login_link: 'https://x' });
  // @ts-expect-error: client_id is assigned by the server
  void realm.applications.update('a', { protocol_config: { type: 'oauth2', client_id: 'c' } });
}

/** Request unions are closed and narrow by `type`. */
export function requestsNarrowByType(
  protocol: ApplicationProtocolConfigCreate,
  settings: AuthenticatorConfigSettingsCreate,
  payload: SsoConfigPayloadCreate,
) {
  if (protocol.type === 'oidc') {
    // An open set (the same schema is returned): the known values, or one the platform adds.
    const pkce: 'disabled' | 'plain' | 's256' | (string & {}) | undefined = protocol.pkce;
    void pkce;
  }
  if (settings.type === 'embedded') {
    const url: string = settings.invoke_url;
    void url;
  } else if (settings.type === 'console') {
    const method: 'idp' | 'none' = settings.onboarding_configuration.verification_method.type;
    void method;
  }
  if (payload.type === 'generic_saml') {
    const acs: string = payload.acs_url;
    void acs;
  }
  // @ts-expect-error: requests send only the nine kinds
  const sent: SsoConfigType = 'nametag_oauth2';
  void sent;
}

/**
 * Response unions are open: a kind the platform adds is assignable, and a guard narrows to the
 * known kinds, after which `type` selects one.
 */
export function responsesAreOpenAndNarrow(
  application: Application,
  authenticator: AuthenticatorConfig,
  provider: IdentityProvider,
  sso: SsoConfig,
) {
  const newProtocol: ApplicationProtocolConfig = { type: 'saml2', entity_id: 'urn:x' };
  const newSettings: AuthenticatorConfigSettings = { type: 'smart_card', reader: 'any' };
  const newIdp: IdentityProviderProtocolConfig = { type: 'saml_idp' };
  const newPayload: SsoConfigPayload = { type: 'nametag_oauth2', api_base_url: 'https://n' };
  const newKind: SsoConfigKind = 'reality_check';
  void [newProtocol, newSettings, newIdp, newPayload, newKind];

  const protocol = application.protocol_config;
  if (protocol && isKnownProtocolConfig(protocol) && protocol.type === 'oauth2') {
    const uris: string[] | undefined = protocol.redirect_uris;
    void uris;
  }
  const settings = authenticator.config;
  if (settings && isKnownAuthenticatorSettings(settings) && settings.type === 'hosted_web') {
    const methods: { type: string }[] = settings.authentication_methods;
    void methods;
  }
  if (isKnownIdentityProviderConfig(provider.protocol_config)) {
    const jwks: string = provider.protocol_config.jwks_url;
    void jwks;
  }
  if (isKnownSsoPayload(sso.payload) && sso.payload.type === 'ws_fed') {
    const audience: string = sso.payload.audience_url;
    void audience;
  }
}

/** What the platform always returns is typed as present. */
export async function responsesHaveTheirRequiredFields(summary: SsoConfigSummary) {
  const application: Application = await realm.applications.get('a');
  const config: AuthenticatorConfig = await realm.authenticatorConfigs.get('c');
  const theme: Theme = await realm.themes.getActive();
  const provider: IdentityProvider = await realm.identityProviders.get('i');
  const sso: SsoConfig = await realm.ssoConfigs.get('s');
  const flows: FlowTypeConfig = await realm.flowTypeConfig.get();
  const strings: string[] = [
    application.id,
    application.realm_id,
    config.tenant_id,
    theme.id,
    theme.create_time,
    provider.display_name,
    sso.id,
    sso.display_name,
    summary.payload.type,
  ];
  // proto3 JSON leaves `false` out: an absent `enabled` reads as false.
  const enabled: boolean = flows.platform_config.ios.copy.enabled ?? false;
  const [first] = (await realm.ssoConfigs.identities.list('s')).items;
  const status: string | undefined = first?.status;
  return [strings, enabled, status];
}

/** The correlation id is a call option of the operations that carry it, and only of those. */
export function correlationIdOption() {
  void realm.ssoConfigs.get('s', { correlationId: 'c-1', timeoutMs: 5_000 });
  void realm.ssoConfigs.list({}, { correlationId: 'c-1', maxPages: 2 });
  void realm.identityProviders.delete('i', { correlationId: 'c-1' });
  void realm.applications.getSsoConfigId('a', { correlationId: 'c-1' });
  // @ts-expect-error: themes carry no correlation id
  void realm.themes.get('t', { correlationId: 'c-1' });
}

/** Inputs take `undefined` for optional fields (`exactOptionalPropertyTypes`). */
export function optionalFieldsTakeUndefined(name: string | undefined) {
  void realm.applications.update('a', { display_name: name ?? undefined });
  void realm.themes.create({ logo_url_dark: undefined, button_color: '#fff' });
  void realm.ssoConfigs.list({ type: undefined, is_migrated: undefined, page_size: undefined });
}

/** The README's correlation id and payload kind example compiles as written. */
export async function readmeCorrelationExample(id: string) {
  const { data: sso, response } = await realm.ssoConfigs
    .get(id, { correlationId: 'case-42' })
    .withResponse();
  if (isKnownSsoPayload(sso.payload) && sso.payload.type === 'generic_saml')
    console.log(sso.payload.acs_url);
  const answered: string | undefined = response.requestId;
  return answered;
}
