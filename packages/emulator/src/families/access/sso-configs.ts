// SSO configurations: create (the server fills in what each kind gets from it: the application,
// authenticator configuration and OIDC discovery of the OIDC kinds, the identity provider of the
// IdP kinds, the SCIM address of the `scim` kind, the URLs and certificate of SAML and WS-Fed),
// list with `type`, `is_migrated` and `order_by` (`display_name` or `type`, ` desc` for
// descending; the platform does not publish its grammar), get, partial update of the payload
// (its `type` cannot change), delete (with what the server created for it), and `test`.
import { invalidField } from '../../http/errors.js';
import { newId, secret } from '../../random.js';
import type { Handler, HandlerContext } from '../types.js';
import { newApplication } from './applications.js';
import { newAuthenticatorConfig } from './authenticator-configs.js';
import { acc, fresh, ofRealm, realmOf, wrapped } from './common.js';
import { newIdentityProvider } from './identity-providers.js';
import { pageRequest, tokenPage } from './paging.js';
import { findSsoConfig, ssoSummary, withCorrelation } from './sso-common.js';
import type { AccessRealmRecord, SsoConfigRecord } from './state.js';
import { scimBase } from './views.js';

type Payload = Record<string, unknown>;

const OIDC_KINDS = new Set([
  'generic_oidc',
  'cloud_directory_external_auth_methods',
  'partner_sso_vendor_idp',
]);
const APP_KINDS = new Set([...OIDC_KINDS, 'generic_saml', 'ws_fed', 'scim']);
const IDP_KINDS = new Set(['generic_oidc_idp', 'partner_idp']);

/** The realm's management resource server (or the first one), created when it has none. */
function realmResourceServer(ctx: HandlerContext, realm: AccessRealmRecord): string {
  const servers = ofRealm(acc(ctx).resourceServers, realm.id);
  const server = servers.find((s) => s.is_managed) ?? servers[0];
  if (server) return server.id;
  const created = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    display_name: 'SSO resource server',
    scopes: ['openid'],
    is_managed: false,
  };
  acc(ctx).resourceServers[created.id] = created;
  return created.id;
}

