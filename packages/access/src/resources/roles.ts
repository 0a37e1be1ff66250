// The roles of resource servers (`realm.resourceServers.roles`): sets of a server's scopes, given to groups and identities. When the
// resource server's scopes change, a role's scopes must be changed by hand.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import {
  batchCall,
  optionalInteger,
  pageTokenPaging,
  paramTable,
  requireObject,
  runKindBatches,
} from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { description, displayName } from '../checks.js';
import { listRoleMembersQuery } from '../generated/queries.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { childCrudResource, wrapped } from './crud.js';
import { inChunks } from './id-batches.js';
import {
  MAX_PAGE_SIZE,
  pageToken,
  SKIP_PAGE_PARAMS,
  type SkipPageParams,
  skipPageQuery,
} from './lists.js';
import type { Group, Identity, Role, RoleList } from './types.js';

const ROLE =
  '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}';
const PATHS = {
  roles: '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles',
  role: ROLE,
  addMembers: `${ROLE}:addMembers`,
  removeMembers: `${ROLE}:deleteMembers`,
  members: `${ROLE}:listMembers`,
  addScopes: `${ROLE}:addScopes`,
  removeScopes: `${ROLE}:deleteScopes`,
  scopes: `${ROLE}:listScopes`,
} as const;

/** A role to create. Its scopes and members are added afterwards (`roles.scopes.add`, `roles.members.add`). */
export type RoleCreate = Input<components['schemas']['RoleCreate']>;
/** The fields of a role to change; omitted fields stay as they are. No read-only field. */
export type RoleUpdate = Input<components['schemas']['RoleUpdate']>;
/** Which roles to list (`page_size` at most 200; `page_token` is where the list starts). */
export type RoleListParams = SkipPageParams;

const FIELDS = {
  writable: { display_name: displayName, description },
  readOnly: ['id', 'resource_server_id', 'realm_id', 'tenant_id', 'create_time', 'update_time'],
};

const ROLES = {
  paths: [PATHS.roles, PATHS.role],
  ...wrapped<RoleCreate, RoleUpdate>('role', FIELDS),
  params: SKIP_PAGE_PARAMS,
  listQuery: (params: RoleListParams) => skipPageQuery(params),
  pages: pageTokenPaging<RoleList, Role>((page) => page.roles),
} as const;

/** One page of a role's members (groups and identities, each kind paged on its own). */
export type RoleMemberList = components['schemas']['RoleMemberList'];
/** A member of a role, as a list yields it: a group or an identity. */
export type RoleMember = { type: 'group'; group: Group } | { type: 'identity'; identity: Identity };

/** The members to add to or remove from a role: at least one id overall. */
export interface RoleMembers {
  /** Group ids: any number, deduplicated, sent in chunks of 1000. */
  groupIds?: readonly string[] | undefined;
  /** Identity ids: any number, deduplicated, sent in chunks of 1000. */
  identityIds?: readonly string[] | undefined;
}

/** Which of a role's members to list: page size and skip per kind (each page size at most 200). */
export interface RoleMemberListParams {
  /** Group members per page, 1 to 200. */
  groups_page_size?: number | undefined;
  /** Group members to skip; sent with every page request (the token does not keep it). */
  groups_skip?: number | undefined;
  /** Identity members per page, 1 to 200. */
  identities_page_size?: number | undefined;
  /** Identity members to skip; sent with every page request. */
  identities_skip?: number | undefined;
  /** Where the list starts: a `next_page_token` of an earlier page of the same query. */
  page_token?: string | undefined;
  /** @deprecated 0.2's name of `groups_page_size`; removed in the next minor. */
  groupsPageSize?: number | undefined;
  /** @deprecated 0.2's name of `groups_skip`; removed in the next minor. */
  groupsSkip?: number | undefined;
  /** @deprecated 0.2's name of `identities_page_size`; removed in the next minor. */
  identitiesPageSize?: number | undefined;
  /** @deprecated 0.2's name of `identities_skip`; removed in the next minor. */
  identitiesSkip?: number | undefined;
  /** @deprecated 0.2's name of `page_token`; removed in the next minor. */
  pageToken?: string | undefined;
}
/** The parameters of `roles.members.list`. */
export const ROLE_MEMBER_LIST_PARAMS = /* @__PURE__ */ paramTable(listRoleMembersQuery);

/** One page of a role's scopes, as the server sent it. */
export type ScopeList = components['schemas']['ScopeList'];
/** Which of a role's scopes to list (`page_size` at most 200). */
export type RoleScopeListParams = SkipPageParams;

/**
 * The roles of resource servers: `realm.resourceServers.roles.create(resourceServerId, role)`,
 * list, get, update, delete (only without scopes and members: ConflictError otherwise), and their
 * members and scopes. Each call names the resource server first.
 */
