// The identities (users) of a realm: found by username, deleted in batches, with their groups and
// roles. Their credentials and credential binding jobs are `realm.credentials(identityId)` and
// `realm.credentialBindingJobs(identityId)`.

import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { pageTokenPaging, requireEnum, requireRecord } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { checkDisplayName, displayName, type FieldCheck, oneOf } from '../checks.js';
import { usernameFilter } from '../filters.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { idList } from './id-batches.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery, type WireNames } from './lists.js';
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

/** Which identities to list (`pageSize` at most 200; `pageToken` is where the list starts). */
export interface IdentityListParams extends SkipPageParams {
  /**
   * Only the identity with this `username` trait. Sent as the list's one supported filter,
   * `traits.username eq "<username>"`, quoted and escaped; the page token keeps it.
   */
  username?: string | undefined;
}
/**
 * The wire names of `IdentityListParams`: `username` travels inside the `filter` text (read back
 * from a wire query by `usernameOfFilter`).
 */
export const IDENTITY_LIST_PARAMS = {
  ...SKIP_PAGE_PARAMS,
  username: 'filter',
} as const satisfies WireNames<IdentityListParams>;

const IDENTITIES = {
  paths: [PATHS.identities, PATHS.identity],
  ...wrapped<IdentityCreate, IdentityUpdate>('identity', {
    writable: { display_name: displayName, status: oneOf(STATUSES), traits },
    readOnly: ['id', 'realm_id', 'tenant_id', 'enrollment_status', 'create_time', 'update_time'],
  }),
  listQuery: (params: IdentityListParams) => identitiesQuery(params),
  pages: pageTokenPaging<IdentityList, Identity>((page) => page.identities),
} as const;

/** Which of an identity's groups to list (`pageSize` at most 200). */
export type IdentityGroupListParams = SkipPageParams;
/** Which of an identity's roles to list: all of them, or those on one resource server. */
export interface IdentityRoleListParams extends SkipPageParams {
  /** Only roles on this resource server (non-empty when given). */
  resourceServerId?: string | undefined;
}
/** The wire names of `IdentityRoleListParams`. */
export const IDENTITY_ROLE_LIST_PARAMS = {
  ...SKIP_PAGE_PARAMS,
  resourceServerId: 'resource_server_id',
} as const satisfies WireNames<IdentityRoleListParams>;

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

  /** The groups an identity is a member of. @throws NotFoundError when there is no such identity. */
  listGroups(
    identityId: string,
    params: IdentityGroupListParams = {},
    options?: ListOptions,
  ): Paginator<Group, GroupList> {
    const init = () => ({ path: this.path(identityId), query: skipPageQuery(params) });
    return this.scope.api.list(PATHS.groups, groupPages, init, options);
  }

  /**
   * The roles an identity holds, on every resource server or on one.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `resourceServerId` when it is given empty;
   * ConflictError (409) when the resource server does not exist.
   */
  listRoles(
    identityId: string,
    params: IdentityRoleListParams = {},
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    const init = () => ({ path: this.path(identityId), query: identityRolesQuery(params) });
    return this.scope.api.list(PATHS.roles, rolePages, init, options);
  }

  private path(identityId: string) {
    return { ...this.scope.path, identity_id: identityId };
  }
}

const groupPages = pageTokenPaging<GroupList, Group>((page) => page.groups);
const rolePages = pageTokenPaging<RoleList, Role>((page) => page.roles);

// The filter goes with every page: the page token keeps it, and a different one gives 400.
function identitiesQuery(params: IdentityListParams) {
  const query = skipPageQuery(params);
  return params.username === undefined
    ? query
    : { ...query, [IDENTITY_LIST_PARAMS.username]: usernameFilter(params.username) };
}

function identityRolesQuery(params: IdentityRoleListParams) {
  const query = skipPageQuery(params);
  const { resourceServerId } = params;
  if (resourceServerId === undefined) return query;
  if (typeof resourceServerId !== 'string' || resourceServerId === '')
    throw new ValidationError('resourceServerId', 'must be a non-empty string');
  return { ...query, [IDENTITY_ROLE_LIST_PARAMS.resourceServerId]: resourceServerId };
}
