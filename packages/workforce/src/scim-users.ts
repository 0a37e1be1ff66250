import {
  type ApiClient,
  type CallOptions,
  type Paginator,
  scimPaginator,
  unwrap,
  ValidationError,
} from '@x/runtime';
import { type FilterInput, filterText } from './filter/filter.js';
import type { components, paths } from './generated/schema.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-options.js';
import { integerInRange, requireId, requireObject } from './validation.js';

/** A user of the SCIM set (core schema `urn:ietf:params:scim:schemas:core:2.0:User`). */
export type ScimUser = components['schemas']['ScimUser'];
/** A SCIM list response of users (RFC 7644 section 3.4.2). */
export type ScimUserPage = components['schemas']['ScimListResponse'];

/** The core User schema URN, the only one the server accepts. */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

/**
 * A SCIM user to create: the writable attributes. `schemas` defaults to the core User schema.
 * Only one e-mail address is supported and it must be marked `primary`.
 */
export type ScimUserInput = Omit<ScimUser, 'id' | 'groups' | 'meta' | 'schemas'> & {
  schemas?: ScimUser['schemas'];
};

/** Which SCIM users to list (`scim.users.list`). */
export interface ScimUserQuery {
  /** `scimUserFilter.…` (`eq`/`ne` on `userName` and `externalId`) or raw filter text. */
  filter?: FilterInput<'scimUsers'>;
  /** Users per request, 1 to 1000. Default 100; always sent (without it the server returns none). */
  count?: number;
  /** 1-based index of the first user. Default 1. */
  startIndex?: number;
}

/** Paging options of the SCIM users iterator. */
export interface ScimUserListOptions extends ScimUserQuery {
  /** Fetch the next page while the current one is worked through. Default false. */
  prefetch?: boolean;
}

/** SCIM users (`/scim/v2/Users`, RFC 7644). Errors carry the SCIM error object in `scim`. */
export class ScimUsers {
  constructor(private readonly client: ApiClient<paths>) {}

  /** Provisions a user (RFC 7644 section 3.3). @throws BadRequestError with `scim.scimType`. */
  async create(user: ScimUserInput, options?: CallOptions): Promise<ScimUser> {
    requireObject(user, 'user');
    for (const key of ['externalId', 'userName', 'displayName'] as const)
      if (typeof user[key] !== 'string' || user[key] === '')
        throw new ValidationError(`user.${key}`, 'must be a non-empty string');
    if (typeof user.active !== 'boolean')
      throw new ValidationError('user.active', 'must be a boolean');
    if (!Array.isArray(user.emails) || user.emails.length === 0)
      throw new ValidationError('user.emails', 'must hold at least one address');
    const body: ScimUser = { ...user, schemas: user.schemas ?? [SCIM_USER_SCHEMA] };
    return unwrap(
      this.client.raw.POST('/scim/v2/Users', {
        body,
        ...this.client.call(withScimContentType(options)),
      }),
    );
  }

  /** Returns one SCIM user by its SCIM `id`. @throws NotFoundError with `scim.detail`. */
  async get(userId: string, options?: CallOptions): Promise<ScimUser> {
    return unwrap(
      this.client.raw.GET('/scim/v2/Users/{user_id}', {
        params: { path: { user_id: requireId(userId, 'userId') } },
        ...this.client.call(options),
      }),
    );
  }

  /** Every matching SCIM user, fetched `count` at a time as you iterate. The order is undefined. */
  list(
    query?: ScimUserListOptions,
    options?: CallOptions,
  ): Paginator<ScimUser, ScimUserPage, number> {
    const { filter, count, startIndex } = scimParams(query);
    return scimPaginator<ScimUser, ScimUserPage>(
      (page, _signal, call) => this.fetchPage({ filter, ...page }, call),
      { count, startIndex, prefetch: query?.prefetch === true, call: options ?? {} },
    );
  }

  /** One SCIM list response: `{ totalResults, startIndex, itemsPerPage, Resources }`. */
  async listPage(query?: ScimUserQuery, options?: CallOptions): Promise<ScimUserPage> {
    return this.fetchPage(scimParams(query), options);
  }

  private fetchPage(
    query: { filter: string | undefined; count: number; startIndex: number },
    options: CallOptions | undefined,
  ): Promise<ScimUserPage> {
    return unwrap(
      this.client.raw.GET('/scim/v2/Users', { params: { query }, ...this.client.call(options) }),
    );
  }
}

function scimParams(query: ScimUserQuery | undefined) {
  return {
    filter: filterText(query?.filter),
    count: integerInRange(query?.count, 'count', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    startIndex: integerInRange(query?.startIndex, 'startIndex', 1, Number.MAX_SAFE_INTEGER, 1),
  };
}

/** SCIM clients send `application/scim+json` (RFC 7644 section 3.1) unless told otherwise. */
function withScimContentType(options: CallOptions | undefined): CallOptions {
  return {
    ...options,
    headers: { 'Content-Type': 'application/scim+json', ...options?.headers },
  };
}