export class ResourceServerRoles extends childCrudResource(ROLES) {
  /**
   * The groups and identities given a role: `roles.members.add(resourceServerId, roleId,
   * { groupIds, identityIds })`, remove, list.
   */
  readonly members: RoleMemberships;
  /** The scopes of a role: `roles.scopes.add(resourceServerId, roleId, scopes)`, remove, list. */
  readonly scopes: RoleScopes;

  /** @internal */
  constructor(scope: RealmScope) {
    super(scope);
    this.members = new RoleMemberships(scope);
    this.scopes = new RoleScopes(scope);
  }
}

/** What the resources under a role share: the realm's scope and the role's path. */
abstract class RoleChild {
  /** @internal */
  constructor(
    /** @internal */
    protected readonly scope: RealmScope,
  ) {}

  protected rolePath(resourceServerId: string, roleId: string) {
    return { ...this.scope.path, resource_server_id: resourceServerId, role_id: roleId };
  }
}

/**
 * The members of roles (groups and identities):
 * `realm.resourceServers.roles.members.add(resourceServerId, roleId, members)`, remove, list.
 */
export class RoleMemberships extends RoleChild {
  /**
   * Gives the role to groups and identities. Each kind takes any number of ids, deduplicated and
   * sent in chunks of 1000; request `i` carries chunk `i` of each kind. Returns the role as the
   * last request left it.
   * @throws ValidationError naming `members`, `groupIds[i]` or `identityIds[i]`, before anything
   * is sent; the failed request's own error (NotFoundError, …) with `batch`.
   */
  add(
    resourceServerId: string,
    roleId: string,
    members: RoleMembers,
    options?: CallOptions,
  ): ApiPromise<Role> {
    return this.change(PATHS.addMembers, resourceServerId, roleId, members, options);
  }

  /** Takes the role from groups and identities (`:deleteMembers`), chunked like `add`. */
  remove(
    resourceServerId: string,
    roleId: string,
    members: RoleMembers,
    options?: CallOptions,
  ): ApiPromise<Role> {
    return this.change(PATHS.removeMembers, resourceServerId, roleId, members, options);
  }

  /** The role's members: each page's groups, then its identities. */
  list(
    resourceServerId: string,
    roleId: string,
    params: RoleMemberListParams = {},
    options?: ListOptions,
  ): Paginator<RoleMember, RoleMemberList> {
    const init = () => ({
      path: this.rolePath(resourceServerId, roleId),
      query: membersQuery(this.scope.api.wireParams(params, ROLE_MEMBER_LIST_PARAMS)),
    });
    return this.scope.api.list(PATHS.members, memberPages, init, options);
  }

  private change(
    path: typeof PATHS.addMembers | typeof PATHS.removeMembers,
    resourceServerId: string,
    roleId: string,
    members: RoleMembers,
    options: CallOptions | undefined,
  ): ApiPromise<Role> {
    const results = batchCall((track) => {
      // Inside the call, so that a refusal rejects it.
      requireObject(members, 'members');
      const kinds = { groupIds: members.groupIds, identityIds: members.identityIds };
      const body = (chunk: Parameters<typeof membersBody>[0]) => ({
        path: this.rolePath(resourceServerId, roleId),
        body: membersBody(chunk),
      });
      return runKindBatches(
        kinds,
        (chunk) => track(this.scope.api.post(path, body(chunk), options)),
        { field: 'members' },
      );
    });
    // The batch refuses an empty request, so there is always a last answer.
    return results.map((answers) => answers.at(-1)!);
  }
}

