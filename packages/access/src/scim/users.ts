import {
  type CallOptions,
  listPaging,
  type Paginator,
  scimPaginator,
  unwrap,
  ValidationError,
} from '@x/runtime';
import type { components } from '../generated/schema.js';
import { optionalInteger, requireId, requireObject } from '../ids.js';
import type { ListOptions } from '../paging.js';
import { type ScimFilterOperator, scimFilter } from './filter.js';
import type { ScimApi } from './scim.js';

/** A SCIM user; `id` is the identity id. */
export type ScimUser = components['schemas']['ScimUser'];
/** One page of SCIM users, as the server sent it. */
export type ScimUserListResponse = components['schemas']['ScimUserListResponse'];
/** One SCIM PATCH operation on a user: only `add` and `replace` are supported. */
export type ScimUserPatchOperation = components['schemas']['ScimUserPatchOperation'];
/** A SCIM user to create or replace; `schemas` defaults to the core User schema (plus the enterprise one when its extension is given). */
export type ScimUserInput = Omit<ScimUser, 'id' | 'meta' | 'schemas'> & {
  schemas?: ScimUser['schemas'];
};
/** A users filter: `eq` or `ne` on `userName` or `externalId`. */
export interface ScimUserFilter {
  attribute: 'userName' | 'externalId';
  /** Default `eq`. */
  operator?: ScimFilterOperator;
  value: string;
}
/** Parameters of the SCIM users list. */
export interface ListScimUsersParams {
  filter?: ScimUserFilter;
  /** Users per page, 1 to 1000. Default 100 (the server returns none without a count). */
  pageSize?: number;
  /** 1-based index of the first user. Default 1. */
  startIndex?: number;
}
/** Parameters of one page of SCIM users. */
export interface ListScimUsersPageParams {
  filter?: ScimUserFilter;
  /** Users to return, 0 to 1000. The server's default is 0 (no users, only `totalResults`). */
  count?: number;
  /** 1-based index of the first user. Default 1. */
  startIndex?: number;
}

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** Largest SCIM page. */
export const MAX_SCIM_COUNT = 1000;
const DEFAULT_SCIM_PAGE_SIZE = 100;

type Query = { filter?: string; count?: number; startIndex?: number };

/** SCIM users of the access platform: create, list, get, replace, patch and delete. */
export class ScimUsersResource {
  /** @internal */
  constructor(private readonly api: ScimApi) {}

  /** Creates a user. */
  async create(user: ScimUserInput, options?: CallOptions): Promise<ScimUser> {
    const body = userBody(user);
    const client = this.api();
    return unwrap(client.raw.POST('/Users', { body, ...client.call(options) }));
  }

  /** Lists users, `pageSize` at a time (default 100), as you iterate. */
  list(
    params: ListScimUsersParams = {},
    options?: ListOptions,
  ): Paginator<ScimUser, ScimUserListResponse, number> {
    requireObject(params, 'params');
    const filter = usersFilter(params.filter);
    const count =
      optionalInteger(params.pageSize, 'pageSize', 1, MAX_SCIM_COUNT) ?? DEFAULT_SCIM_PAGE_SIZE;
    const startIndex = optionalInteger(params.startIndex, 'startIndex', 1);
    return scimPaginator<ScimUser, ScimUserListResponse>(
      (page, _signal, call) => this.fetch({ filter, ...page }, call),
      { count, ...(startIndex ? { startIndex } : {}), ...listPaging(options) },
    );
  }

  /** One page of users. Without `count` the server returns no users, only `totalResults`. */
  async listPage(
    params: ListScimUsersPageParams = {},
    options?: CallOptions,
  ): Promise<ScimUserListResponse> {
    requireObject(params, 'params');
    return this.fetch(
      {
        filter: usersFilter(params.filter),
        count: optionalInteger(params.count, 'count', 0, MAX_SCIM_COUNT),
        startIndex: optionalInteger(params.startIndex, 'startIndex', 1),
      },
      options,
    );
  }

  /** Retrieves a user by id (the identity id). */
  async get(userId: string, options?: CallOptions): Promise<ScimUser> {
    const path = { user_id: requireId(userId, 'userId') };
    const client = this.api();
    return unwrap(
      client.raw.GET('/Users/{user_id}', { params: { path }, ...client.call(options) }),
    );
  }

  /** Replaces a user (PUT): attributes left out are cleared. */
  async replace(userId: string, user: ScimUserInput, options?: CallOptions): Promise<ScimUser> {
    const path = { user_id: requireId(userId, 'userId') };
    const body = userBody(user);
    const client = this.api();
    return unwrap(
      client.raw.PUT('/Users/{user_id}', { params: { path }, body, ...client.call(options) }),
    );
  }

  /**
   * Patches a user with `add` and `replace` operations (the only ones supported). Not atomic:
   * a request with several operations can be partly applied.
   */
  async patch(
    userId: string,
    operations: readonly ScimUserPatchOperation[],
    options?: CallOptions,
  ): Promise<ScimUser> {
    const path = { user_id: requireId(userId, 'userId') };
    if (!Array.isArray(operations) || operations.length === 0)
      throw new ValidationError('operations', 'must hold at least one operation');
    operations.forEach((operation, i) => {
      requireObject(operation, `operations[${i}]`);
      if (operation.op !== 'add' && operation.op !== 'replace')
        throw new ValidationError(`operations[${i}].op`, 'must be "add" or "replace"');
    });
    const body = { schemas: [PATCH_OP] as [typeof PATCH_OP], Operations: [...operations] };
    const client = this.api();
    return unwrap(
      client.raw.PATCH('/Users/{user_id}', { params: { path }, body, ...client.call(options) }),
    );
  }

  /** Deletes a user. */
  async delete(userId: string, options?: CallOptions): Promise<void> {
    const path = { user_id: requireId(userId, 'userId') };
    const client = this.api();
    await unwrap(
      client.raw.DELETE('/Users/{user_id}', { params: { path }, ...client.call(options) }),
    );
  }

  private async fetch(query: Query, options?: CallOptions): Promise<ScimUserListResponse> {
    const client = this.api();
    return unwrap(client.raw.GET('/Users', { params: { query }, ...client.call(options) }));
  }
}

function usersFilter(filter: ScimUserFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  requireObject(filter, 'filter');
  return scimFilter(filter.attribute, ['userName', 'externalId'], filter.operator, filter.value);
}

function userBody(user: ScimUserInput): ScimUser {
  requireObject(user, 'user');
  requireId(user.userName, 'userName');
  const schemas: ScimUser['schemas'] =
    user.schemas ?? (ENTERPRISE_USER in user ? [CORE_USER, ENTERPRISE_USER] : [CORE_USER]);
  return { ...user, schemas };
}
