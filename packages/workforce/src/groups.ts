import { type ApiClient, type CallOptions, type Paginator, runBatches, unwrap } from '@x/runtime';
import { type FilterInput, filterText } from './filter/filter.js';
import { type OrderByInput, orderByText } from './filter/order-by.js';
import type { components, paths } from './generated/schema.js';
import { type ListOptions, offsetList, type PageQuery, pageParams } from './list-options.js';
import { type User, type UserPage, type UserQuery, userListParams } from './users.js';
import { checkOptionalStrings, requireId, requireObject } from './validation.js';

/** A group of the native directory. `member_count` is present in list responses only. */
export type Group = components['schemas']['Group'];
/** Writable fields of a group: `name` (unique in the tenant) and `description`. */
export type GroupInput = components['schemas']['GroupInput'];
/** One page of groups, with the total number of matching groups. */
export type GroupPage = components['schemas']['GroupList'];

/** Which groups to list and in which order (`groups.list`). */
export interface GroupQuery {
  /** `groupFilter.…` or raw filter text. */
  filter?: FilterInput<'groups'>;
  /** `groupOrderBy.…` or raw `order_by` text. Default: ascending `create_time`. */
  orderBy?: OrderByInput<'groups'>;
}

const GROUP_FIELDS = ['name', 'description'] as const;

function groupListParams(query: (GroupQuery & PageQuery) | undefined) {
  return {
    ...pageParams(query),
    filter: filterText(query?.filter),
    order_by: orderByText(query?.orderBy),
  };
}

/**
 * Native directory groups and their members (`/v2/groups`). Permission groups are left out of
 * lists, and addressing one gives ForbiddenError.
 */
export class Groups {
  constructor(private readonly client: ApiClient<paths>) {}

  /**
   * Creates a group.
   * @throws ConflictError when the name is taken; ForbiddenError for a permission group's name.
   */
  async create(group: GroupInput, options?: CallOptions): Promise<Group> {
    requireObject(group, 'group');
    checkOptionalStrings(group, GROUP_FIELDS, 'group');
    return unwrap(
      this.client.raw.POST('/v2/groups', { body: { group }, ...this.client.call(options) }),
    );
  }

  /** Returns one group. @throws NotFoundError when there is no such group. */
  async get(groupId: string, options?: CallOptions): Promise<Group> {
    return unwrap(
      this.client.raw.GET('/v2/groups/{group_id}', {
        params: { path: { group_id: requireId(groupId, 'groupId') } },
        ...this.client.call(options),
      }),
    );
  }

  /** Partial update: only the fields given change. @throws ConflictError when the name is taken. */
  async update(groupId: string, changes: GroupInput, options?: CallOptions): Promise<Group> {
    const group_id = requireId(groupId, 'groupId');
    requireObject(changes, 'changes');
    checkOptionalStrings(changes, GROUP_FIELDS, 'changes');
    return unwrap(
      this.client.raw.PATCH('/v2/groups/{group_id}', {
        params: { path: { group_id } },
        body: { group: changes },
        ...this.client.call(options),
      }),
    );
  }

  /** Deletes a group. */
  async delete(groupId: string, options?: CallOptions): Promise<void> {
    await this.client.raw.DELETE('/v2/groups/{group_id}', {
      params: { path: { group_id: requireId(groupId, 'groupId') } },
      ...this.client.call(options),
    });
  }

  /** Every matching group (permission groups excluded), fetched page by page as you iterate. */
  list(
    query?: GroupQuery & ListOptions,
    options?: CallOptions,
  ): Paginator<Group, GroupPage, number> {
    const { filter, order_by } = groupListParams(query);
    return offsetList(
      query,
      options,
      (page, call) => this.fetchPage({ ...page, filter, order_by }, call),
      (page) => page.groups,
    );
  }

  /** One page of groups: `{ groups, total_size }`, each with `member_count`. */
  async listPage(query?: GroupQuery & PageQuery, options?: CallOptions): Promise<GroupPage> {
    return this.fetchPage(groupListParams(query), options);
  }

  /** Every matching member of the group, with the users list's filter and sort fields. */
  listUsers(
    groupId: string,
    query?: UserQuery & ListOptions,
    options?: CallOptions,
  ): Paginator<User, UserPage, number> {
    const group_id = requireId(groupId, 'groupId');
    const { filter, order_by } = userListParams(query);
    return offsetList(
      query,
      options,
      (page, call) => this.fetchUsersPage(group_id, { ...page, filter, order_by }, call),
      (page) => page.users,
    );
  }

  /** One page of the group's members: `{ users, total_size }`. */
  async listUsersPage(
    groupId: string,
    query?: UserQuery & PageQuery,
    options?: CallOptions,
  ): Promise<UserPage> {
    return this.fetchUsersPage(requireId(groupId, 'groupId'), userListParams(query), options);
  }

  /**
   * Adds users to the group. Any number of ids: duplicates are dropped and the rest is sent in
   * requests of at most 1000, one after another. Users already in the group are ignored.
   * Returns the group as the last request returned it.
   * @throws BatchError (from `@x/runtime`) naming the failed chunk, what succeeded before it and
   * what was not attempted; its `cause` is the API error.
   */
  async addUsers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): Promise<Group> {
    return this.changeMembers('/v2/groups/{group_id}:addUsers', groupId, userIds, options);
  }

  /**
   * Removes users from the group, in requests of at most 1000 unique ids like `addUsers`.
   * Users not in the group are ignored. Returns the group as the last request returned it.
   * @throws BatchError naming the failed chunk.
   */
  async removeUsers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): Promise<Group> {
    return this.changeMembers('/v2/groups/{group_id}:deleteUsers', groupId, userIds, options);
  }

  private async changeMembers(
    path: '/v2/groups/{group_id}:addUsers' | '/v2/groups/{group_id}:deleteUsers',
    groupId: string,
    userIds: readonly string[],
    options: CallOptions | undefined,
  ): Promise<Group> {
    const group_id = requireId(groupId, 'groupId');
    const results = await runBatches(
      userIds,
      (user_ids) =>
        unwrap(
          this.client.raw.POST(path, {
            params: { path: { group_id } },
            body: { id: group_id, user_ids },
            ...this.client.call(options),
          }),
        ),
      { field: 'userIds' },
    );
    return results[results.length - 1]!;
  }

  private fetchPage(
    query: ReturnType<typeof groupListParams>,
    options: CallOptions | undefined,
  ): Promise<GroupPage> {
    return unwrap(
      this.client.raw.GET('/v2/groups', { params: { query }, ...this.client.call(options) }),
    );
  }

  private fetchUsersPage(
    group_id: string,
    query: ReturnType<typeof userListParams>,
    options: CallOptions | undefined,
  ): Promise<UserPage> {
    return unwrap(
      this.client.raw.GET('/v2/groups/{group_id}:listUsers', {
        params: { path: { group_id }, query },
        ...this.client.call(options),
      }),
    );
  }
}
