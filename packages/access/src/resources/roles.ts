import {
  BatchError,
  type CallOptions,
  chunk,
  runBatches,
  uniqueIds,
  unwrap,
  ValidationError,
} from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { optionalInteger, requireId, requireObject } from '../ids.js';
import { checkDescription, checkDisplayName } from '../names.js';
import {
  checkPageToken,
  type ListOptions,
  MAX_PAGE_SIZE,
  pagingQuery,
  type SkipPageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';
import type { Group } from './groups.js';
import type { Identity } from './identities.js';

/** A role: a set of scopes limited to one resource server. */
export type Role = components['schemas']['Role'];
/** The updatable attributes of a role. */
export type RoleInput = components['schemas']['RoleInput'];
/** One page of roles, as the server sent it. */
export type RoleList = components['schemas']['RoleList'];
/** One page of a role's members (groups and identities), as the server sent it. */
export type RoleMemberList = components['schemas']['RoleMemberList'];
/** One page of a role's scopes, as the server sent it. */
export type ScopeList = components['schemas']['ScopeList'];
/** A scope of a role (its fields are not published). */
export type Scope = components['schemas']['Scope'];
/** A member of a role: a group or an identity. */
export type RoleMember = { type: 'group'; group: Group } | { type: 'identity'; identity: Identity };

/** The members to add to or remove from a role; at least one id overall. */
export interface RoleMembersInput {
  /** Group ids: any number, deduplicated, sent in chunks of 1000. */
  groupIds?: readonly string[];
  /** Identity ids: any number, deduplicated, sent in chunks of 1000. */
  identityIds?: readonly string[];
}

/** Parameters of a role's members list: page size and skip per member kind (each at most 200). */
export interface ListRoleMembersParams {
  groupsPageSize?: number;
  /** Group members to skip; sent with every page request. */
  groupsSkip?: number;
  identitiesPageSize?: number;
  /** Identity members to skip; sent with every page request. */
  identitiesSkip?: number;
  /** Start from this token (a `next_page_token` of an earlier page of the same query). */
  pageToken?: string;
}

/** Parameters of a role's scopes list (`pageSize` at most 200). */
export type ListRoleScopesParams = SkipPageParams;

/** Parameters of the roles of a group or identity: the resource server is required. */
export interface ListMemberRolesParams extends SkipPageParams {
  /** The resource server whose roles are listed. One that does not exist gives ConflictError (409). */
  resourceServerId: string;
}

/** The query of a group's or identity's roles list: paging plus the resource server. */
export function memberRolesQuery(params: ListMemberRolesParams) {
  const query = pagingQuery(params);
  return { ...query, resource_server_id: requireId(params.resourceServerId, 'resourceServerId') };
}

type RolePath = {
  tenant_id: string;
  realm_id: string;
  resource_server_id: string;
  role_id: string;
};
type MembersQuery = {
  groups_page_size?: number;
  groups_skip?: number;
  identities_page_size?: number;
  identities_skip?: number;
};

const ROLE =
  '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}';

/**
 * The roles of one resource server in a realm: update and delete a role, change its members
 * and scopes, and list them. (Creating, listing and retrieving roles is not published.)
 */
export class RolesResource {
  /** @internal */
  constructor(
    private readonly scope: RealmScope,
    private readonly resourceServerId: string,
  ) {}

  /** Updates a role (only the attributes given change). */
  async update(roleId: string, input: RoleInput, options?: CallOptions): Promise<Role> {
    const path = this.pathOf(roleId);
    requireObject(input, 'role');
    if (input.display_name !== undefined) checkDisplayName(input.display_name, 'role.display_name');
    if (input.description !== undefined) checkDescription(input.description, 'role.description');
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH(ROLE, { params: { path }, body: { role: input }, ...client.call(options) }),
    );
  }

  /**
   * Deletes a role. Succeeds only when it has no scopes and no members.
   * @throws ConflictError (409) while the role has scopes or members.
   */
  async delete(roleId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE(ROLE, { params: { path: this.pathOf(roleId) }, ...client.call(options) }),
    );
  }

  /**
   * Adds groups and identities to a role. Each kind is deduplicated and chunked by 1000; request
   * `i` carries chunk `i` of each kind. Returns the role as the last request left it.
   * @throws BatchError naming the request (chunk) that failed and its ids.
   */
  async addMembers(roleId: string, members: RoleMembersInput, options?: CallOptions) {
    return this.changeMembers(
      '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:addMembers',
      roleId,
      members,
      options,
    );
  }

  /** Removes groups and identities from a role (`:deleteMembers`), chunked like `addMembers`. */
  async removeMembers(roleId: string, members: RoleMembersInput, options?: CallOptions) {
    return this.changeMembers(
      '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:deleteMembers',
      roleId,
      members,
      options,
    );
  }

  /** Lists a role's members (groups first, then identities, per page) as you iterate. */
  listMembers(
    roleId: string,
    params: ListRoleMembersParams = {},
    options?: ListOptions,
  ): TokenPaginator<RoleMember, RoleMemberList> {
    const path = this.pathOf(roleId);
    const query = membersQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchMembers(path, { ...query, page_token }, call),
      membersOf,
      options,
      params.pageToken,
    );
  }

  /** One page of a role's members. */
  async listMembersPage(
    roleId: string,
    params: ListRoleMembersParams = {},
    options?: CallOptions,
  ): Promise<RoleMemberList> {
    const path = this.pathOf(roleId);
    const query = membersQuery(params);
    return this.fetchMembers(
      path,
      { ...query, page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /**
   * Adds scopes to a role: deduplicated, in chunks of 1000.
   * @throws BatchError naming the chunk that failed.
   */
  async addScopes(roleId: string, scopes: readonly string[], options?: CallOptions) {
    return this.changeScopes(
      '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:addScopes',
      roleId,
      scopes,
      options,
    );
  }

  /** Removes scopes from a role (`:deleteScopes`), chunked like `addScopes`. */
  async removeScopes(roleId: string, scopes: readonly string[], options?: CallOptions) {
    return this.changeScopes(
      '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:deleteScopes',
      roleId,
      scopes,
      options,
    );
  }

  /** Lists a role's scopes, page by page as you iterate. */
  listScopes(
    roleId: string,
    params: ListRoleScopesParams = {},
    options?: ListOptions,
  ): TokenPaginator<Scope, ScopeList> {
    const path = this.pathOf(roleId);
    const query = pagingQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchScopes(path, { ...query, page_token }, call),
      (raw) => raw.scopes,
      options,
      params.pageToken,
    );
  }

  /** One page of a role's scopes. */
  async listScopesPage(
    roleId: string,
    params: ListRoleScopesParams = {},
    options?: CallOptions,
  ): Promise<ScopeList> {
    const path = this.pathOf(roleId);
    return this.fetchScopes(
      path,
      { ...pagingQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  private async changeMembers(
    operation:
      | '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:addMembers'
      | '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:deleteMembers',
    roleId: string,
    members: RoleMembersInput,
    options?: CallOptions,
  ): Promise<Role> {
    const path = this.pathOf(roleId);
    requireObject(members, 'members');
    const groups = chunk(uniqueIds(members.groupIds ?? [], 'groupIds'));
    const identities = chunk(uniqueIds(members.identityIds ?? [], 'identityIds'));
    const count = Math.max(groups.length, identities.length);
    if (count === 0)
      throw new ValidationError('members', 'must hold at least one group or identity id');
    const requests = Array.from({ length: count }, (_, i) => ({
      group_ids: groups[i],
      identity_ids: identities[i],
    }));
    const { client } = this.scope;
    let role: Role | undefined;
    for (const [index, body] of requests.entries()) {
      try {
        role = await unwrap(
          client.raw.POST(operation, { params: { path }, body, ...client.call(options) }),
        );
      } catch (error) {
        const ids = requests.map((r) => [...(r.group_ids ?? []), ...(r.identity_ids ?? [])]);
        throw new BatchError(error, index, ids);
      }
    }
    return role!;
  }

  private async changeScopes(
    operation:
      | '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:addScopes'
      | '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:deleteScopes',
    roleId: string,
    scopes: readonly string[],
    options?: CallOptions,
  ): Promise<Role> {
    const path = this.pathOf(roleId);
    const { client } = this.scope;
    const results = await runBatches(
      scopes,
      (chunkScopes) =>
        unwrap(
          client.raw.POST(operation, {
            params: { path },
            body: { scopes: chunkScopes },
            ...client.call(options),
          }),
        ),
      { field: 'scopes' },
    );
    return results[results.length - 1]!;
  }

  private async fetchMembers(
    path: RolePath,
    query: MembersQuery & { page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:listMembers',
        { params: { path, query }, ...client.call(options) },
      ),
    );
  }

  private async fetchScopes(
    path: RolePath,
    query: { page_size?: number; skip?: number; page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:listScopes',
        { params: { path, query }, ...client.call(options) },
      ),
    );
  }

  private pathOf(roleId: string): RolePath {
    return {
      ...this.scope.path,
      resource_server_id: this.resourceServerId,
      role_id: requireId(roleId, 'roleId'),
    };
  }
}

function membersQuery(params: ListRoleMembersParams): MembersQuery {
  requireObject(params, 'params');
  return {
    groups_page_size: optionalInteger(params.groupsPageSize, 'groupsPageSize', 1, MAX_PAGE_SIZE),
    groups_skip: optionalInteger(params.groupsSkip, 'groupsSkip', 0),
    identities_page_size: optionalInteger(
      params.identitiesPageSize,
      'identitiesPageSize',
      1,
      MAX_PAGE_SIZE,
    ),
    identities_skip: optionalInteger(params.identitiesSkip, 'identitiesSkip', 0),
  };
}

function membersOf(raw: RoleMemberList): RoleMember[] {
  return [
    ...(raw.groups ?? []).map((group) => ({ type: 'group' as const, group })),
    ...(raw.identities ?? []).map((identity) => ({ type: 'identity' as const, identity })),
  ];
}
