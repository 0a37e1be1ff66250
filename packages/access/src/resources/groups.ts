// The groups of a realm and what hangs off each: its members (identities), roles and SSO
// configurations (`realm.groups.members.add(groupId, identityIds)`, …).
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { pageTokenPaging, paramTable, requireId, requireObject } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { description, displayName } from '../checks.js';
import { listGroupRolesQuery } from '../generated/queries.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { inChunks } from './id-batches.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery } from './lists.js';
import { GroupSsoConfigs } from './sso-configs.js';
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
/** Which groups to list (`page_size` at most 200; `page_token` is where the list starts). */
export type GroupListParams = SkipPageParams;

/** Which of a group's members to list (`page_size` at most 200). */
export type GroupMemberListParams = SkipPageParams;
/** Which of a group's roles to list: those on one resource server (required). */
export type GroupRoleListParams = SkipPageParams &
  (
    | {
        /** The resource server whose roles are listed (required, non-empty). */
        resource_server_id: string;
        resourceServerId?: undefined;
      }
    | {
        /** @deprecated 0.2's name of `resource_server_id`; removed in the next minor. */
        resourceServerId: string;
        resource_server_id?: undefined;
      }
  );
/** The parameters of `groups.roles.list`. */
export const GROUP_ROLE_LIST_PARAMS = /* @__PURE__ */ paramTable(listGroupRolesQuery);

const GROUPS = {
  paths: [PATHS.groups, PATHS.group],
  ...wrapped<GroupCreate, GroupUpdate>('group', {
    writable: { display_name: displayName, description },
    readOnly: ['id', 'realm_id', 'tenant_id', 'create_time', 'update_time', 'member_count'],
  }),
  params: SKIP_PAGE_PARAMS,
  listQuery: (params: GroupListParams) => skipPageQuery(params),
  pages: pageTokenPaging<GroupList, Group>((page) => page.groups),
} as const;

/**
 * The groups of a realm: create, list, get, update, delete (only without members: ConflictError
 * otherwise), and what hangs off each group: its members, roles and SSO configurations.
 */
export class Groups extends crudResource(GROUPS)<RealmScope> {
  /** A group's members (identities): `groups.members.add(groupId, identityIds)`, remove, list. */
  readonly members = new GroupMembers(this.scope);
  /** The roles a group holds: `groups.roles.list(groupId, { resource_server_id })`. */
  readonly roles = new GroupRoles(this.scope);
  /** The SSO configurations a group is assigned to: `groups.ssoConfigs.list(groupId)`. */
  readonly ssoConfigs = new GroupSsoConfigs(this.scope);

  /** @deprecated Use `groups.members.add(groupId, identityIds)`. Removed in the next minor. */
  addMembers(
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    this.scope.api.deprecated('realm.groups.addMembers', 'realm.groups.members.add');
    return this.members.add(groupId, identityIds, options);
  }

  /** @deprecated Use `groups.members.remove(groupId, identityIds)`. Removed in the next minor. */
  removeMembers(
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    this.scope.api.deprecated('realm.groups.removeMembers', 'realm.groups.members.remove');
    return this.members.remove(groupId, identityIds, options);
  }

  /** @deprecated Use `groups.members.list(groupId, params)`. Removed in the next minor. */
  listMembers(
    groupId: string,
    params?: GroupMemberListParams,
    options?: ListOptions,
  ): Paginator<Identity, IdentityList> {
    this.scope.api.deprecated('realm.groups.listMembers', 'realm.groups.members.list');
    return this.members.list(groupId, params, options);
  }

  /** @deprecated Use `groups.roles.list(groupId, params)`. Removed in the next minor. */
  listRoles(
    groupId: string,
    params: GroupRoleListParams,
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    this.scope.api.deprecated('realm.groups.listRoles', 'realm.groups.roles.list');
    return this.roles.list(groupId, params, options);
  }
}

/** What the resources under a group share: the realm's scope and the group's path. */
abstract class GroupChild {
  /** @internal */
  constructor(
    /** @internal */
    protected readonly scope: RealmScope,
  ) {}

  protected groupPath(groupId: string) {
    return { ...this.scope.path, group_id: groupId };
  }
}

/**
 * The members (identities) of groups: `realm.groups.members.add(groupId, identityIds)`, remove,
 * list. Each call names the group first.
 */
export class GroupMembers extends GroupChild {
  /**
   * Adds identities to a group. Any number of ids: duplicates are dropped and the rest is sent in
   * requests of at most 1000, one after another. Returns the group as the last request left it.
   * @throws ValidationError naming `identityIds` (or `identityIds[i]`), before anything is sent;
   * the failed request's own error (NotFoundError, …) with `batch`: the chunk that failed, the ids
   * that succeeded before it and those not attempted.
   */
  add(groupId: string, identityIds: readonly string[], options?: CallOptions): ApiPromise<Group> {
    return this.change(PATHS.addMembers, groupId, identityIds, options);
  }

  /**
   * Removes identities from a group (`:deleteMembers`), in requests of at most 1000 unique ids
   * like `add`. Returns the group as the last request left it.
   * @throws as `add`.
   */
  remove(
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.change(PATHS.removeMembers, groupId, identityIds, options);
  }

  /** The identities in a group. @throws NotFoundError when there is no such group. */
  list(
    groupId: string,
    params: GroupMemberListParams = {},
    options?: ListOptions,
  ): Paginator<Identity, IdentityList> {
    const init = () => ({
      path: this.groupPath(groupId),
      query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
    });
    return this.scope.api.list(PATHS.members, identityPages, init, options);
  }

  private change(
    path: typeof PATHS.addMembers | typeof PATHS.removeMembers,
    groupId: string,
    identityIds: readonly string[],
    options: CallOptions | undefined,
  ): ApiPromise<Group> {
    return inChunks(this.scope.api, identityIds, 'identityIds', (identity_ids) =>
      this.scope.api.post(path, { path: this.groupPath(groupId), body: { identity_ids } }, options),
    );
  }
}

/** The roles groups hold: `realm.groups.roles.list(groupId, { resource_server_id })`. */
export class GroupRoles extends GroupChild {
  /**
   * The roles a group holds on one resource server.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `resource_server_id` when it is missing or
   * empty; ConflictError (409) when the resource server does not exist.
   */
  list(
    groupId: string,
    params: GroupRoleListParams,
    options?: ListOptions,
  ): Paginator<Role, RoleList> {
    const init = () => ({
      path: this.groupPath(groupId),
      query: groupRolesQuery(this.scope.api.wireParams(params, GROUP_ROLE_LIST_PARAMS)),
    });
    return this.scope.api.list(PATHS.roles, rolePages, init, options);
  }
}

const identityPages = pageTokenPaging<IdentityList, Identity>((page) => page.identities);
const rolePages = pageTokenPaging<RoleList, Role>((page) => page.roles);

// `resource_server_id` is required and must not be empty (platform-api.md).
function groupRolesQuery(params: GroupRoleListParams) {
  requireObject(params, 'params');
  const resource_server_id = requireId(params.resource_server_id, 'resource_server_id');
  return { ...skipPageQuery(params), resource_server_id };
}
