import { type ApiClient, type CallOptions, type Paginator, unwrap } from '@x/runtime';
import { type FilterInput, filterText } from './filter/filter.js';
import { type OrderByInput, orderByText } from './filter/order-by.js';
import type { components, paths } from './generated/schema.js';
import type { Group, GroupPage } from './groups.js';
import { type ListOptions, offsetList, type PageQuery, pageParams } from './list-options.js';
import { checkOptionalStrings, requireId, requireObject } from './validation.js';

/** A user of the native directory. */
export type User = components['schemas']['User'];
/**
 * Writable fields of a user (`external_id`, `username`, `display_name`). Which are required on
 * create, and the field that carries the e-mail address, are not published.
 */
export type UserInput = components['schemas']['UserInput'];
/** One page of users, with the total number of matching users. */
export type UserPage = components['schemas']['UserList'];

/** Which users to list and in which order (`users.list`, `groups.listUsers`). */
export interface UserQuery {
  /** `userFilter.…` or raw filter text. */
  filter?: FilterInput<'users'>;
  /** `userOrderBy.…` or raw `order_by` text. Default: ascending `create_time`. */
  orderBy?: OrderByInput<'users'>;
}

const USER_FIELDS = ['external_id', 'username', 'display_name'] as const;

/** The query parameters of a users list, after checking them. */
export function userListParams(query: (UserQuery & PageQuery) | undefined) {
  return {
    ...pageParams(query),
    filter: filterText(query?.filter),
    order_by: orderByText(query?.orderBy),
  };
}

/** Native directory users (`/v2/users`). */
export class Users {
  constructor(private readonly client: ApiClient<paths>) {}

  /**
   * Creates a user. The platform sends an enrolment e-mail; the new user is `ACTIVE`.
   * @throws BadRequestError (with `fieldViolations`), ConflictError, … from `@x/runtime`.
   */
  async create(user: UserInput, options?: CallOptions): Promise<User> {
    requireObject(user, 'user');
    checkOptionalStrings(user, USER_FIELDS, 'user');
    return unwrap(
      this.client.raw.POST('/v2/users', { body: { user }, ...this.client.call(options) }),
    );
  }

  /**
   * Returns one user.
   * @throws NotFoundError (with `resourceInfo`) when there is no such user.
   */
  async get(userId: string, options?: CallOptions): Promise<User> {
    return unwrap(
      this.client.raw.GET('/v2/users/{user_id}', {
        params: { path: { user_id: requireId(userId, 'userId') } },
        ...this.client.call(options),
      }),
    );
  }

  /** Partial update: only the fields given change. Returns the updated user. */
  async update(userId: string, changes: UserInput, options?: CallOptions): Promise<User> {
    const user_id = requireId(userId, 'userId');
    requireObject(changes, 'changes');
    checkOptionalStrings(changes, USER_FIELDS, 'changes');
    return unwrap(
      this.client.raw.PATCH('/v2/users/{user_id}', {
        params: { path: { user_id } },
        body: { user: changes },
        ...this.client.call(options),
      }),
    );
  }

  /** Deletes a user. */
  async delete(userId: string, options?: CallOptions): Promise<void> {
    await this.client.raw.DELETE('/v2/users/{user_id}', {
      params: { path: { user_id: requireId(userId, 'userId') } },
      ...this.client.call(options),
    });
  }

  /**
   * Every matching user, fetched page by page as you iterate:
   * `for await (const user of workforce.users.list({ filter: userFilter.username.sw('a') }))`.
   * Use `.pages()` for whole pages and `.toArray({ limit })` to collect. Invalid options throw
   * a ValidationError at once.
   */
  list(query?: UserQuery & ListOptions, options?: CallOptions): Paginator<User, UserPage, number> {
    const { filter, order_by } = userListParams(query);
    return offsetList(
      query,
      options,
      (page, call) => this.fetchPage({ ...page, filter, order_by }, call),
      (page) => page.users,
    );
  }

  /** One page of users: `{ users, total_size }`. */
  async listPage(query?: UserQuery & PageQuery, options?: CallOptions): Promise<UserPage> {
    return this.fetchPage(userListParams(query), options);
  }

  /** Every group the user is a direct member of (indirect memberships are not included). */
  listGroups(
    userId: string,
    query?: ListOptions,
    options?: CallOptions,
  ): Paginator<Group, GroupPage, number> {
    const user_id = requireId(userId, 'userId');
    return offsetList(
      query,
      options,
      (page, call) => this.fetchGroupsPage(user_id, page, call),
      (page) => page.groups,
    );
  }

  /** One page of the user's direct groups: `{ groups, total_size }`. */
  async listGroupsPage(
    userId: string,
    query?: PageQuery,
    options?: CallOptions,
  ): Promise<GroupPage> {
    return this.fetchGroupsPage(requireId(userId, 'userId'), pageParams(query), options);
  }

  private fetchPage(
    query: ReturnType<typeof userListParams>,
    options: CallOptions | undefined,
  ): Promise<UserPage> {
    return unwrap(
      this.client.raw.GET('/v2/users', { params: { query }, ...this.client.call(options) }),
    );
  }

  private fetchGroupsPage(
    user_id: string,
    query: { page_size: number; skip: number },
    options: CallOptions | undefined,
  ): Promise<GroupPage> {
    return unwrap(
      this.client.raw.GET('/v2/users/{user_id}/groups', {
        params: { path: { user_id }, query },
        ...this.client.call(options),
      }),
    );
  }
}
