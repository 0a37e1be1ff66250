// Every operation of the access spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use. Token
// issuance is left out: tokens are `@x/auth`'s (`clientCredentials` with `accessTokenUrl`).
//
// Each entry is derived from the spec's facts (`generated/operations.ts`) and one description
// (`operationCatalog`): `resource` and `method` name the command and the tool and keep 0.2's names
// (`realm roles list-members`), which need not mirror the SDK's nesting; `sdk` says where the SDK
// method lives when that is not the same path (`realm.resourceServers.roles.members.list`).
// `path.tenant_id` is ignored (the client is scoped to its tenant); `realm` in an SDK path is
// `client.realm(realm_id)`, the SCIM operations' realm being their server's variable, which tools
// pass with the path parameters; an `x-correlation_id` header becomes the `correlationId` option.
// Only what does not follow the convention is written by hand, each with its reason.
import type { CallOptions } from '@x/runtime';
import {
  type CatalogEntry,
  type OperationCatalog,
  operationCatalog,
  paramsFromWire,
  paramTable,
} from '@x/runtime/internal';
import type { AccessClient } from './client.js';
import { usernameOfFilter } from './filters.js';
import { OPERATION_FACTS } from './generated/operations.js';
import type { operations } from './generated/schema.js';
import type { IdentityListParams } from './resources/identities.js';
import { groupFilterOf, userFilterOf } from './scim/filter.js';
import type { ScimGroupPatchOperation } from './scim/groups.js';
import type { ScimListParams } from './scim/lists.js';

type Operations = Omit<operations, 'issueToken'>;
type Entry<K extends keyof Operations> = CatalogEntry<AccessClient, Operations[K]>;

/** How the access client is reached: its realm scope, its tenant, its correlation option. */
const SHAPE = {
  scopes: { realm: 'realm_id' },
  fixed: ['tenant_id'],
  headerOptions: { 'x-correlation_id': 'correlationId' },
} as const;

/** The options with the wire's `x-correlation_id` header as the SDK's `correlationId`. */
function correlated<O extends CallOptions>(
  header: { 'x-correlation_id'?: string | undefined } | undefined,
  options: O,
): O & { correlationId?: string | undefined } {
  const id = header?.['x-correlation_id'];
  return id === undefined ? options : { ...options, correlationId: id };
}

/** The identities list's params, its filter read back into the SDK's `username`. */
const IDENTITY_LIST_PARAMS = /* @__PURE__ */ paramTable(
  OPERATION_FACTS.listIdentities.query.filter((name) => name !== 'filter'),
);
/** A SCIM list's params from its wire query, the filter still as text. */
const SCIM_LIST_PARAMS = /* @__PURE__ */ paramTable(OPERATION_FACTS.listScimUsers.query);
const scimPage = (query: object | undefined) =>
  paramsFromWire<ScimListParams<string>>(query, SCIM_LIST_PARAMS);

