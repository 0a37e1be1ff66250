import { type CallOptions, runBatches, unwrap } from '@x/runtime';
import type { RealmScope } from '../context.js';
import { usernameFilter } from '../filters.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';
import {
  checkPageToken,
  type ListOptions,
  pagingQuery,
  type SkipPageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';
import type { Group, GroupList } from './groups.js';
import { type ListMemberRolesParams, memberRolesQuery, type Role, type RoleList } from './roles.js';

/** An identity (a user) of a realm. */
export type Identity = components['schemas']['Identity'];
/** `active` (can generate passkeys and log in) or `suspended` (cannot). */
export type IdentityStatus = components['schemas']['IdentityStatus'];
/** The traits of an identity: `type` names their schema; `username` is filterable. */
export type IdentityTraits = components['schemas']['IdentityTraits'];
/** The attributes of an identity to create or update. */
export type IdentityInput = components['schemas']['IdentityInput'];
/** One page of identities, as the server sent it. */
export type IdentityList = components['schemas']['IdentityList'];
/** Parameters of the identities list (`pageSize` at most 200). */
export interface ListIdentitiesParams extends SkipPageParams {
  /**
   * Only identities with this `username` trait. Sent as the one supported filter,
   * `traits.username eq "<username>"`, quoted and escaped. The page token keeps it.
   */
  username?: string;
}
/** Parameters of an identity's groups list (`pageSize` at most 200). */
export type ListIdentityGroupsParams = SkipPageParams;

type Query = { page_size?: number; skip?: number; filter?: string };
type IdentityPath = { tenant_id: string; realm_id: string; identity_id: string };

/** The identities of a realm, their groups and roles. */
export class IdentitiesResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * Creates an identity.
   * @throws ConflictError (409) when it conflicts with an existing identity.
   */
  async create(input: IdentityInput, options?: CallOptions): Promise<Identity> {
    const identity = identityInput(input);
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/identities', {
        params: { path },
        body: { identity },
        ...client.call(options),
      }),
    );
  }

  /**
   * Lists identities, page by page as you iterate; `username` finds one by its username trait.
   * Every page request resends the same filter, as the page token requires.
   */
  list(
    params: ListIdentitiesParams = {},
    options?: ListOptions,
  ): TokenPaginator<Identity, IdentityList> {
    const query = identitiesQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchIdentities({ ...query, page_token }, call),
      (raw) => raw.identities,
      options,
      params.pageToken,
    );
  }

  /** One page of identities. */
  async listPage(params: ListIdentitiesParams = {}, options?: CallOptions): Promise<IdentityList> {
    const query = identitiesQuery(params);
    return this.fetchIdentities(
      { ...query, page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Retrieves an identity. */
  async get(identityId: string, options?: CallOptions): Promise<Identity> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}', {
        params: { path: this.pathOf(identityId) },
        ...client.call(options),
      }),
    );
  }

  /**
   * Updates an identity (only the attributes given change).
   * @throws ConflictError (409) when it conflicts with an existing identity.
   */
  async update(identityId: string, input: IdentityInput, options?: CallOptions): Promise<Identity> {
    const path = this.pathOf(identityId);
    const identity = identityInput(input);
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}', {
        params: { path },
        body: { identity },
        ...client.call(options),
      }),
    );
  }

  /** Deletes an identity. */
  async delete(identityId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE('/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}', {
        params: { path: this.pathOf(identityId) },
        ...client.call(options),
      }),
    );
  }

  /**
   * Deletes many identities. Duplicates are removed first (the server fails a whole request
   * that repeats an id), then the ids go in chunks of 1000, in order. Within a chunk an invalid
   * id fails the request and nothing of that chunk is deleted.
   * @throws BatchError with the failed chunk's index and ids, and the ids already deleted.
   */
  async batchDelete(ids: readonly string[], options?: CallOptions): Promise<void> {
    const { client, path } = this.scope;
    await runBatches(
      ids,
      (chunk) =>
        unwrap(
          client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/identities:batchDelete', {
            params: { path },
            body: { ids: chunk },
            ...client.call(options),
          }),
        ),
      { field: 'ids' },
    );
  }

  /** Lists the groups an identity belongs to, page by page as you iterate. */
  listGroups(
    identityId: string,
    params: ListIdentityGroupsParams = {},
    options?: ListOptions,
  ): TokenPaginator<Group, GroupList> {
    const path = this.pathOf(identityId);
    const query = pagingQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchGroups(path, { ...query, page_token }, call),
      (raw) => raw.groups,
      options,
      params.pageToken,
    );
  }

  /** One page of an identity's groups. */
  async listGroupsPage(
    identityId: string,
    params: ListIdentityGroupsParams = {},
    options?: CallOptions,
  ): Promise<GroupList> {
    const path = this.pathOf(identityId);
    return this.fetchGroups(
      path,
      { ...pagingQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Lists an identity's roles on one resource server, page by page as you iterate. */
  listRoles(
    identityId: string,
    params: ListMemberRolesParams,
    options?: ListOptions,
  ): TokenPaginator<Role, RoleList> {
    const path = this.pathOf(identityId);
    const query = memberRolesQuery(params);
    return tokenListing(
      (page_token, call) => this.fetchRoles(path, { ...query, page_token }, call),
      (raw) => raw.roles,
      options,
      params.pageToken,
    );
  }

  /** One page of an identity's roles on one resource server. */
  async listRolesPage(
    identityId: string,
    params: ListMemberRolesParams,
    options?: CallOptions,
  ): Promise<RoleList> {
    const path = this.pathOf(identityId);
    const query = memberRolesQuery(params);
    return this.fetchRoles(
      path,
      { ...query, page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  private async fetchIdentities(query: Query & { page_token?: string }, options?: CallOptions) {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/identities', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private async fetchGroups(
    path: IdentityPath,
    query: Query & { page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}:listGroups',
        { params: { path, query }, ...client.call(options) },
      ),
    );
  }

  private async fetchRoles(
    path: IdentityPath,
    query: Query & { resource_server_id: string; page_token?: string },
    options?: CallOptions,
  ) {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}:listRoles',
        { params: { path, query }, ...client.call(options) },
      ),
    );
  }

  private pathOf(identityId: string): IdentityPath {
    return { ...this.scope.path, identity_id: requireId(identityId, 'identityId') };
  }
}

function identitiesQuery(params: ListIdentitiesParams): Query {
  const query: Query = pagingQuery(params);
  if (params.username !== undefined) query.filter = usernameFilter(params.username);
  return query;
}

function identityInput(input: IdentityInput): IdentityInput {
  requireObject(input, 'identity');
  if (input.display_name !== undefined)
    checkDisplayName(input.display_name, 'identity.display_name');
  return input;
}
