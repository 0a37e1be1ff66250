// Every operation of the access spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use. Token
// issuance is left out: tokens are `@x/auth`'s (`clientCredentials` with `accessTokenUrl`).
//
// `path.tenant_id` is ignored (the client is scoped to its tenant); `path.realm_id` selects
// `client.realm(realm_id)`, and parent ids are the first arguments of sub-resource calls
// (`realm.resourceServers.roles.list(resource_server_id)`). `resource` and `method` name the
// command and the tool: they keep 0.2's names (`realm roles list`), which need not mirror the
// SDK's nesting.
// The SCIM operations name their realm in their server's URL, not in their path: tools pass that
// server variable, `realm_id`, with the path parameters, and `scimOf` reads it from there. An
// `x-correlation_id` header becomes the `correlationId` option.
import type { CallOptions } from '@x/runtime';
import { type OperationCatalog, paramsFromWire, paramTable } from '@x/runtime/internal';
import type { AccessClient } from './client.js';
import { usernameOfFilter } from './filters.js';
import type { operations } from './generated/schema.js';
import {
  AUTHENTICATOR_CONFIG_LIST_PARAMS,
  type AuthenticatorConfigListParams,
} from './resources/authenticator-configs.js';
import { GROUP_ROLE_LIST_PARAMS, type GroupRoleListParams } from './resources/groups.js';
import {
  IDENTITY_LIST_PARAMS,
  IDENTITY_ROLE_LIST_PARAMS,
  type IdentityListParams,
  type IdentityRoleListParams,
} from './resources/identities.js';
import {
  PAGE_PARAMS,
  type PageParams,
  SKIP_PAGE_PARAMS,
  type SkipPageParams,
} from './resources/lists.js';
import { ROLE_MEMBER_LIST_PARAMS, type RoleMemberListParams } from './resources/roles.js';
import { SSO_CONFIG_LIST_PARAMS, type SsoConfigListParams } from './resources/sso-configs.js';
import { TOKEN_LIST_PARAMS, type TokenListParams } from './resources/tokens.js';
import { groupFilterOf, userFilterOf } from './scim/filter.js';
import type { ScimGroupPatchOperation } from './scim/groups.js';
import { SCIM_LIST_PARAMS, type ScimListParams } from './scim/lists.js';
import type { Scim } from './scim/server.js';

/** An operation whose method takes no query parameter. */
const NO_PARAMS = /* @__PURE__ */ paramTable([]);
/** A page-token list's params from its wire query. */
const page = (query: object | undefined) => paramsFromWire<PageParams>(query, PAGE_PARAMS);
/** A page-token list's params with `skip`, from its wire query. */
const skipPage = (query: object | undefined) =>
  paramsFromWire<SkipPageParams>(query, SKIP_PAGE_PARAMS);
/** A SCIM list's params from its wire query, the filter still as text. */
const scimPage = (query: object | undefined) =>
  paramsFromWire<ScimListParams<string>>(query, SCIM_LIST_PARAMS);

/**
 * The SCIM server of the realm a SCIM operation names: its server's `realm_id` variable, passed
 * among the path parameters (the spec's path types do not carry server variables).
 */
function scimOf(client: AccessClient, path: object | undefined): Scim {
  const realmId = path !== undefined && 'realm_id' in path ? path.realm_id : undefined;
  // A missing or blank one is refused by `realm()`, naming `realmId`.
  return client.realm(typeof realmId === 'string' ? realmId : '').scim;
}

/** The options with the wire's `x-correlation_id` header as the SDK's `correlationId`. */
function correlated<O extends CallOptions>(
  header: { 'x-correlation_id'?: string | undefined } | undefined,
  options: O,
): O & { correlationId?: string | undefined } {
  const id = header?.['x-correlation_id'];
  return id === undefined ? options : { ...options, correlationId: id };
}

