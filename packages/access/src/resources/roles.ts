// The roles of one resource server: sets of its scopes, given to groups and identities. When the
// resource server's scopes change, a role's scopes must be changed by hand.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import {
  batchCall,
  optionalInteger,
  pageTokenPaging,
  requireObject,
  runKindBatches,
} from '@x/runtime/internal';
import type { AccessApi, RealmPath } from '../api.js';
import { description, displayName } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { inChunks } from './id-batches.js';
import {
  MAX_PAGE_SIZE,
  PAGE_PARAMS,
  pageToken,
  type SkipPageParams,
  skipPageQuery,
  type WireNames,
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

/** What the roles of one resource server are built with. */
export interface RoleScope {
  readonly api: AccessApi;
  readonly path: RealmPath & { readonly resource_server_id: string };
}

/** A role to create. Its scopes and members are added afterwards (`addScopes`, `addMembers`). */
export type RoleCreate = Input<components['schemas']['RoleCreate']>;
/** The fields of a role to change; omitted fields stay as they are. No read-only field. */
export type RoleUpdate = Input<components['schemas']['RoleUpdate']>;
/** Which roles to list (`pageSize` at most 200; `pageToken` is where the list starts). */
export type RoleListParams = SkipPageParams;

const FIELDS = {
  writable: { display_name: displayName, description },
  readOnly: ['id', 'resource_server_id', 'realm_id', 'tenant_id', 'create_time', 'update_time'],
};

const ROLES = {
  paths: [PATHS.roles, PATHS.role],
  ...wrapped<RoleCreate, RoleUpdate>('role', FIELDS),
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
  groupsPageSize?: number | undefined;
  /** Group members to skip; sent with every page request (the token does not keep it). */
  groupsSkip?: number | undefined;
  identitiesPageSize?: number | undefined;
  /** Identity members to skip; sent with every page request. */
  identitiesSkip?: number | undefined;
  /** Where the list starts: a `next_page_token` of an earlier page of the same query. */
  pageToken?: string | undefined;
}
/** The wire names of `RoleMemberListParams`. */
export const ROLE_MEMBER_LIST_PARAMS = {
  groupsPageSize: 'groups_page_size',
  groupsSkip: 'groups_skip',
  identitiesPageSize: 'identities_page_size',
  identitiesSkip: 'identities_skip',
  pageToken: PAGE_PARAMS.pageToken,
} as const satisfies WireNames<RoleMemberListParams>;

/** One page of a role's scopes, as the server sent it. */
export type ScopeList = components['schemas']['ScopeList'];
/** Which of a role's scopes to list (`pageSize` at most 200). */
export type RoleScopeListParams = SkipPageParams;

/**
 * The roles of one resource server (`realm.roles(resourceServerId)`): create, list, get, update,
 * delete (only without scopes and members: ConflictError otherwise), and their members and scopes.
 */
export class Roles extends crudResource(ROLES)<RoleScope> {
  /**
   * Gives the role to groups and identities. Each kind takes any number of ids, deduplicated and
   * sent in chunks of 1000; request `i` carries chunk `i` of each kind. Returns the role as the
   * last request left it.
   * @throws ValidationError naming `members`, `groupIds[i]` or `identityIds[i]`, before anything
   * is sent; the failed request's own error (NotFoundError, …) with `batch`.
   */
  addMembers(roleId: string, members: RoleMembers, options?: CallOptions): ApiPromise<Role> {
    return this.changeMembers(PATHS.addMembers, roleId, members, options);
  }

  /** Takes the role from groups and identities (`:deleteMembers`), chunked like `addMembers`. */
  removeMembers(roleId: string, members: RoleMembers, options?: CallOptions): ApiPromise<Role> {
    return this.changeMembers(PATHS.removeMembers, roleId, members, options);
  }

  /** The role's members: each page's groups, then its identities. */
  listMembers(
    roleId: string,
    params: RoleMemberListParams = {},
    options?: ListOptions,
  ): Paginator<RoleMember, RoleMemberList> {
    const init = () => ({ path: this.path(roleId), query: membersQuery(params) });
    return this.scope.api.list(PATHS.members, memberPages, init, options);
  }

  /**
   * Adds scopes of the resource server to the role: any number, deduplicated, in chunks of 1000.
   * @throws ValidationError naming `scopes` or `scopes[i]`; a failed chunk's error with `batch`.
   */
  addScopes(roleId: string, scopes: readonly string[], options?: CallOptions): ApiPromise<Role> {
    const path = this.path(roleId);
    return inChunks(this.scope.api, scopes, 'scopes', (chunk) =>
      this.scope.api.post(PATHS.addScopes, { path, body: { scopes: chunk } }, options),
    );
  }

  /** Removes scopes from the role (`:deleteScopes`), chunked like `addScopes`. */
  removeScopes(roleId: string, scopes: readonly string[], options?: CallOptions): ApiPromise<Role> {
    const path = this.path(roleId);
    return inChunks(this.scope.api, scopes, 'scopes', (chunk) =>
      this.scope.api.post(PATHS.removeScopes, { path, body: { scopes: chunk } }, options),
    );
  }

  /** The role's scopes. */
  listScopes(
    roleId: string,
    params: RoleScopeListParams = {},
    options?: ListOptions,
  ): Paginator<string, ScopeList> {
    const init = () => ({ path: this.path(roleId), query: skipPageQuery(params) });
    return this.scope.api.list(PATHS.scopes, scopePages, init, options);
  }

  private changeMembers(
    path: typeof PATHS.addMembers | typeof PATHS.removeMembers,
    roleId: string,
    members: RoleMembers,
    options: CallOptions | undefined,
  ): ApiPromise<Role> {
    const results = batchCall((track) => {
      // Inside the call, so that a refusal rejects it.
      requireObject(members, 'members');
      const kinds = { groupIds: members.groupIds, identityIds: members.identityIds };
      const body = (chunk: Parameters<typeof membersBody>[0]) => ({
        path: this.path(roleId),
        body: membersBody(chunk),
      });
      return runKindBatches(
        kinds,
        (chunk) => track(this.scope.api.post(path, body(chunk), options)),
        {
          field: 'members',
        },
      );
    });
    // The batch refuses an empty request, so there is always a last answer.
    return results.map((answers) => answers.at(-1)!);
  }

  private path(roleId: string) {
    return { ...this.scope.path, role_id: roleId };
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
  const names = ROLE_MEMBER_LIST_PARAMS;
  return {
    [names.groupsPageSize]: optionalInteger(
      params.groupsPageSize,
      'groupsPageSize',
      1,
      MAX_PAGE_SIZE,
    ),
    [names.groupsSkip]: optionalInteger(params.groupsSkip, 'groupsSkip', 0),
    [names.identitiesPageSize]: optionalInteger(
      params.identitiesPageSize,
      'identitiesPageSize',
      1,
      MAX_PAGE_SIZE,
    ),
    [names.identitiesSkip]: optionalInteger(params.identitiesSkip, 'identitiesSkip', 0),
    [names.pageToken]: pageToken(params.pageToken),
  };
}
