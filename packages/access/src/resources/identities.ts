// The identities (users) of a realm: found by username, deleted in batches, and what hangs off
// each identity: its groups, roles, credentials, credential binding jobs and SSO configurations
// (`realm.identities.credentials.list(identityId)`, …).

import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { pageTokenPaging, paramTable, requireEnum, requireRecord } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { checkDisplayName, displayName, type FieldCheck, oneOf } from '../checks.js';
import { usernameFilter } from '../filters.js';
import { listIdentityRolesQuery } from '../generated/queries.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { IdentityCredentialBindingJobs } from './credential-binding-jobs.js';
import { IdentityCredentials } from './credentials.js';
import { crudResource, wrapped } from './crud.js';
import { idList } from './id-batches.js';
import { IdentityChild } from './identity-scoped.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery } from './lists.js';
import { IdentitySsoConfigs } from './sso-configs.js';
import type { Group, GroupList, Identity, IdentityList, Role, RoleList } from './types.js';

const PATHS = {
  identities: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities',
  identity: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}',
  batchDelete: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities:batchDelete',
  groups: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}:listGroups',
  roles: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}:listRoles',
} as const;

type Schemas = components['schemas'];

/** An identity to create. */
export type IdentityCreate = Input<Schemas['IdentityCreate']>;
/** The fields of an identity to change; omitted fields stay as they are. No read-only field. */
export type IdentityUpdate = Input<Schemas['IdentityUpdate']>;
/** `active` (can generate passkeys and log in) or `suspended` (cannot), as sent. */
export type IdentityStatus = Schemas['IdentityStatus'];

const STATUSES: readonly IdentityStatus[] = ['active', 'suspended'];

/**
 * The traits of an identity as sent: a known traits schema, selected by `type` (`traits_v0`, with
 * `username`, `primary_email_address`, `given_name`, …).
 */
export type IdentityTraitsCreate = Input<Schemas['KnownIdentityTraits']>;
/** The traits of an identity as returned: a known schema, or a newer one read as a plain object. */
export type IdentityTraits = Schemas['IdentityTraits'];

const TRAITS_TYPES: readonly string[] = ['traits_v0'] satisfies Schemas['Traits_v0']['type'][];

// Traits are a known schema selected by `type`; `username` has the display name rule, and every
// other trait of `traits_v0` is a string.
const traits: FieldCheck = (value, field) => {
  const given = requireRecord(value, field);
  requireEnum(given.type, `${field}.type`, TRAITS_TYPES);
  const out: Record<string, unknown> = {};
  for (const [key, trait] of Object.entries(given)) {
    if (trait === undefined) continue;
    if (key === 'username') checkDisplayName(trait, `${field}.username`);
    else if (typeof trait !== 'string')
      throw new ValidationError(`${field}.${key}`, 'must be a string');
    out[key] = trait;
  }
  return out;
};

/** Which identities to list (`page_size` at most 200; `page_token` is where the list starts). */
export interface IdentityListParams extends SkipPageParams {
  /**
   * Only the identity with this `username` trait. Sent as the list's one supported filter,
   * `traits.username eq "<username>"`, quoted and escaped; the page token keeps it.
   */
  username?: string | undefined;
}
/**
 * The parameters of `identities.list` by wire name: `username` is not one, it travels inside the
 * `filter` text (read back from a wire query by `usernameOfFilter`).
 */
export const IDENTITY_LIST_PARAMS = SKIP_PAGE_PARAMS;

const IDENTITIES = {
  paths: [PATHS.identities, PATHS.identity],
  ...wrapped<IdentityCreate, IdentityUpdate>('identity', {
    writable: { display_name: displayName, status: oneOf(STATUSES), traits },
    readOnly: ['id', 'realm_id', 'tenant_id', 'enrollment_status', 'create_time', 'update_time'],
  }),
  params: IDENTITY_LIST_PARAMS,
  listQuery: (params: IdentityListParams) => identitiesQuery(params),
  pages: pageTokenPaging<IdentityList, Identity>((page) => page.identities),
} as const;

/** Which of an identity's groups to list (`page_size` at most 200). */
export type IdentityGroupListParams = SkipPageParams;
/** Which of an identity's roles to list: all of them, or those on one resource server. */
export interface IdentityRoleListParams extends SkipPageParams {
  /** Only roles on this resource server (non-empty when given). */
  resource_server_id?: string | undefined;
  /** @deprecated 0.2's name of `resource_server_id`; removed in the next minor. */
  resourceServerId?: string | undefined;
}
/** The parameters of `listRoles`. */
export const IDENTITY_ROLE_LIST_PARAMS = /* @__PURE__ */ paramTable(listIdentityRolesQuery);