export const ACCESS_OPERATIONS: OperationCatalog<AccessClient, Omit<operations, 'issueToken'>> = {
  // The tenant.
  getTenant: {
    effect: 'read',
    resource: ['tenant'],
    method: 'get',
    call: (c, _args, o) => c.tenant.get(o),
  },
  updateTenant: {
    effect: 'write',
    resource: ['tenant'],
    method: 'update',
    call: (c, { body }, o) => c.tenant.update(body.tenant, o),
  },

  // Realms.
  listRealms: {
    effect: 'read',
    resource: ['realms'],
    method: 'list',
    list: (c, { query }, o) => c.realms.list(skipPage(query), o),
  },
  createRealm: {
    effect: 'write',
    resource: ['realms'],
    method: 'create',
    call: (c, { body }, o) => c.realms.create(body.realm, o),
  },
  getRealm: {
    effect: 'read',
    resource: ['realms'],
    method: 'get',
    call: (c, { path }, o) => c.realms.get(path.realm_id, o),
  },
  updateRealm: {
    effect: 'write',
    resource: ['realms'],
    method: 'update',
    call: (c, { path, body }, o) => c.realms.update(path.realm_id, body.realm, o),
  },
  deleteRealm: {
    effect: 'destructive',
    resource: ['realms'],
    method: 'delete',
    call: (c, { path }, o) => c.realms.delete(path.realm_id, o),
  },

  // Groups.
  listGroups: {
    effect: 'read',
    resource: ['realm', 'groups'],
    method: 'list',
    list: (c, { path, query }, o) => c.realm(path.realm_id).groups.list(skipPage(query), o),
  },
  createGroup: {
    effect: 'write',
    resource: ['realm', 'groups'],
    method: 'create',
    call: (c, { path, body }, o) => c.realm(path.realm_id).groups.create(body.group, o),
  },
  getGroup: {
    effect: 'read',
    resource: ['realm', 'groups'],
    method: 'get',
    call: (c, { path }, o) => c.realm(path.realm_id).groups.get(path.group_id, o),
  },
  updateGroup: {
    effect: 'write',
    resource: ['realm', 'groups'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).groups.update(path.group_id, body.group, o),
  },
  deleteGroup: {
    effect: 'destructive',
    resource: ['realm', 'groups'],
    method: 'delete',
    call: (c, { path }, o) => c.realm(path.realm_id).groups.delete(path.group_id, o),
  },
  addGroupMembers: {
    effect: 'write',
    resource: ['realm', 'groups'],
    method: 'addMembers',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).groups.members.add(path.group_id, body.identity_ids, o),
  },
  deleteGroupMembers: {
    effect: 'destructive',
    resource: ['realm', 'groups'],
    method: 'removeMembers',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).groups.members.remove(path.group_id, body.identity_ids, o),
  },
  listGroupMembers: {
    effect: 'read',
    resource: ['realm', 'groups'],
    method: 'listMembers',
    list: (c, { path, query }, o) =>
      c.realm(path.realm_id).groups.members.list(path.group_id, skipPage(query), o),
  },
  listGroupRoles: {
    effect: 'read',
    resource: ['realm', 'groups'],
    method: 'listRoles',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .groups.roles.list(
          path.group_id,
          paramsFromWire<GroupRoleListParams>(query, GROUP_ROLE_LIST_PARAMS),
          o,
        ),
  },
  listGroupSsoConfigs: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'listForGroup',
    list: (c, { path, query, header }, o) =>
      c
        .realm(path.realm_id)
        .groups.ssoConfigs.list(path.group_id, page(query), correlated(header, o)),
  },

  // Identities.
  listIdentities: {
    effect: 'read',
    resource: ['realm', 'identities'],
    method: 'list',
    list: (c, { path, query }, o) => {
      // `username` travels inside the filter text, `traits.username eq "…"`: read it back.
      const { filter, ...rest } = (query ?? {}) as { filter?: unknown };
      const params = paramsFromWire<IdentityListParams>(rest, IDENTITY_LIST_PARAMS);
      const username = usernameOfFilter(filter);
      return c.realm(path.realm_id).identities.list({ ...params, username }, o);
    },
  },
  createIdentity: {
    effect: 'write',
    resource: ['realm', 'identities'],
    method: 'create',
    call: (c, { path, body }, o) => c.realm(path.realm_id).identities.create(body.identity, o),
  },
  batchDeleteIdentities: {
    effect: 'destructive',
    resource: ['realm', 'identities'],
    method: 'batchDelete',
    call: (c, { path, body }, o) => c.realm(path.realm_id).identities.batchDelete(body.ids, o),
  },
  getIdentity: {
    effect: 'read',
    resource: ['realm', 'identities'],
    method: 'get',
    call: (c, { path }, o) => c.realm(path.realm_id).identities.get(path.identity_id, o),
  },
  updateIdentity: {
    effect: 'write',
    resource: ['realm', 'identities'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).identities.update(path.identity_id, body.identity, o),
  },
  deleteIdentity: {
    effect: 'destructive',
    resource: ['realm', 'identities'],
    method: 'delete',
    call: (c, { path }, o) => c.realm(path.realm_id).identities.delete(path.identity_id, o),
  },
  listIdentityGroups: {
    effect: 'read',
    resource: ['realm', 'identities'],
    method: 'listGroups',
    list: (c, { path, query }, o) =>
      c.realm(path.realm_id).identities.groups.list(path.identity_id, skipPage(query), o),
  },
  listIdentityRoles: {
    effect: 'read',
    resource: ['realm', 'identities'],
    method: 'listRoles',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .identities.roles.list(
          path.identity_id,
          paramsFromWire<IdentityRoleListParams>(query, IDENTITY_ROLE_LIST_PARAMS),
          o,
        ),
  },
  listIdentitySsoConfigs: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'listForIdentity',
    list: (c, { path, query, header }, o) =>
      c
        .realm(path.realm_id)
        .identities.ssoConfigs.list(path.identity_id, page(query), correlated(header, o)),
  },
  checkIdentitySsoConfigAssignment: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'isIdentityAssigned',
    call: (c, { path, header }, o) =>
      c
        .realm(path.realm_id)
        .identities.ssoConfigs.isAssigned(
          path.identity_id,
          path.sso_config_id,
          correlated(header, o),
        ),
  },

  // An identity's credentials and credential binding jobs.
  listCredentials: {
    effect: 'read',
    resource: ['realm', 'credentials'],
    method: 'list',
    list: (c, { path, query }, o) =>
      c.realm(path.realm_id).identities.credentials.list(path.identity_id, skipPage(query), o),
  },
  getCredential: {
    effect: 'read',
    resource: ['realm', 'credentials'],
    method: 'get',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).identities.credentials.get(path.identity_id, path.credential_id, o),
  },
  revokeCredential: {
    effect: 'destructive',
    resource: ['realm', 'credentials'],
    method: 'revoke',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).identities.credentials.revoke(path.identity_id, path.credential_id, o),
  },
  listCredentialBindingJobs: {
    effect: 'read',
    resource: ['realm', 'credentialBindingJobs'],
    method: 'list',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .identities.credentialBindingJobs.list(path.identity_id, skipPage(query), o),
  },
  createCredentialBindingJob: {
    effect: 'write',
    resource: ['realm', 'credentialBindingJobs'],
    method: 'create',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).identities.credentialBindingJobs.create(path.identity_id, body.job, o),
  },
  getCredentialBindingJob: {
    effect: 'read',
    resource: ['realm', 'credentialBindingJobs'],
    method: 'get',
    // The spec's `filter` query parameter of this read is not published further, so the SDK does
    // not send it: given anyway, it is refused by name (never dropped).
    call: async (c, { path, query }, o) => {
      paramsFromWire<Record<string, never>>(query, NO_PARAMS);
      return c
        .realm(path.realm_id)
        .identities.credentialBindingJobs.get(path.identity_id, path.credential_binding_job_id, o);
    },
  },
  revokeCredentialBindingJob: {
    effect: 'destructive',
    resource: ['realm', 'credentialBindingJobs'],
    method: 'revoke',
    call: (c, { path }, o) =>
      c
        .realm(path.realm_id)
        .identities.credentialBindingJobs.revoke(
          path.identity_id,
          path.credential_binding_job_id,
          o,
        ),
  },
  createBatchCredentialBindingJob: {
    effect: 'write',
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'create',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .batchCredentialBindingJobs.create(body.batch_credential_binding_job, o),
  },
  getBatchCredentialBindingJob: {
    effect: 'read',
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'get',
    call: (c, { path }, o) =>
      c
        .realm(path.realm_id)
        .batchCredentialBindingJobs.get(path.batch_credential_binding_job_id, o),
  },
  listBatchCredentialBindingJobResults: {
    effect: 'read',
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'listResults',
    list: (c, { path }, o) =>
      c
        .realm(path.realm_id)
        .batchCredentialBindingJobs.listResults(path.batch_credential_binding_job_id, o),
  },

  // Themes.
  createTheme: {
    effect: 'write',
    resource: ['realm', 'themes'],
    method: 'create',
    // `theme` is optional on the wire (no field of a theme is required): none is `{}`.
    call: (c, { path, body }, o) => c.realm(path.realm_id).themes.create(body.theme ?? {}, o),
  },
  getActiveTheme: {
    effect: 'read',
    resource: ['realm', 'themes'],
    method: 'getActive',
    call: (c, { path }, o) => c.realm(path.realm_id).themes.getActive(o),
  },
  getTheme: {
    effect: 'read',
    resource: ['realm', 'themes'],
    method: 'get',
    call: (c, { path }, o) => c.realm(path.realm_id).themes.get(path.theme_id, o),
  },
  updateTheme: {
    effect: 'write',
    resource: ['realm', 'themes'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).themes.update(path.theme_id, body.theme ?? {}, o),
  },

  // Applications and the tokens they issued.
  listApplications: {
    effect: 'read',
    resource: ['realm', 'applications'],
    method: 'list',
    list: (c, { path, query }, o) => c.realm(path.realm_id).applications.list(page(query), o),
  },
  createApplication: {
    effect: 'write',
    resource: ['realm', 'applications'],
    method: 'create',
    call: (c, { path, body }, o) => c.realm(path.realm_id).applications.create(body.application, o),
  },
  getApplication: {
    effect: 'read',
    resource: ['realm', 'applications'],
    method: 'get',
    call: (c, { path }, o) => c.realm(path.realm_id).applications.get(path.application_id, o),
  },
  updateApplication: {
    effect: 'write',
    resource: ['realm', 'applications'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).applications.update(path.application_id, body.application, o),
  },
  deleteApplication: {
    effect: 'destructive',
    resource: ['realm', 'applications'],
    method: 'delete',
    call: (c, { path }, o) => c.realm(path.realm_id).applications.delete(path.application_id, o),
  },
  getApplicationSsoConfigId: {
    effect: 'read',
    resource: ['realm', 'applications'],
    method: 'getSsoConfigId',
    call: (c, { path, header }, o) =>
      c
        .realm(path.realm_id)
        .applications.getSsoConfigId(path.application_id, correlated(header, o)),
  },
  listTokens: {
    effect: 'read',
    resource: ['realm', 'tokens'],
    method: 'list',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .applications.tokens.list(
          path.application_id,
          paramsFromWire<TokenListParams>(query, TOKEN_LIST_PARAMS),
          o,
        ),
  },
  revokeToken: {
    effect: 'destructive',
    resource: ['realm', 'tokens'],
    method: 'revoke',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).applications.tokens.revoke(path.application_id, path.token_id, o),
  },

  // Authenticator configurations.
  listAuthenticatorConfigs: {
    effect: 'read',
    resource: ['realm', 'authenticatorConfigs'],
    method: 'list',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .authenticatorConfigs.list(
          paramsFromWire<AuthenticatorConfigListParams>(query, AUTHENTICATOR_CONFIG_LIST_PARAMS),
          o,
        ),
  },
  createAuthenticatorConfig: {
    effect: 'write',
    resource: ['realm', 'authenticatorConfigs'],
    method: 'create',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).authenticatorConfigs.create(body.authenticator_config, o),
  },
  getAuthenticatorConfig: {
    effect: 'read',
    resource: ['realm', 'authenticatorConfigs'],
    method: 'get',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).authenticatorConfigs.get(path.authenticator_config_id, o),
  },
  updateAuthenticatorConfig: {
    effect: 'write',
    resource: ['realm', 'authenticatorConfigs'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .authenticatorConfigs.update(path.authenticator_config_id, body.authenticator_config, o),
  },
  deleteAuthenticatorConfig: {
    effect: 'destructive',
    resource: ['realm', 'authenticatorConfigs'],
    method: 'delete',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).authenticatorConfigs.delete(path.authenticator_config_id, o),
  },

  // Resource servers and their roles.
  listResourceServers: {
    effect: 'read',
    resource: ['realm', 'resourceServers'],
    method: 'list',
    list: (c, { path, query }, o) => c.realm(path.realm_id).resourceServers.list(page(query), o),
  },
  createResourceServer: {
    effect: 'write',
    resource: ['realm', 'resourceServers'],
    method: 'create',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).resourceServers.create(body.resource_server, o),
  },
  getResourceServer: {
    effect: 'read',
    resource: ['realm', 'resourceServers'],
    method: 'get',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).resourceServers.get(path.resource_server_id, o),
  },
  updateResourceServer: {
    effect: 'write',
    resource: ['realm', 'resourceServers'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.update(path.resource_server_id, body.resource_server, o),
  },
  deleteResourceServer: {
    effect: 'destructive',
    resource: ['realm', 'resourceServers'],
    method: 'delete',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).resourceServers.delete(path.resource_server_id, o),
  },
  listRoles: {
    effect: 'read',
    resource: ['realm', 'roles'],
    method: 'list',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.list(path.resource_server_id, skipPage(query), o),
  },
  createRole: {
    effect: 'write',
    resource: ['realm', 'roles'],
    method: 'create',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).resourceServers.roles.create(path.resource_server_id, body.role, o),
  },
  getRole: {
    effect: 'read',
    resource: ['realm', 'roles'],
    method: 'get',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).resourceServers.roles.get(path.resource_server_id, path.role_id, o),
  },
  updateRole: {
    effect: 'write',
    resource: ['realm', 'roles'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.update(path.resource_server_id, path.role_id, body.role, o),
  },
  deleteRole: {
    effect: 'destructive',
    resource: ['realm', 'roles'],
    method: 'delete',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).resourceServers.roles.delete(path.resource_server_id, path.role_id, o),
  },
  addRoleMembers: {
    effect: 'write',
    resource: ['realm', 'roles'],
    method: 'addMembers',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.members.add(
          path.resource_server_id,
          path.role_id,
          { groupIds: body.group_ids, identityIds: body.identity_ids },
          o,
        ),
  },
  deleteRoleMembers: {
    effect: 'destructive',
    resource: ['realm', 'roles'],
    method: 'removeMembers',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.members.remove(
          path.resource_server_id,
          path.role_id,
          { groupIds: body.group_ids, identityIds: body.identity_ids },
          o,
        ),
  },
  listRoleMembers: {
    effect: 'read',
    resource: ['realm', 'roles'],
    method: 'listMembers',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.members.list(
          path.resource_server_id,
          path.role_id,
          paramsFromWire<RoleMemberListParams>(query, ROLE_MEMBER_LIST_PARAMS),
          o,
        ),
  },
  addRoleScopes: {
    effect: 'write',
    resource: ['realm', 'roles'],
    method: 'addScopes',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.scopes.add(path.resource_server_id, path.role_id, body.scopes, o),
  },
  deleteRoleScopes: {
    effect: 'destructive',
    resource: ['realm', 'roles'],
    method: 'removeScopes',
    call: (c, { path, body }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.scopes.remove(path.resource_server_id, path.role_id, body.scopes, o),
  },
  listRoleScopes: {
    effect: 'read',
    resource: ['realm', 'roles'],
    method: 'listScopes',
    list: (c, { path, query }, o) =>
      c
        .realm(path.realm_id)
        .resourceServers.roles.scopes.list(
          path.resource_server_id,
          path.role_id,
          skipPage(query),
          o,
        ),
  },

  // SSO configurations and their assignments.
  listSsoConfigs: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'list',
    list: (c, { path, query, header }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.list(
          paramsFromWire<SsoConfigListParams>(query, SSO_CONFIG_LIST_PARAMS),
          correlated(header, o),
        ),
  },
  createSsoConfig: {
    effect: 'write',
    resource: ['realm', 'ssoConfigs'],
    method: 'create',
    call: (c, { path, header, body }, o) =>
      c.realm(path.realm_id).ssoConfigs.create(body.sso_config, correlated(header, o)),
  },
  getSsoConfig: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'get',
    call: (c, { path, header }, o) =>
      c.realm(path.realm_id).ssoConfigs.get(path.sso_config_id, correlated(header, o)),
  },
  updateSsoConfig: {
    effect: 'write',
    resource: ['realm', 'ssoConfigs'],
    method: 'update',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.update(path.sso_config_id, body.sso_config, correlated(header, o)),
  },
  deleteSsoConfig: {
    effect: 'destructive',
    resource: ['realm', 'ssoConfigs'],
    method: 'delete',
    call: (c, { path, header }, o) =>
      c.realm(path.realm_id).ssoConfigs.delete(path.sso_config_id, correlated(header, o)),
  },
  testSsoConfig: {
    effect: 'write',
    resource: ['realm', 'ssoConfigs'],
    method: 'test',
    call: (c, { path, header }, o) =>
      c.realm(path.realm_id).ssoConfigs.test(path.sso_config_id, correlated(header, o)),
  },
  addSsoConfigIdentities: {
    effect: 'write',
    resource: ['realm', 'ssoConfigs'],
    method: 'addIdentities',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.identities.add(path.sso_config_id, body.identity_ids, correlated(header, o)),
  },
  deleteSsoConfigIdentities: {
    effect: 'destructive',
    resource: ['realm', 'ssoConfigs'],
    method: 'removeIdentities',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.identities.remove(path.sso_config_id, body.identity_ids, correlated(header, o)),
  },
  listSsoConfigIdentityAssociations: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'listIdentities',
    list: (c, { path, query, header }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.identities.list(path.sso_config_id, page(query), correlated(header, o)),
  },
  addSsoConfigGroups: {
    effect: 'write',
    resource: ['realm', 'ssoConfigs'],
    method: 'addGroups',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.groups.add(path.sso_config_id, body.group_ids, correlated(header, o)),
  },
  deleteSsoConfigGroups: {
    effect: 'destructive',
    resource: ['realm', 'ssoConfigs'],
    method: 'removeGroups',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.groups.remove(path.sso_config_id, body.group_ids, correlated(header, o)),
  },
  listSsoConfigGroupAssociations: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'listGroups',
    list: (c, { path, header }, o) =>
      c.realm(path.realm_id).ssoConfigs.groups.list(path.sso_config_id, correlated(header, o)),
  },
  listSsoConfigGroups: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'getGroupListing',
    call: (c, { path }, o) =>
      c.realm(path.realm_id).ssoConfigs.groups.getListing(path.sso_config_id, o),
  },
  checkGroupSsoConfigAssignment: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'isGroupAssigned',
    // `group_ids` is optional on the wire; the SDK asks for at least one and names `groupIds`.
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.groups.isAssigned(
          path.sso_config_id,
          body.group_ids ?? [],
          correlated(header, o),
        ),
  },

  // Identity providers.
  listIdentityProviders: {
    effect: 'read',
    resource: ['realm', 'identityProviders'],
    method: 'list',
    list: (c, { path, query, header }, o) =>
      c.realm(path.realm_id).identityProviders.list(page(query), correlated(header, o)),
  },
  createIdentityProvider: {
    effect: 'write',
    resource: ['realm', 'identityProviders'],
    method: 'create',
    call: (c, { path, header, body }, o) =>
      c.realm(path.realm_id).identityProviders.create(body, correlated(header, o)),
  },
  getIdentityProvider: {
    effect: 'read',
    resource: ['realm', 'identityProviders'],
    method: 'get',
    call: (c, { path, header }, o) =>
      c
        .realm(path.realm_id)
        .identityProviders.get(path.identity_provider_id, correlated(header, o)),
  },
  updateIdentityProvider: {
    effect: 'write',
    resource: ['realm', 'identityProviders'],
    method: 'update',
    // An update without `identity_provider` (optional on the wire) changes nothing: `{}`.
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .identityProviders.update(
          path.identity_provider_id,
          body.identity_provider ?? {},
          correlated(header, o),
        ),
  },
  deleteIdentityProvider: {
    effect: 'destructive',
    resource: ['realm', 'identityProviders'],
    method: 'delete',
    call: (c, { path, header }, o) =>
      c
        .realm(path.realm_id)
        .identityProviders.delete(path.identity_provider_id, correlated(header, o)),
  },

  // Flow types.
  getFlowTypeConfig: {
    effect: 'read',
    resource: ['realm', 'flowTypeConfig'],
    method: 'get',
    call: (c, { path }, o) => c.realm(path.realm_id).flowTypeConfig.get(o),
  },
  updateFlowTypeConfig: {
    effect: 'write',
    resource: ['realm', 'flowTypeConfig'],
    method: 'update',
    call: (c, { path, body }, o) => c.realm(path.realm_id).flowTypeConfig.update(body, o),
  },

  // The realm's SCIM server.
  listScimUsers: {
    effect: 'read',
    resource: ['realm', 'scim', 'users'],
    method: 'list',
    list: (c, { path, query }, o) => {
      const params = scimPage(query);
      return scimOf(c, path).users.list({ ...params, filter: userFilterOf(params.filter) }, o);
    },
  },
  createScimUser: {
    effect: 'write',
    resource: ['realm', 'scim', 'users'],
    method: 'create',
    call: (c, { path, body }, o) => scimOf(c, path).users.create(body, o),
  },
  getScimUser: {
    effect: 'read',
    resource: ['realm', 'scim', 'users'],
    method: 'get',
    call: (c, { path }, o) => scimOf(c, path).users.get(path.user_id, o),
  },
  replaceScimUser: {
    effect: 'write',
    resource: ['realm', 'scim', 'users'],
    method: 'replace',
    call: (c, { path, body }, o) => scimOf(c, path).users.replace(path.user_id, body, o),
  },
  patchScimUser: {
    effect: 'write',
    resource: ['realm', 'scim', 'users'],
    method: 'patch',
    call: (c, { path, body }, o) => scimOf(c, path).users.patch(path.user_id, body.Operations, o),
  },
  deleteScimUser: {
    effect: 'destructive',
    resource: ['realm', 'scim', 'users'],
    method: 'delete',
    call: (c, { path }, o) => scimOf(c, path).users.delete(path.user_id, o),
  },
  listScimGroups: {
    effect: 'read',
    resource: ['realm', 'scim', 'groups'],
    method: 'list',
    list: (c, { path, query }, o) => {
      const params = scimPage(query);
      return scimOf(c, path).groups.list({ ...params, filter: groupFilterOf(params.filter) }, o);
    },
  },
  createScimGroup: {
    effect: 'write',
    resource: ['realm', 'scim', 'groups'],
    method: 'create',
    call: (c, { path, body }, o) => scimOf(c, path).groups.create(body, o),
  },
  getScimGroup: {
    effect: 'read',
    resource: ['realm', 'scim', 'groups'],
    method: 'get',
    call: (c, { path }, o) => scimOf(c, path).groups.get(path.group_id, o),
  },
  patchScimGroup: {
    effect: 'write',
    resource: ['realm', 'scim', 'groups'],
    method: 'patch',
    // The SDK's type encodes the group PATCH rules (one change per operation, one member per
    // `remove`); the wire shape is looser, and `patch` checks the rules at run time before
    // sending, naming the operation.
    call: (c, { path, body }, o) =>
      scimOf(c, path).groups.patch(path.group_id, body.Operations as ScimGroupPatchOperation[], o),
  },
  deleteScimGroup: {
    effect: 'destructive',
    resource: ['realm', 'scim', 'groups'],
    method: 'delete',
    call: (c, { path }, o) => scimOf(c, path).groups.delete(path.group_id, o),
  },
  listScimResourceTypes: {
    effect: 'read',
    resource: ['realm', 'scim'],
    method: 'resourceTypes',
    call: (c, { path }, o) => scimOf(c, path).resourceTypes(o),
  },
  listScimSchemas: {
    effect: 'read',
    resource: ['realm', 'scim'],
    method: 'schemas',
    call: (c, { path }, o) => scimOf(c, path).schemas(o),
  },
  getScimServiceProviderConfig: {
    effect: 'read',
    resource: ['realm', 'scim'],
    method: 'serviceProviderConfig',
    call: (c, { path }, o) => scimOf(c, path).serviceProviderConfig(o),
  },
};