/** Fills in what the server assigns to a new configuration's payload. */
function assign(ctx: HandlerContext, realm: AccessRealmRecord, name: string, payload: Payload) {
  const kind = String(payload.type);
  const owned: SsoConfigRecord['owned'] = {};
  const issuer = `${ctx.world.urls.accessAuth}/v1/tenants/${realm.tenant_id}/realms/${realm.id}`;
  if (APP_KINDS.has(kind)) {
    const config = newAuthenticatorConfig(ctx, {
      display_name: `${name} authenticator`,
      config: {
        type: 'hosted_web',
        authentication_methods: [{ type: 'webauthn_passkey' }],
        trusted_origins: Array.isArray(payload.trusted_origins) ? payload.trusted_origins : [],
      },
    });
    const app = newApplication(ctx, {
      display_name: name,
      authenticator_config_id: config.id,
      ...(OIDC_KINDS.has(kind)
        ? {
            protocol_config: {
              type: 'oidc',
              redirect_uris: Array.isArray(payload.redirect_uris) ? payload.redirect_uris : [],
              grant_type: ['authorization_code'],
              confidentiality: payload.confidentiality ?? 'confidential',
              pkce: payload.pkce ?? 's256',
            },
          }
        : {}),
    });
    owned.application_id = app.id;
    owned.authenticator_config_id = config.id;
    Object.assign(payload, { application_id: app.id, authenticator_config_id: config.id });
    if (OIDC_KINDS.has(kind))
      Object.assign(payload, {
        client_id: app.client_id,
        oidc_configuration: {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/applications/${app.id}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          response_types_supported: ['code'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        },
      });
    if (kind === 'generic_oidc') {
      payload.trusted_origins ??= [];
      payload.resource_server_id = realmResourceServer(ctx, realm);
      payload.application_tile_id = newId();
      if (payload.confidentiality !== 'public') payload.client_secret = app.client_secret;
    }
    if (kind === 'cloud_directory_external_auth_methods')
      payload.resource_server_id = realmResourceServer(ctx, realm);
    if (kind === 'partner_sso_vendor_idp') payload.client_secret = app.client_secret;
    if (kind === 'generic_saml' || kind === 'ws_fed') {
      const base = `${issuer}/sso/${app.id}`;
      payload.application_tile_id = newId();
      if (kind === 'generic_saml') {
        const now = ctx.world.clock.now();
        Object.assign(payload, {
          idp_initiated_url: `${base}/saml/idp-initiated`,
          sp_initiated_url: `${base}/saml/sp-initiated`,
          identity_provider_certs: [
            {
              id: newId(),
              created_at: new Date(now).toISOString(),
              expires_at: new Date(now + 365 * 24 * 3600 * 1000).toISOString(),
              is_active: true,
              idp_public_certificate: `-----BEGIN CERTIFICATE-----\n${secret(48)}\n-----END CERTIFICATE-----`,
            },
          ],
          ...(payload.use_short_url === true
            ? { short_sp_initiated_url: `${base}/s`, short_entity_id_url: `${base}/e` }
            : {}),
        });
      } else
        Object.assign(payload, {
          idp_sso_url: `${base}/wsfed`,
          idp_issuer_url: issuer,
          metadata_url: `${base}/wsfed/metadata`,
        });
    }
    if (kind === 'scim')
      Object.assign(payload, {
        client_id: app.client_id,
        client_secret: app.client_secret,
        scim_url: scimBase(ctx.world, realm.tenant_id, realm.id),
        token_endpoint: `${issuer}/applications/${app.id}/token`,
      });
  }
  if (IDP_KINDS.has(kind)) {
    const domain = typeof payload.partner_domain === 'string' ? payload.partner_domain : undefined;
    if (domain !== undefined) {
      payload.authorization_endpoint ??= `https://${domain}/oauth2/authorize`;
      payload.token_endpoint ??= `https://${domain}/oauth2/token`;
      payload.jwks_endpoint ??= `https://${domain}/oauth2/jwks`;
    }
    payload.pkce ??= 's256';
    const provider = newIdentityProvider(ctx, {
      display_name: name,
      protocol_config: {
        type: 'oidc_idp',
        client_id: payload.client_id,
        client_secret: typeof payload.client_secret === 'string' ? payload.client_secret : '',
        token_scopes: Array.isArray(payload.id_token_scopes) ? payload.id_token_scopes : ['openid'],
        identity_attribute: payload.identity_attribute,
        pkce: payload.pkce,
        jwks_url: payload.jwks_endpoint,
        token_url: payload.token_endpoint,
        authorize_url: payload.authorization_endpoint ?? '',
        identifying_claim_name: payload.identifying_claim_name,
        oauth_2_par_enabled: false,
        token_endpoint_auth_method: 'client_secret_basic',
      },
    });
    owned.identity_provider_id = provider.id;
    Object.assign(payload, {
      identity_provider_id: provider.id,
      redirect_uri: provider.protocol_config.redirect_url,
    });
  }
  return owned;
}

const createSsoConfig: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const input = wrapped(ctx, 'sso_config') as {
    display_name: string;
    is_migrated?: boolean;
    payload: Payload;
  };
  const payload = structuredClone(input.payload);
  const owned = assign(ctx, realm, input.display_name, payload);
  const sso: SsoConfigRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    display_name: input.display_name,
    is_migrated: input.is_migrated ?? false,
    payload,
    identity_ids: [],
    group_ids: [],
    owned,
  };
  acc(ctx).ssoConfigs[sso.id] = sso;
  return { body: sso };
};

