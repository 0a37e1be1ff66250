import {
  type CallOptions,
  listPaging,
  type Paginator,
  runBatches,
  scimPaginator,
  unwrap,
} from '@x/runtime';
import type { components } from '../generated/schema.js';
import { optionalInteger, requireId, requireObject } from '../ids.js';
import type { ListOptions } from '../paging.js';
import { type ScimFilterOperator, scimFilter } from './filter.js';
import type { ScimApi } from './scim.js';
import { MAX_SCIM_COUNT } from './users.js';

/** A SCIM group (members are never returned with it). */
export type ScimGroup = components['schemas']['ScimGroup'];
/** One page of SCIM groups, as the server sent it. */
export type ScimGroupListResponse = components['schemas']['ScimGroupListResponse'];
/** A SCIM group to create; `schemas` defaults to the core Group schema (plus the vendor one when its extension is given). */
export type ScimGroupInput = Omit<ScimGroup, 'id' | 'meta' | 'schemas'> & {
  schemas?: ScimGroup['schemas'];
};
/** A groups filter: `eq` or `ne` on `displayName`. */
export interface ScimGroupFilter {
  /** Default `eq`. */
  operator?: ScimFilterOperator;
  /** The display name to compare with. */
  value: string;
}
/** Parameters of the SCIM groups list. */
export interface ListScimGroupsParams {
  filter?: ScimGroupFilter;
  /** Groups per page, 1 to 1000. Default 100 (the server returns none without a count). */
  pageSize?: number;
  /** 1-based index of the first group. Default 1. */
  startIndex?: number;
}
/** Parameters of one page of SCIM groups. */
export interface ListScimGroupsPageParams {
  filter?: ScimGroupFilter;
  /** Groups to return, 0 to 1000. The server's default is 0 (no groups, only `totalResults`). */
  count?: number;
  /** 1-based index of the first group. Default 1. */
  startIndex?: number;
}

const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const VENDOR_GROUP = 'urn:scim:schemas:extension:vendor:1.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const DEFAULT_SCIM_PAGE_SIZE = 100;

type Query = { filter?: string; count?: number; startIndex?: number };
type GroupOperation = components['schemas']['ScimGroupPatchOperation'];

/**
 * SCIM groups of the access platform: create, list, get, delete, rename, and add or remove
 * members. Renames and member changes are always separate PATCH requests, as the server requires.
 */
export class ScimGroupsResource {
  /** @internal */
  constructor(private readonly api: ScimApi) {}

  /** Creates a group. */
  async create(group: ScimGroupInput, options?: CallOptions): Promise<ScimGroup> {
    requireObject(group, 'group');
    requireId(group.displayName, 'displayName');
    const schemas: ScimGroup['schemas'] =
      group.schemas ?? (VENDOR_GROUP in group ? [CORE_GROUP, VENDOR_GROUP] : [CORE_GROUP]);
    const client = this.api();
    return unwrap(
      client.raw.POST('/Groups', { body: { ...group, schemas }, ...client.call(options) }),
    );
  }

  /** Lists groups (without members), `pageSize` at a time (default 100), as you iterate. */
  list(
    params: ListScimGroupsParams = {},
    options?: ListOptions,
  ): Paginator<ScimGroup, ScimGroupListResponse, number> {
    requireObject(params, 'params');
    const filter = groupsFilter(params.filter);
    const count =
      optionalInteger(params.pageSize, 'pageSize', 1, MAX_SCIM_COUNT) ?? DEFAULT_SCIM_PAGE_SIZE;
    const startIndex = optionalInteger(params.startIndex, 'startIndex', 1);
    return scimPaginator<ScimGroup, ScimGroupListResponse>(
      (page, _signal, call) => this.fetch({ filter, ...page }, call),
      { count, ...(startIndex ? { startIndex } : {}), ...listPaging(options) },
    );
  }

  /** One page of groups. Without `count` the server returns no groups, only `totalResults`. */
  async listPage(
    params: ListScimGroupsPageParams = {},
    options?: CallOptions,
  ): Promise<ScimGroupListResponse> {
    requireObject(params, 'params');
    return this.fetch(
      {
        filter: groupsFilter(params.filter),
        count: optionalInteger(params.count, 'count', 0, MAX_SCIM_COUNT),
        startIndex: optionalInteger(params.startIndex, 'startIndex', 1),
      },
      options,
    );
  }

  /** Retrieves a group (without members). */
  async get(groupId: string, options?: CallOptions): Promise<ScimGroup> {
    const path = { group_id: requireId(groupId, 'groupId') };
    const client = this.api();
    return unwrap(
      client.raw.GET('/Groups/{group_id}', { params: { path }, ...client.call(options) }),
    );
  }

  /** Deletes a group. */
  async delete(groupId: string, options?: CallOptions): Promise<void> {
    const path = { group_id: requireId(groupId, 'groupId') };
    const client = this.api();
    await unwrap(
      client.raw.DELETE('/Groups/{group_id}', { params: { path }, ...client.call(options) }),
    );
  }

  /** Renames a group: one PATCH with a single `replace` of `displayName`. */
  async rename(groupId: string, displayName: string, options?: CallOptions): Promise<ScimGroup> {
    const value = requireId(displayName, 'displayName');
    return this.patch(groupId, { op: 'replace', path: 'displayName', value }, options);
  }

  /**
   * Adds users to a group: `add` on `members`, many at once (deduplicated, up to 1000 per
   * request). The response does not reflect member changes.
   * @throws BatchError naming the request that failed.
   */
  async addMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): Promise<ScimGroup> {
    requireId(groupId, 'groupId');
    const results = await runBatches(
      userIds,
      (ids) =>
        this.patch(
          groupId,
          { op: 'add', path: 'members', value: ids.map((value) => ({ value })) },
          options,
        ),
      { field: 'userIds' },
    );
    return results[results.length - 1]!;
  }

  /**
   * Removes users from a group. The server does not support batch removal, so each user is
   * removed by its own PATCH (`remove` on `members` with that one member), in order.
   * @throws BatchError whose `chunkIndex` is the position of the user whose removal failed.
   */
  async removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): Promise<ScimGroup> {
    requireId(groupId, 'groupId');
    const results = await runBatches(
      userIds,
      (ids) =>
        this.patch(
          groupId,
          { op: 'remove', path: 'members', value: ids.map((value) => ({ value })) },
          options,
        ),
      { field: 'userIds', size: 1 },
    );
    return results[results.length - 1]!;
  }

  private async patch(
    groupId: string,
    operation: GroupOperation,
    options?: CallOptions,
  ): Promise<ScimGroup> {
    const path = { group_id: requireId(groupId, 'groupId') };
    const body = { schemas: [PATCH_OP] as [typeof PATCH_OP], Operations: [operation] };
    const client = this.api();
    return unwrap(
      client.raw.PATCH('/Groups/{group_id}', { params: { path }, body, ...client.call(options) }),
    );
  }

  private async fetch(query: Query, options?: CallOptions): Promise<ScimGroupListResponse> {
    const client = this.api();
    return unwrap(client.raw.GET('/Groups', { params: { query }, ...client.call(options) }));
  }
}

function groupsFilter(filter: ScimGroupFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  requireObject(filter, 'filter');
  return scimFilter('displayName', ['displayName'], filter.operator, filter.value);
}
