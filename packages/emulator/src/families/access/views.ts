// How access records are shown. The pipeline shapes every answer to the declared response
// schema (internal fields such as `seq` or `members` are dropped), so most views are the record
// itself; these build the fields a record does not hold as such.
import type { World } from '../types.js';
import type {
  AccessApplicationRecord,
  AccessGroupRecord,
  CredentialBindingJobRecord,
} from './state.js';

/** A group with its member count (association lists). */
export const groupWithCount = (group: AccessGroupRecord) => ({
  ...group,
  member_count: group.members.length,
});

/** The application's protocol configuration, with its client id (and secret when asked). */
export function applicationView(app: AccessApplicationRecord, withSecret = false) {
  const protocol = app.protocol_config ?? {
    type: 'oauth2',
    grant_type: ['client_credentials'],
    confidentiality: 'confidential',
    token_endpoint_auth_method: 'client_secret_basic',
  };
  return {
    id: app.id,
    realm_id: app.realm_id,
    tenant_id: app.tenant_id,
    ...(app.resource_server_id !== undefined ? { resource_server_id: app.resource_server_id } : {}),
    ...(app.authenticator_config_id !== undefined
      ? { authenticator_config_id: app.authenticator_config_id }
      : {}),
    display_name: app.display_name,
    is_managed: app.is_managed,
    protocol_config: {
      ...protocol,
      client_id: app.client_id,
      ...(withSecret ? { client_secret: app.client_secret } : {}),
    },
  };
}

/** The binding link of a job: a control-surface address that opens it. */
export function bindingLink(world: World, job: CredentialBindingJobRecord): string {
  return `${new URL(world.urls.access).origin}/_emulator/access/bind/${job.link_token}`;
}

/** The base address of a realm's SCIM server. */
export const scimBase = (world: World, tenantId: string, realmId: string) =>
  `${world.urls.access}/v1/tenants/${tenantId}/realms/${realmId}/scim/v2`;