/** The calls that do not follow the convention, each with its reason. */
const BY_HAND: {
  readonly listIdentities: Entry<'listIdentities'>;
  readonly createTheme: Entry<'createTheme'>;
  readonly updateTheme: Entry<'updateTheme'>;
  readonly addRoleMembers: Entry<'addRoleMembers'>;
  readonly deleteRoleMembers: Entry<'deleteRoleMembers'>;
  readonly checkGroupSsoConfigAssignment: Entry<'checkGroupSsoConfigAssignment'>;
  readonly updateIdentityProvider: Entry<'updateIdentityProvider'>;
  readonly listScimUsers: Entry<'listScimUsers'>;
  readonly listScimGroups: Entry<'listScimGroups'>;
  readonly patchScimGroup: Entry<'patchScimGroup'>;
} = {
  // `username` travels inside the filter text, `traits.username eq "…"`: read it back.
  listIdentities: {
    effect: 'read',
    resource: ['realm', 'identities'],
    method: 'list',
    list: (c, { path, query }, o) => {
      const { filter, ...rest } = (query ?? {}) as { filter?: unknown };
      const params = paramsFromWire<IdentityListParams>(rest, IDENTITY_LIST_PARAMS);
      const username = usernameOfFilter(filter);
      return c.realm(path.realm_id).identities.list({ ...params, username }, o);
    },
  },
  // `theme` is optional on the wire (no field of a theme is required): none is `{}`.
  createTheme: {
    effect: 'write',
    resource: ['realm', 'themes'],
    method: 'create',
    call: (c, { path, body }, o) => c.realm(path.realm_id).themes.create(body.theme ?? {}, o),
  },
  // As `createTheme`: no `theme` changes nothing, `{}`.
  updateTheme: {
    effect: 'write',
    resource: ['realm', 'themes'],
    method: 'update',
    call: (c, { path, body }, o) =>
      c.realm(path.realm_id).themes.update(path.theme_id, body.theme ?? {}, o),
  },
  // The SDK takes both kinds of member as one batch, `{ groupIds, identityIds }`, chunked per kind.
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
  // As `addRoleMembers`.
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
  // A read sent as POST; `group_ids` is optional on the wire, and the SDK asks for at least
  // one, naming `groupIds`.
  checkGroupSsoConfigAssignment: {
    effect: 'read',
    resource: ['realm', 'ssoConfigs'],
    method: 'isGroupAssigned',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .ssoConfigs.groups.isAssigned(
          path.sso_config_id,
          body.group_ids ?? [],
          correlated(header, o),
        ),
  },
  // An update without `identity_provider` (optional on the wire) changes nothing: `{}`.
  updateIdentityProvider: {
    effect: 'write',
    resource: ['realm', 'identityProviders'],
    method: 'update',
    call: (c, { path, header, body }, o) =>
      c
        .realm(path.realm_id)
        .identityProviders.update(
          path.identity_provider_id,
          body.identity_provider ?? {},
          correlated(header, o),
        ),
  },
  // The filter text is read back into the SDK's filter builder, which checks it as it checks
  // its own.
  listScimUsers: {
    effect: 'read',
    resource: ['realm', 'scim', 'users'],
    method: 'list',
    list: (c, { path, query }, o) => {
      const params = scimPage(query);
      return scimOf(c, path).users.list({ ...params, filter: userFilterOf(params.filter) }, o);
    },
  },
  // As `listScimUsers`.
  listScimGroups: {
    effect: 'read',
    resource: ['realm', 'scim', 'groups'],
    method: 'list',
    list: (c, { path, query }, o) => {
      const params = scimPage(query);
      return scimOf(c, path).groups.list({ ...params, filter: groupFilterOf(params.filter) }, o);
    },
  },
  // The SDK's type encodes the group PATCH rules (one change per operation, one member per
  // `remove`); the wire shape is looser, and `patch` checks the rules at run time before
  // sending, naming the operation.
  patchScimGroup: {
    effect: 'write',
    resource: ['realm', 'scim', 'groups'],
    method: 'patch',
    call: (c, { path, body }, o) =>
      scimOf(c, path).groups.patch(path.group_id, body.Operations as ScimGroupPatchOperation[], o),
  },
};

export const ACCESS_OPERATIONS: OperationCatalog<
  AccessClient,
  Omit<operations, 'issueToken'>
