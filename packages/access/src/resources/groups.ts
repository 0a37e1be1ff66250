import { type CallOptions, runBatches, unwrap } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDescription, checkDisplayName } from '../names.js';
import {
  checkPageToken,
  type ListOptions,
  pagingQuery,
  type SkipPageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';
import type { Identity, IdentityList } from './identities.js';
import { type ListMemberRolesParams, memberRolesQuery, type Role, type RoleList } from './roles.js';

/** A group of identities in a realm. */
export type Group = components['schemas']['Group'];
/** The attributes of a group to create or update. */
export type GroupInput = components['schemas']['GroupInput'];
/** One page of groups, as the server sent it. */
export type GroupList = components['schemas']['GroupList'];
/** Parameters of the groups and group-members lists (`pageSize` at most 200). */
export type ListGroupsParams = SkipPageParams;
type Query = { page_size?: number; skip?: number };

/** The groups of a realm, their members and their roles. */
export class GroupsResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * Creates a group.
   * @throws ValidationError when `display_name` or `description` breaks the name rules.
   * @throws ConflictError (409) when a group with that name exists.
   */
  async create(input: GroupInput, options?: CallOptions): Promise<Group> {
    const group = groupInput(input);
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/groups', {
        params: { path },
        body: { group },
        ...client.call(options),
      }),
    );
  }

  /** Lists the groups of the realm, page by page as you iterate. */
  list(params: ListGroupsParams = {}, options?: ListOptions): TokenPaginator<Group, GroupList> {
    const query = pagingQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchGroups({ ...query, page_token }, call),
      (raw) => raw.groups,
      options,
      params.pageToken,
    );
  }

  /** One page of groups. */
  async listPage(params: ListGroupsParams = {}, options?: CallOptions): Promise<GroupList> {
    return this.fetchGroups(
      { ...pagingQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Retrieves a group. */
  async get(groupId: string, options?: CallOptions): Promise<Group> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}', {
        params: { path: this.pathOf(groupId) },
        ...client.call(options),
      }),
    );
  }

  /** Updates a group (only the attributes given change). */
  async update(groupId: string, input: GroupInput, options?: CallOptions): Promise<Group> {
    const path = this.pathOf(groupId);
    const group = groupInput(input);
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}', {
        params: { path },
        body: { group },
        ...client.call(options),
      }),
    );
  }

  /**
   * Deletes a group. Succeeds only when it has no members.
   * @throws ConflictError (409) while the group has members.
   */
  async delete(groupId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}', {
        params: { path: this.pathOf(groupId) },
        ...client.call(options),
      }),
    );
  }

  /**
   * Adds identities to a group. Any number of ids: duplicates are removed and the rest is sent
   * in chunks of 1000, in order. Returns the group as the last chunk left it.
   * @throws BatchError naming the chunk that failed (and what had succeeded) when one fails.
   */
  async addMembers(groupId: string, identityIds: readonly string[], options?: CallOptions) {
    return this.changeMembers('add', groupId, identityIds, options);
  }

  /**
   * Removes identities from a group (`:deleteMembers`), in chunks of 1000 like `addMembers`.
   * @throws BatchError naming the chunk that failed.
   */
  async removeMembers(groupId: string, identityIds: readonly string[], options?: CallOptions) {
    return this.changeMembers('delete', groupId, identityIds, options);
  }

  /** Lists the identities in a group, page by page as you iterate. */
  listMembers(
    groupId: string,
    params: ListGroupsParams = {},
    options?: ListOptions,
  ): TokenPaginator<Identity, IdentityList> {
    const path = this.pathOf(groupId);
    const query = pagingQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchMembers(path, { ...query, page_token }, call),
      (raw) => raw.identities,
      options,
      params.pageToken,
    );
  }

  /** One page of a group's members. */
  async listMembersPage(
    groupId: string,
    params: ListGroupsParams = {},
    options?: CallOptions,
  ): Promise<IdentityList> {
    const path = this.pathOf(groupId);
    return this.fetchMembers(
      path,
      { ...pagingQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Lists the roles of a group on one resource server, page by page as you iterate. */
  listRoles(
    groupId: string,
    params: ListMemberRolesParams,
    options?: ListOptions,
  ): TokenPaginator<Role, RoleList> {
    const path = this.pathOf(groupId);
    const query = memberRolesQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchRoles(path, { ...query, page_token }, call),
      (raw) => raw.roles,
      options,
      params.pageToken,
    );
  }

  /** One page of a group's roles on one resource server. */
  async listRolesPage(
    groupId: string,
    params: ListMemberRolesParams,
    options?: CallOptions,
  ): Promise<RoleList> {
    const path = this.pathOf(groupId);
    return this.fetchRoles(
      path,
      { ...memberRolesQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  private async changeMembers(
    change: 'add' | 'delete',
    groupId: string,
    identityIds: readonly string[],
    options?: CallOptions,
  ): Promise<Group> {
    const path = this.pathOf(groupId);
    const { client } = this.scope;
    const results = await runBatches(
      identityIds,
      (identity_ids) => {
        const init = { params: { path }, body: { identity_ids }, ...client.call(options) };
        return unwrap(
          change === 'add'
            ? client.raw.POST(
                '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:addMembers',
                init,
              )
            : client.raw.POST(
                '/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:deleteMembers',
                init,
              ),
        );
      },
      { field: 'identityIds' },
    );
    return results[results.length - 1]!;
  }

  private async fetchGroups(query: Query & { page_token?: string }, options?: CallOptions) {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/groups', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private async fetchMembers(
    path: GroupPath,
    query: Query & { page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:listMembers', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private async fetchRoles(
    path: GroupPath,
    query: Query & { resource_server_id: string; page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:listRoles', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private pathOf(groupId: string): GroupPath {
    return { ...this.scope.path, group_id: requireId(groupId, 'groupId') };
  }
}

type GroupPath = { tenant_id: string; realm_id: string; group_id: string };

function groupInput(input: GroupInput): GroupInput {
  requireObject(input, 'group');
  if (input.display_name !== undefined) checkDisplayName(input.display_name, 'group.display_name');
  if (input.description !== undefined) checkDescription(input.description, 'group.description');
  return input;
}