/** The paging of an SSO configuration list, and the page of summaries it gives for a list. */
export function ssoPage(ctx: HandlerContext, keptNames: string[] = []) {
  const page = pageRequest(ctx, { defaultSize: 20, maxSize: 200, keptNames });
  const build = (list: SsoConfigRecord[]) => {
    const { items, ...rest } = tokenPage(list, page);
    return { sso_configs: items.map(ssoSummary), ...rest };
  };
  return { page, build };
}

const listSsoConfigs: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const { page, build } = ssoPage(ctx, ['type', 'is_migrated', 'order_by']);
  const types = page.kept.type as string[] | undefined;
  const migrated = page.kept.is_migrated as boolean | undefined;
  let configs = ofRealm(acc(ctx).ssoConfigs, realm.id).filter(
    (s) =>
      (types === undefined || types.includes(String(s.payload.type))) &&
      (migrated === undefined || s.is_migrated === migrated),
  );
  const order = page.kept.order_by;
  if (typeof order === 'string' && order.trim() !== '') {
    const m = /^\s*(display_name|type)(?:\s+(asc|desc))?\s*$/i.exec(order);
    if (!m)
      throw invalidField('order_by', 'sort by display_name or type, with " desc" for descending');
    const key = m[1]!.toLowerCase();
    const sign = m[2]?.toLowerCase() === 'desc' ? -1 : 1;
    const value = (s: SsoConfigRecord) =>
      (key === 'type' ? String(s.payload.type) : s.display_name).toLowerCase();
    configs = [...configs].sort(
      (a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) || a.seq - b.seq,
    );
  }
  return { body: build(configs) };
};

const getSsoConfig: Handler = (ctx) => ({ body: findSsoConfig(ctx) });

const updateSsoConfig: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const input = wrapped(ctx, 'sso_config');
  // The published partial update is one variant per kind, selected by its required `type`: the
  // fields of another kind's variant are not this configuration's (tools/fuzz/config/access.toml).
  if (input.type !== sso.payload.type)
    throw invalidField(
      'sso_config.type',
      `must be ${String(sso.payload.type)}: the kind cannot change`,
    );
  for (const [key, value] of Object.entries(input))
    if (value !== undefined) sso.payload[key] = structuredClone(value);
  return { body: sso };
};

const deleteSsoConfig: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const state = acc(ctx);
  if (sso.owned.application_id) delete state.applications[sso.owned.application_id];
  if (sso.owned.authenticator_config_id)
    delete state.authenticatorConfigs[sso.owned.authenticator_config_id];
  if (sso.owned.identity_provider_id)
    delete state.identityProviders[sso.owned.identity_provider_id];
  delete state.ssoConfigs[sso.id];
  return {};
};

/** Tests the identity provider or OIDC application the configuration uses. */
const testSsoConfig: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const state = acc(ctx);
  const providerId = sso.payload.identity_provider_id;
  const appId = sso.payload.application_id;
  const provider = typeof providerId === 'string' ? state.identityProviders[providerId] : undefined;
  const app = typeof appId === 'string' ? state.applications[appId] : undefined;
  const result = (ok: boolean) => ({
    is_success: ok,
    status_code: ok ? '200' : '404',
    ...(ok ? {} : { error_context: 'not found' }),
  });
  return {
    body: {
      identity_providers:
        typeof providerId === 'string'
          ? [
              {
                identity_provider_id: providerId,
                display_name: provider?.display_name ?? sso.display_name,
                ...result(provider !== undefined),
              },
            ]
          : [],
      oidc_applications:
        typeof appId === 'string' && OIDC_KINDS.has(String(sso.payload.type))
          ? [
              {
                application_id: appId,
                display_name: app?.display_name ?? sso.display_name,
                ...result(app !== undefined),
              },
            ]
          : [],
    },
  };
};

/** Handlers of the SSO configuration operations. */
export const ssoConfigHandlers: Record<string, Handler> = withCorrelation({
  createSsoConfig,
  listSsoConfigs,
  getSsoConfig,
  updateSsoConfig,
  deleteSsoConfig,
  testSsoConfig,
});
