// Family A: the access management API (`{access_api_url}`), its token endpoint
// (`{access_auth_url}`) and the realm's SCIM server, with the platform's behaviour. Handlers are
// registered by operationId, one file per resource.
import { bearerOf, unauthorized } from '../../auth/tokens.js';
import type { AccessSeed, AccessTenantSeed } from '../../options.js';
import { newId } from '../../random.js';
import type { EmulatorState } from '../../state.js';
import type { FamilyModule, Handler } from '../types.js';
import { applicationHandlers } from './applications.js';
import { authenticatorConfigHandlers } from './authenticator-configs.js';
import { bindingJobHandlers } from './binding-jobs.js';
import { accessState } from './common.js';
import { accessControl } from './control.js';
import { credentialHandlers } from './credentials.js';
import { flowTypeConfigHandlers } from './flow-type-config.js';
import { groupHandlers } from './groups.js';
import { identityHandlers } from './identities.js';
import { identityProviderHandlers } from './identity-providers.js';
import { resourceServerHandlers } from './resource-servers.js';
import { roleHandlers } from './roles.js';
import { scimHandlers } from './scim.js';
import { ssoAssociationHandlers } from './sso-associations.js';
import { ssoConfigHandlers } from './sso-configs.js';
import { emptyAccessState } from './state.js';
import { tenantRealmHandlers } from './tenant-realms.js';
import { themeHandlers } from './themes.js';

export { DEFAULT_ACCESS_SCOPE } from './applications.js';
export { accessState } from './common.js';

/** The default seeded access tenant, realm, management application and resource server. */
export const DEFAULT_ACCESS = {
  tenantId: '9a7e2c31-4d5b-4f08-8c6e-1b2d3f4a5c6d',
  realmId: '2c4e6a8b-0d1f-4a3c-9e5b-7f1a3c5e7a90',
  applicationId: '4e6a8c0e-2f4b-4d6f-8a0c-1e3a5c7e9b12',
  clientId: 'emulator-access-client',
  clientSecret: 'emulator-access-secret',
  resourceServerId: 'management-api',
} as const;

/** Scopes the management API's resource server defines. */
export const MANAGEMENT_SCOPES = ['management.admin', 'management.read', 'management.write'];

/** Every handler of family A, by operationId. */
export const accessHandlers: Record<string, Handler> = {
  ...tenantRealmHandlers,
  ...groupHandlers,
  ...identityHandlers,
  ...credentialHandlers,
  ...bindingJobHandlers,
  ...themeHandlers,
  ...applicationHandlers,
  ...authenticatorConfigHandlers,
  ...resourceServerHandlers,
  ...roleHandlers,
  ...ssoConfigHandlers,
  ...ssoAssociationHandlers,
  ...identityProviderHandlers,
  ...flowTypeConfigHandlers,
  ...scimHandlers,
};

function seedTenant(state: EmulatorState, seed: AccessTenantSeed, now: string, first: boolean) {
  const access = accessState(state);
  const d = DEFAULT_ACCESS;
  const tenantId = seed.id ?? (first ? d.tenantId : newId());
  const realmId = seed.realm?.id ?? (first ? d.realmId : newId());
  const appId = seed.application?.id ?? (first ? d.applicationId : newId());
  const serverId = first ? d.resourceServerId : `management-api-${realmId}`;
  access.tenants[tenantId] = {
    id: tenantId,
    display_name: seed.displayName ?? 'Emulated access tenant',
    create_time: now,
    update_time: now,
  };
  access.realms[realmId] = {
    id: realmId,
    seq: state.seq++,
    tenant_id: tenantId,
    display_name: seed.realm?.displayName ?? 'Default realm',
    classification: seed.realm?.classification ?? 'SECURE_CUSTOMER',
    create_time: now,
    update_time: now,
  };
  access.resourceServers[serverId] = {
    id: serverId,
    seq: state.seq++,
    tenant_id: tenantId,
    realm_id: realmId,
    display_name: 'Management API',
    identifier: 'management-api',
    scopes: [...MANAGEMENT_SCOPES],
    is_managed: true,
  };
  access.applications[appId] = {
    id: appId,
    seq: state.seq++,
    tenant_id: tenantId,
    realm_id: realmId,
    display_name: 'Management application',
    is_managed: true,
    client_id: seed.application?.clientId ?? (first ? d.clientId : `client-${appId}`),
    client_secret: seed.application?.clientSecret ?? (first ? d.clientSecret : newId()),
    resource_server_id: serverId,
    create_time: now,
    update_time: now,
  };
}

/** The access family module. */
export const accessFamily: FamilyModule = {
  name: 'access',
  spec: 'access',
  mounts: {
    access_api_url: { mount: 'access' },
    access_auth_url: { mount: 'accessAuth' },
  },
  defaultErrorStyle: 'envelope',
  rateLimited: true,
  handlers: accessHandlers,
  async authenticate(request, _op, world) {
    const token = bearerOf(request);
    if (!token) throw unauthorized('missing bearer token');
    const record = await world.tokens.verify(token, 'access');
    // A token dies with the application that issued it.
    const appId = record.extra?.application_id;
    const app = appId === undefined ? undefined : accessState(world.state).applications[appId];
    if (!app) throw unauthorized('token not recognised');
    return {
      family: 'access',
      tenantId: record.tenant_id,
      tenantIds: [record.tenant_id],
      id: record.client_id,
      displayName: app.display_name,
      type: 'ApiClient',
      scopes: record.scope.split(' ').filter(Boolean),
      ...(record.extra ? { extra: record.extra } : {}),
    };
  },
  seed(state, seed, now) {
    state.access = emptyAccessState() as unknown as Record<string, unknown>;
    const tenants = (seed.access as AccessSeed | undefined)?.tenants ?? [{}];
    tenants.forEach((tenant, i) => {
      seedTenant(state, tenant, now, i === 0);
    });
  },
  credentials(state, urls) {
    const app = Object.values(accessState(state).applications)
      .filter((a) => a.is_managed)
      .sort((a, b) => a.seq - b.seq)[0];
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
  control: accessControl,
};
