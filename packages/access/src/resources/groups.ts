// The groups of a realm, their members (identities) and their roles.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { pageTokenPaging, requireId, requireObject } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { description, displayName } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { inChunks } from './id-batches.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery, type WireNames } from './lists.js';
import type { Group, GroupList, Identity, IdentityList, Role, RoleList } from './types.js';

const PATHS = {
  groups: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups',
  group: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}',
  addMembers: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:addMembers',
  removeMembers: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:deleteMembers',
  members: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:listMembers',
  roles: '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:listRoles',
} as const;

/** A group to create. */
export type GroupCreate = Input<components['schemas']['GroupCreate']>;
/** The fields of a group to change; omitted fields stay as they are. No read-only field. */
export type GroupUpdate = Input<components['schemas']['GroupUpdate']>;
/** Which groups to list (`pageSize` at most 200; `pageToken` is where the list starts). */
export type GroupListParams = SkipPageParams;

/** Which of a group's members to list (`pageSize` at most 200). */
export type GroupMemberListParams = SkipPageParams;
/** Which of a group's roles to list: those on one resource server (required). */
export interface GroupRoleListParams extends SkipPageParams {
  /** The resource server whose roles are listed (required, non-empty). */
  resourceServerId: string;
}
/** The wire names of `GroupRoleListParams`. */
export const GROUP_ROLE_LIST_PARAMS = {
  ...SKIP_PAGE_PARAMS,
  resourceServerId: 'resource_server_id',
} as const satisfies WireNames<GroupRoleListParams>;

const GROUPS = {
  paths: [PATHS.groups, PATHS.group],
  ...wrapped<GroupCreate, GroupUpdate>('group', {
    writable: { display_name: displayName, description },
    readOnly: ['id', 'realm_id', 'tenant_id', 'create_time', 'update_time', 'member_count'],
  }),
  listQuery: (params: GroupListParams) => skipPageQuery(params),
  pages: pageTokenPaging<GroupList, Group>((page) => page.groups),
} as const;

/**
 * The groups of a realm: create, list, get, update, delete (only without members: ConflictError
 * otherwise), their members and their roles.
 */
export class Groups extends crudResource(GROUPS)<RealmScope> {
  /**
   * Adds identities to a group. Any number of ids: duplicates are dropped and the rest is sent in
   * requests of at most 1000, one after another. Returns the group as the last request left it.
   * @throws ValidationError naming `identityIds` (or `identityIds[i]`), before anything is sent;
   * the failed request's own error (NotFoundError, …) with `batch`: the chunk that failed, the ids
   * that succeeded before it and those not attempted.
   */
  addMembers(
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.changeMembers(PATHS.addMembers, groupId, identityIds, options);
  }

  /**
   * Removes identities from a group (`:deleteMembers`), in requests of at most 1000 unique ids
   * like `addMembers`. Returns the group as the last request left it.
   * @throws as `addMembers`.
   */
  removeMembers(
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.changeMembers(PATHS.removeMembers, groupId, identityIds, options);
  }

  /** The identities in a group. @throws NotFoundError when there is no such group. */
  listMembers(
    groupId: string,
    params: GroupMemberListParams = {},
    options?: ListOptions,
  ): Paginator<Identity, IdentityList> {
    const init = () => ({ path: this.path(groupId), query: skipPageQuery(params) });
    return this.scope.api.list(PATHS.members, identityPages, init, options);
  }

  /**
   * The roles a group holds on one resource server.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `resourceServerId` when it is missing or
   * empty; ConflictError (409) when the resource server does not exist.
   */
  listRoles(
    groupId: string,
    params: GroupRoleListParams,
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    const init = () => ({ path: this.path(groupId), query: groupRolesQuery(params) });
    return this.scope.api.list(PATHS.roles, rolePages, init, options);
  }

  private changeMembers(
    path: typeof PATHS.addMembers | typeof PATHS.removeMembers,
    groupId: string,
    identityIds: readonly string[],
    options: CallOptions | undefined,
  ): ApiPromise<Group> {
    return inChunks(this.scope.api, identityIds, 'identityIds', (identity_ids) =>
      this.scope.api.post(path, { path: this.path(groupId), body: { identity_ids } }, options),
    );
  }

  private path(groupId: string) {
    return { ...this.scope.path, group_id: groupId };
  }
}

const identityPages = pageTokenPaging<IdentityList, Identity>((page) => page.identities);
const rolePages = pageTokenPaging<RoleList, Role>((page) => page.roles);

// `resource_server_id` is required and must not be empty (platform-api.md).
function groupRolesQuery(params: GroupRoleListParams) {
  requireObject(params, 'params');
  const resourceServerId = requireId(params.resourceServerId, 'resourceServerId');
  return { ...skipPageQuery(params), [GROUP_ROLE_LIST_PARAMS.resourceServerId]: resourceServerId };
}