/** The scopes of roles: `realm.resourceServers.roles.scopes.add(resourceServerId, roleId, scopes)`, remove, list. */
export class RoleScopes extends RoleChild {
  /**
   * Adds scopes of the resource server to the role: any number, deduplicated, in chunks of 1000.
   * @throws ValidationError naming `scopes` or `scopes[i]`; a failed chunk's error with `batch`.
   */
  add(
    resourceServerId: string,
    roleId: string,
    scopes: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Role> {
    return this.change(PATHS.addScopes, resourceServerId, roleId, scopes, options);
  }

  /** Removes scopes from the role (`:deleteScopes`), chunked like `add`. */
  remove(
    resourceServerId: string,
    roleId: string,
    scopes: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Role> {
    return this.change(PATHS.removeScopes, resourceServerId, roleId, scopes, options);
  }

  /** The role's scopes. */
  list(
    resourceServerId: string,
    roleId: string,
    params: RoleScopeListParams = {},
    options?: ListOptions,
  ): Paginator<string, ScopeList> {
    const init = () => ({
      path: this.rolePath(resourceServerId, roleId),
      query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
    });
    return this.scope.api.list(PATHS.scopes, scopePages, init, options);
  }

  private change(
    path: typeof PATHS.addScopes | typeof PATHS.removeScopes,
    resourceServerId: string,
    roleId: string,
    scopes: readonly string[],
    options: CallOptions | undefined,
  ): ApiPromise<Role> {
    const at = this.rolePath(resourceServerId, roleId);
    return inChunks(this.scope.api, scopes, 'scopes', (chunk) =>
      this.scope.api.post(path, { path: at, body: { scopes: chunk } }, options),
    );
  }
}

/**
 * The roles of one resource server, as 0.2 reached them (`realm.roles(resourceServerId)`).
 * @deprecated Use `realm.resourceServers.roles`, whose calls name the resource server first
 * (`realm.resourceServers.roles.list(resourceServerId)`). Removed in the next minor.
 */
export class Roles {
  /** @internal */
  constructor(
    private readonly of: ResourceServerRoles,
    /** The resource server whose roles these are. */
    readonly resourceServerId: string,
  ) {}

  /** @deprecated Use `realm.resourceServers.roles.create(resourceServerId, role)`. */
  create(role: RoleCreate, options?: CallOptions): ApiPromise<Role> {
    return this.of.create(this.resourceServerId, role, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.list(resourceServerId, params)`. */
  list(params?: RoleListParams, options?: ListOptions): Paginator<Role, RoleList> {
    return this.of.list(this.resourceServerId, params, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.get(resourceServerId, roleId)`. */
  get(roleId: string, options?: CallOptions): ApiPromise<Role> {
    return this.of.get(this.resourceServerId, roleId, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.update(resourceServerId, roleId, changes)`. */
  update(roleId: string, changes: RoleUpdate, options?: CallOptions): ApiPromise<Role> {
    return this.of.update(this.resourceServerId, roleId, changes, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.delete(resourceServerId, roleId)`. */
  delete(roleId: string, options?: CallOptions): ApiPromise<void> {
    return this.of.delete(this.resourceServerId, roleId, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.members.add(resourceServerId, roleId, members)`. */
  addMembers(roleId: string, members: RoleMembers, options?: CallOptions): ApiPromise<Role> {
    return this.of.members.add(this.resourceServerId, roleId, members, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.members.remove(resourceServerId, roleId, members)`. */
  removeMembers(roleId: string, members: RoleMembers, options?: CallOptions): ApiPromise<Role> {
    return this.of.members.remove(this.resourceServerId, roleId, members, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.members.list(resourceServerId, roleId, params)`. */
  listMembers(
    roleId: string,
    params?: RoleMemberListParams,
    options?: ListOptions,
  ): Paginator<RoleMember, RoleMemberList> {
    return this.of.members.list(this.resourceServerId, roleId, params, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.scopes.add(resourceServerId, roleId, scopes)`. */
  addScopes(roleId: string, scopes: readonly string[], options?: CallOptions): ApiPromise<Role> {
    return this.of.scopes.add(this.resourceServerId, roleId, scopes, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.scopes.remove(resourceServerId, roleId, scopes)`. */
  removeScopes(roleId: string, scopes: readonly string[], options?: CallOptions): ApiPromise<Role> {
    return this.of.scopes.remove(this.resourceServerId, roleId, scopes, options);
  }

  /** @deprecated Use `realm.resourceServers.roles.scopes.list(resourceServerId, roleId, params)`. */
  listScopes(
    roleId: string,
    params?: RoleScopeListParams,
    options?: ListOptions,
  ): Paginator<string, ScopeList> {
    return this.of.scopes.list(this.resourceServerId, roleId, params, options);
  }
}

const memberPages = pageTokenPaging<RoleMemberList, RoleMember>((page) => [
  ...(page.groups ?? []).map((group) => ({ type: 'group' as const, group })),
  ...(page.identities ?? []).map((identity) => ({ type: 'identity' as const, identity })),
]);
const scopePages = pageTokenPaging<ScopeList, string>((page) => page.scopes);

function membersBody(chunk: { groupIds?: string[]; identityIds?: string[] }) {
  return {
    ...(chunk.groupIds ? { group_ids: chunk.groupIds } : {}),
    ...(chunk.identityIds ? { identity_ids: chunk.identityIds } : {}),
  };
}

// Each kind's page size and skip; the skips are resent with every page, as the token needs.
function membersQuery(params: RoleMemberListParams) {
  requireObject(params, 'params');
  return {
    groups_page_size: optionalInteger(
      params.groups_page_size,
      'groups_page_size',
      1,
      MAX_PAGE_SIZE,
    ),
    groups_skip: optionalInteger(params.groups_skip, 'groups_skip', 0),
    identities_page_size: optionalInteger(
      params.identities_page_size,
      'identities_page_size',
      1,
      MAX_PAGE_SIZE,
    ),
    identities_skip: optionalInteger(params.identities_skip, 'identities_skip', 0),
    page_token: pageToken(params.page_token),
  };
}