/**
 * The identities of a realm: create, list (`username` finds one), get, update, delete, batch
 * delete, and their groups and roles. Create and update give ConflictError when the identity
 * conflicts with an existing one.
 */
export class Identities extends crudResource(IDENTITIES)<RealmScope> {
  /**
   * Deletes up to 1000 identities in one request, all or nothing: a repeated id fails the whole
   * request on the server, and an invalid id fails it with nothing deleted. So the ids are not
   * split (that would break all or nothing) and a repeated one is refused before sending.
   * @throws ValidationError naming `ids` (empty, more than 1000) or `ids[i]` (not an id, or a
   * repeat of an earlier one), before anything is sent; NotFoundError, … when the platform
   * refuses the batch (nothing is deleted then).
   */
  batchDelete(ids: readonly string[], options?: CallOptions): ApiPromise<void> {
    const body = () => ({ ids: idList(ids, 'ids', { unique: true }) });
    return this.scope.api.post(
      PATHS.batchDelete,
      () => ({ path: this.scope.path, body: body() }),
      options,
    );
  }

  /** The groups an identity is in: `identities.groups.list(identityId)`. */
  readonly groups = new IdentityGroups(this.scope);
  /** The roles an identity holds: `identities.roles.list(identityId)`. */
  readonly roles = new IdentityRoles(this.scope);
  /** The credentials bound to an identity: `identities.credentials.list(identityId)`, get, revoke. */
  readonly credentials = new IdentityCredentials(this.scope);
  /**
   * The credential binding jobs of an identity: `identities.credentialBindingJobs.create(identityId,
   * job)`, list, get, revoke.
   */
  readonly credentialBindingJobs = new IdentityCredentialBindingJobs(this.scope);
  /**
   * The SSO configurations an identity is assigned: `identities.ssoConfigs.list(identityId)`, and
   * whether one is (`isAssigned`).
   */
  readonly ssoConfigs = new IdentitySsoConfigs(this.scope);

  /**
   * @deprecated Use `identities.groups.list(identityId, params)`. Removed in the next minor.
   */
  listGroups(
    identityId: string,
    params?: IdentityGroupListParams,
    options?: ListOptions,
  ): Paginator<Group, GroupList> {
    this.scope.api.deprecated('realm.identities.listGroups', 'realm.identities.groups.list');
    return this.groups.list(identityId, params, options);
  }

  /**
   * @deprecated Use `identities.roles.list(identityId, params)`. Removed in the next minor.
   */
  listRoles(
    identityId: string,
    params?: IdentityRoleListParams,
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    this.scope.api.deprecated('realm.identities.listRoles', 'realm.identities.roles.list');
    return this.roles.list(identityId, params, options);
  }
}

/** The groups identities are members of: `realm.identities.groups.list(identityId)`. */
export class IdentityGroups extends IdentityChild {
  /** The groups an identity is a member of. @throws NotFoundError when there is no such identity. */
  list(
    identityId: string,
    params: IdentityGroupListParams = {},
    options?: ListOptions,
  ): Paginator<Group, GroupList> {
    const init = () => ({
      path: this.identityPath(identityId),
      query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
    });
    return this.scope.api.list(PATHS.groups, groupPages, init, options);
  }
}

/** The roles identities hold: `realm.identities.roles.list(identityId, params)`. */
export class IdentityRoles extends IdentityChild {
  /**
   * The roles an identity holds, on every resource server or on one.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `resource_server_id` when it is given empty;
   * ConflictError (409) when the resource server does not exist.
   */
  list(
    identityId: string,
    params: IdentityRoleListParams = {},
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    const init = () => ({
      path: this.identityPath(identityId),
      query: identityRolesQuery(this.scope.api.wireParams(params, IDENTITY_ROLE_LIST_PARAMS)),
    });
    return this.scope.api.list(PATHS.roles, rolePages, init, options);
  }
}

const groupPages = pageTokenPaging<GroupList, Group>((page) => page.groups);
const rolePages = pageTokenPaging<RoleList, Role>((page) => page.roles);

// The filter goes with every page: the page token keeps it, and a different one gives 400.
function identitiesQuery(params: IdentityListParams) {
  const query = skipPageQuery(params);
  return params.username === undefined
    ? query
    : { ...query, filter: usernameFilter(params.username) };
}

function identityRolesQuery(params: IdentityRoleListParams) {
  const query = skipPageQuery(params);
  const { resource_server_id } = params;
  if (resource_server_id === undefined) return query;
  if (typeof resource_server_id !== 'string' || resource_server_id === '')
    throw new ValidationError('resource_server_id', 'must be a non-empty string');
  return { ...query, resource_server_id };
}