> = /* @__PURE__ */ operationCatalog<AccessClient, Operations>()(OPERATION_FACTS, SHAPE, {
  getTenant: { resource: ['tenant'], method: 'get' },
  updateTenant: { resource: ['tenant'], method: 'update' },
  listRealms: { resource: ['realms'], method: 'list' },
  createRealm: { resource: ['realms'], method: 'create' },
  getRealm: { resource: ['realms'], method: 'get' },
  updateRealm: { resource: ['realms'], method: 'update' },
  deleteRealm: { resource: ['realms'], method: 'delete' },
  listGroups: { resource: ['realm', 'groups'], method: 'list' },
  createGroup: { resource: ['realm', 'groups'], method: 'create' },
  getGroup: { resource: ['realm', 'groups'], method: 'get' },
  updateGroup: { resource: ['realm', 'groups'], method: 'update' },
  deleteGroup: { resource: ['realm', 'groups'], method: 'delete' },
  addGroupMembers: {
    resource: ['realm', 'groups'],
    method: 'addMembers',
    sdk: 'realm.groups.members.add',
  },
  deleteGroupMembers: {
    resource: ['realm', 'groups'],
    method: 'removeMembers',
    sdk: 'realm.groups.members.remove',
    effect: 'destructive',
  },
  listGroupMembers: {
    resource: ['realm', 'groups'],
    method: 'listMembers',
    sdk: 'realm.groups.members.list',
  },
  listGroupRoles: {
    resource: ['realm', 'groups'],
    method: 'listRoles',
    sdk: 'realm.groups.roles.list',
  },
  listGroupSsoConfigs: {
    resource: ['realm', 'ssoConfigs'],
    method: 'listForGroup',
    sdk: 'realm.groups.ssoConfigs.list',
  },
  listIdentities: BY_HAND.listIdentities,
  createIdentity: { resource: ['realm', 'identities'], method: 'create' },
  batchDeleteIdentities: {
    resource: ['realm', 'identities'],
    method: 'batchDelete',
    effect: 'destructive',
  },
  getIdentity: { resource: ['realm', 'identities'], method: 'get' },
  updateIdentity: { resource: ['realm', 'identities'], method: 'update' },
  deleteIdentity: { resource: ['realm', 'identities'], method: 'delete' },
  listIdentityGroups: {
    resource: ['realm', 'identities'],
    method: 'listGroups',
    sdk: 'realm.identities.groups.list',
  },
  listIdentityRoles: {
    resource: ['realm', 'identities'],
    method: 'listRoles',
    sdk: 'realm.identities.roles.list',
  },
  listIdentitySsoConfigs: {
    resource: ['realm', 'ssoConfigs'],
    method: 'listForIdentity',
    sdk: 'realm.identities.ssoConfigs.list',
  },
  checkIdentitySsoConfigAssignment: {
    resource: ['realm', 'ssoConfigs'],
    method: 'isIdentityAssigned',
    sdk: 'realm.identities.ssoConfigs.isAssigned',
  },
  listCredentials: {
    resource: ['realm', 'credentials'],
    method: 'list',
    sdk: 'realm.identities.credentials.list',
  },
  getCredential: {
    resource: ['realm', 'credentials'],
    method: 'get',
    sdk: 'realm.identities.credentials.get',
  },
  revokeCredential: {
    resource: ['realm', 'credentials'],
    method: 'revoke',
    sdk: 'realm.identities.credentials.revoke',
    effect: 'destructive',
  },
  listCredentialBindingJobs: {
    resource: ['realm', 'credentialBindingJobs'],
    method: 'list',
    sdk: 'realm.identities.credentialBindingJobs.list',
  },
  createCredentialBindingJob: {
    resource: ['realm', 'credentialBindingJobs'],
    method: 'create',
    sdk: 'realm.identities.credentialBindingJobs.create',
  },
  // The spec's `filter` query parameter of this read is not published further: the SDK's get
  // takes no query, so a filter given is refused by name (never dropped).
  getCredentialBindingJob: {
    resource: ['realm', 'credentialBindingJobs'],
    method: 'get',
    sdk: 'realm.identities.credentialBindingJobs.get',
  },
  revokeCredentialBindingJob: {
    resource: ['realm', 'credentialBindingJobs'],
    method: 'revoke',
    sdk: 'realm.identities.credentialBindingJobs.revoke',
    effect: 'destructive',
  },
  createBatchCredentialBindingJob: {
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'create',
  },
  getBatchCredentialBindingJob: {
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'get',
  },
  listBatchCredentialBindingJobResults: {
    resource: ['realm', 'batchCredentialBindingJobs'],
    method: 'listResults',
  },
  createTheme: BY_HAND.createTheme,
  getActiveTheme: { resource: ['realm', 'themes'], method: 'getActive' },
  getTheme: { resource: ['realm', 'themes'], method: 'get' },
  updateTheme: BY_HAND.updateTheme,
  listApplications: { resource: ['realm', 'applications'], method: 'list' },
  createApplication: { resource: ['realm', 'applications'], method: 'create' },
  getApplication: { resource: ['realm', 'applications'], method: 'get' },
  updateApplication: { resource: ['realm', 'applications'], method: 'update' },
  deleteApplication: { resource: ['realm', 'applications'], method: 'delete' },
  getApplicationSsoConfigId: { resource: ['realm', 'applications'], method: 'getSsoConfigId' },
  listTokens: {
    resource: ['realm', 'tokens'],
    method: 'list',
    sdk: 'realm.applications.tokens.list',
  },
  revokeToken: {
    resource: ['realm', 'tokens'],
    method: 'revoke',
    sdk: 'realm.applications.tokens.revoke',
  },
  listAuthenticatorConfigs: { resource: ['realm', 'authenticatorConfigs'], method: 'list' },
  createAuthenticatorConfig: { resource: ['realm', 'authenticatorConfigs'], method: 'create' },
  getAuthenticatorConfig: { resource: ['realm', 'authenticatorConfigs'], method: 'get' },
  updateAuthenticatorConfig: { resource: ['realm', 'authenticatorConfigs'], method: 'update' },
  deleteAuthenticatorConfig: { resource: ['realm', 'authenticatorConfigs'], method: 'delete' },
  listResourceServers: { resource: ['realm', 'resourceServers'], method: 'list' },
  createResourceServer: { resource: ['realm', 'resourceServers'], method: 'create' },
  getResourceServer: { resource: ['realm', 'resourceServers'], method: 'get' },
  updateResourceServer: { resource: ['realm', 'resourceServers'], method: 'update' },
  deleteResourceServer: { resource: ['realm', 'resourceServers'], method: 'delete' },
  listRoles: {
    resource: ['realm', 'roles'],
    method: 'list',
    sdk: 'realm.resourceServers.roles.list',
  },
  createRole: {
    resource: ['realm', 'roles'],
    method: 'create',
    sdk: 'realm.resourceServers.roles.create',
  },
  getRole: {
    resource: ['realm', 'roles'],
    method: 'get',
    sdk: 'realm.resourceServers.roles.get',
  },
  updateRole: {
    resource: ['realm', 'roles'],
    method: 'update',
    sdk: 'realm.resourceServers.roles.update',
  },
  deleteRole: {
    resource: ['realm', 'roles'],
    method: 'delete',
    sdk: 'realm.resourceServers.roles.delete',
  },
  addRoleMembers: BY_HAND.addRoleMembers,
  deleteRoleMembers: BY_HAND.deleteRoleMembers,
  listRoleMembers: {
    resource: ['realm', 'roles'],
    method: 'listMembers',
    sdk: 'realm.resourceServers.roles.members.list',
  },
  addRoleScopes: {
    resource: ['realm', 'roles'],
    method: 'addScopes',
    sdk: 'realm.resourceServers.roles.scopes.add',
  },
  deleteRoleScopes: {
    resource: ['realm', 'roles'],
    method: 'removeScopes',
    sdk: 'realm.resourceServers.roles.scopes.remove',
    effect: 'destructive',
  },
  listRoleScopes: {
    resource: ['realm', 'roles'],
    method: 'listScopes',
    sdk: 'realm.resourceServers.roles.scopes.list',
  },
  listSsoConfigs: { resource: ['realm', 'ssoConfigs'], method: 'list' },
  createSsoConfig: { resource: ['realm', 'ssoConfigs'], method: 'create' },
  getSsoConfig: { resource: ['realm', 'ssoConfigs'], method: 'get' },
  updateSsoConfig: { resource: ['realm', 'ssoConfigs'], method: 'update' },
  deleteSsoConfig: { resource: ['realm', 'ssoConfigs'], method: 'delete' },
  testSsoConfig: { resource: ['realm', 'ssoConfigs'], method: 'test' },
  addSsoConfigIdentities: {
    resource: ['realm', 'ssoConfigs'],
    method: 'addIdentities',
    sdk: 'realm.ssoConfigs.identities.add',
  },
  deleteSsoConfigIdentities: {
    resource: ['realm', 'ssoConfigs'],
    method: 'removeIdentities',
    sdk: 'realm.ssoConfigs.identities.remove',
    effect: 'destructive',
  },
  listSsoConfigIdentityAssociations: {
    resource: ['realm', 'ssoConfigs'],
    method: 'listIdentities',
    sdk: 'realm.ssoConfigs.identities.list',
  },
  addSsoConfigGroups: {
    resource: ['realm', 'ssoConfigs'],
    method: 'addGroups',
    sdk: 'realm.ssoConfigs.groups.add',
  },
  deleteSsoConfigGroups: {
    resource: ['realm', 'ssoConfigs'],
    method: 'removeGroups',
    sdk: 'realm.ssoConfigs.groups.remove',
    effect: 'destructive',
  },
  listSsoConfigGroupAssociations: {
    resource: ['realm', 'ssoConfigs'],
    method: 'listGroups',
    sdk: 'realm.ssoConfigs.groups.list',
  },
  listSsoConfigGroups: {
    resource: ['realm', 'ssoConfigs'],
    method: 'getGroupListing',
    sdk: 'realm.ssoConfigs.groups.getListing',
  },
  checkGroupSsoConfigAssignment: BY_HAND.checkGroupSsoConfigAssignment,
  listIdentityProviders: { resource: ['realm', 'identityProviders'], method: 'list' },
  createIdentityProvider: { resource: ['realm', 'identityProviders'], method: 'create' },
  getIdentityProvider: { resource: ['realm', 'identityProviders'], method: 'get' },
  updateIdentityProvider: BY_HAND.updateIdentityProvider,
  deleteIdentityProvider: { resource: ['realm', 'identityProviders'], method: 'delete' },
  getFlowTypeConfig: { resource: ['realm', 'flowTypeConfig'], method: 'get' },
  updateFlowTypeConfig: { resource: ['realm', 'flowTypeConfig'], method: 'update' },
  listScimUsers: BY_HAND.listScimUsers,
  createScimUser: { resource: ['realm', 'scim', 'users'], method: 'create' },
  getScimUser: { resource: ['realm', 'scim', 'users'], method: 'get' },
  replaceScimUser: { resource: ['realm', 'scim', 'users'], method: 'replace' },
  patchScimUser: { resource: ['realm', 'scim', 'users'], method: 'patch', body: 'Operations' },
  deleteScimUser: { resource: ['realm', 'scim', 'users'], method: 'delete' },
  listScimGroups: BY_HAND.listScimGroups,
  createScimGroup: { resource: ['realm', 'scim', 'groups'], method: 'create' },
  getScimGroup: { resource: ['realm', 'scim', 'groups'], method: 'get' },
  patchScimGroup: BY_HAND.patchScimGroup,
  deleteScimGroup: { resource: ['realm', 'scim', 'groups'], method: 'delete' },
  listScimResourceTypes: { resource: ['realm', 'scim'], method: 'resourceTypes' },
  listScimSchemas: { resource: ['realm', 'scim'], method: 'schemas' },
  getScimServiceProviderConfig: {
    resource: ['realm', 'scim'],
    method: 'serviceProviderConfig',
  },
});

/**
 * The SCIM server of the realm a SCIM operation names: its server's `realm_id` variable, passed
 * among the path parameters (the spec's path types do not carry server variables).
 */
function scimOf(client: AccessClient, path: object | undefined) {
  const realmId = path !== undefined && 'realm_id' in path ? path.realm_id : undefined;
  // A missing or blank one is refused by `realm()`, naming `realmId`.
  return client.realm(typeof realmId === 'string' ? realmId : '').scim;
}
