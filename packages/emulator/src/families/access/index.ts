// Family A, the seam: the access module registers its handlers here by operationId (every
// operation of the access spec without one answers 501 in the family's format). What exists
// already: the seeded tenant, realm and default management application, the client-credentials
// token endpoint (`{access_auth_url}`, shared token service) and the bearer check, so a
// workforce token never works on access and the other way round.
import { basicOf, bearerOf, unauthorized } from '../../auth/tokens.js';
import type { EmulatorState } from '../../state.js';
import type { FamilyModule, Handler } from '../types.js';
import type { AccessState } from './state.js';

/** The default seeded access tenant, realm and management application (fixed ids). */
export const DEFAULT_ACCESS = {
  tenantId: '9a7e2c31-4d5b-4f08-8c6e-1b2d3f4a5c6d',
  realmId: '2c4e6a8b-0d1f-4a3c-9e5b-7f1a3c5e7a90',
  applicationId: '4e6a8c0e-2f4b-4d6f-8a0c-1e3a5c7e9b12',
  clientId: 'emulator-access-client',
  clientSecret: 'emulator-access-secret',
  resourceServerId: 'management-api',
} as const;

/** Scope granted when the client asks for none. */
export const DEFAULT_ACCESS_SCOPE = 'management.admin';

/** Family A's state, typed. */
export const accessState = (state: EmulatorState): AccessState => state.access as AccessState;

const issueToken: Handler = async (ctx) => {
  const { tenant_id, realm_id, application_id } = ctx.params;
  const app = accessState(ctx.world.state).applications[application_id ?? ''];
  const basic = basicOf(ctx.request);
  if (
    !app ||
    !basic ||
    app.tenant_id !== tenant_id ||
    app.realm_id !== realm_id ||
    app.client_id !== basic.id ||
    app.client_secret !== basic.secret
  )
    throw unauthorized('invalid client credentials');
  const requested = (ctx.body as { scope?: string } | undefined)?.scope?.trim();
  const body = await ctx.world.tokens.issue({
    family: 'access',
    tenantId: app.tenant_id,
    clientId: app.client_id,
    scope: requested || DEFAULT_ACCESS_SCOPE,
    extra: { realm_id: app.realm_id, application_id: app.id },
  });
  return { body, headers: { 'cache-control': 'no-store' } };
};

/**
 * Handlers of family A. The access module adds its own here, by operationId (`createRealm`,
 * `listIdentities`, ...), and replaces this seam's placeholders where it needs to.
 */
export const accessHandlers: Record<string, Handler> = { issueToken };

/** The access family module. */
export const accessFamily: FamilyModule = {
  name: 'access',
  spec: 'access',
  mounts: {
    access_api_url: { mount: 'access' },
    access_auth_url: { mount: 'accessAuth' },
    // Until the spec writes the SCIM server as `{access_api_url}/v1/tenants/.../scim/v2`.
    access_scim_url: {
      mount: 'access',
      prefix: '/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2',
    },
  },
  defaultErrorStyle: 'envelope',
  rateLimited: true,
  handlers: accessHandlers,
  async authenticate(request, _op, world) {
    const token = bearerOf(request);
    if (!token) throw unauthorized('missing bearer token');
    const record = await world.tokens.verify(token, 'access');
    return {
      family: 'access',
      tenantId: record.tenant_id,
      tenantIds: [record.tenant_id],
      id: record.client_id,
      displayName: `Application ${record.extra?.application_id ?? record.client_id}`,
      type: 'ApiClient',
      scopes: record.scope.split(' ').filter(Boolean),
      ...(record.extra ? { extra: record.extra } : {}),
    };
  },
  seed(state, _seed, now) {
    const access: AccessState = { tenants: {}, realms: {}, applications: {} };
    state.access = access;
    const d = DEFAULT_ACCESS;
    access.tenants[d.tenantId] = {
      id: d.tenantId,
      display_name: 'Emulated access tenant',
      create_time: now,
      update_time: now,
    };
    access.realms[d.realmId] = {
      id: d.realmId,
      seq: state.seq++,
      tenant_id: d.tenantId,
      display_name: 'Default realm',
      classification: 'SECURE_CUSTOMER',
      create_time: now,
      update_time: now,
    };
    access.applications[d.applicationId] = {
      id: d.applicationId,
      seq: state.seq++,
      tenant_id: d.tenantId,
      realm_id: d.realmId,
      display_name: 'Management application',
      is_managed: true,
      client_id: d.clientId,
      client_secret: d.clientSecret,
      resource_server_id: d.resourceServerId,
      create_time: now,
      update_time: now,
    };
  },
  credentials(state, urls) {
    const access = accessState(state);
    const app = Object.values(access.applications).find((a) => a.is_managed);
    if (!app) return {};
    return {
      tenantId: app.tenant_id,
      realmId: app.realm_id,
      applicationId: app.id,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      tokenUrl: `${urls.accessAuth}/v1/tenants/${app.tenant_id}/realms/${app.realm_id}/applications/${app.id}/token`,
    };
  },
};
