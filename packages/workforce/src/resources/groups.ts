// Native directory groups (`/v2/groups`) and their members. Membership changes take any number of
// user ids: the runtime deduplicates them and sends at most 1000 per request, in order.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { crudResource } from '../resource.js';
import { native } from './description.js';
import {
  type GroupListParams,
  groupPages,
  listQuery,
  type UserListParams,
  userPages,
} from './lists.js';
import type { Group, GroupCreate, GroupUpdate, User, UserList } from './types.js';
import { GROUP_FIELDS } from './types.js';

const GROUP = native<GroupCreate, GroupUpdate, GroupListParams>('group', GROUP_FIELDS);
const PATHS = {
  collection: '/v2/groups',
  item: '/v2/groups/{group_id}',
  members: '/v2/groups/{group_id}:listUsers',
  addMembers: '/v2/groups/{group_id}:addUsers',
  removeMembers: '/v2/groups/{group_id}:deleteUsers',
} as const;

/**
 * Native directory groups (`/v2/groups`) and their members: create, get, update, delete, list,
 * `addMembers`, `removeMembers`, `listMembers`. A group's name is unique (ConflictError); lists
 * leave permission groups out, and addressing one gives ForbiddenError.
 */
export class Groups extends crudResource(PATHS, { ...GROUP, pages: groupPages }) {
  /**
   * Adds users to the group. Any number of ids: duplicates are dropped and the rest is sent in
   * requests of at most 1000, one after another; users already in the group are ignored.
   * Returns the group as the last request returned it.
   * @throws ValidationError naming `userIds` (or `userIds[i]`), before anything is sent; the
   * failed request's own error (NotFoundError, ForbiddenError, …) with `batch`: the chunk that
   * failed, the ids that succeeded before it and those not attempted. Sending them again is safe.
   */
  addMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.changeMembers(PATHS.addMembers, groupId, userIds, options);
  }

  /**
   * Removes users from the group, in requests of at most 1000 unique ids like `addMembers`;
   * users not in the group are ignored. Returns the group as the last request returned it.
   * @throws as `addMembers`.
   */
  removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.changeMembers(PATHS.removeMembers, groupId, userIds, options);
  }

  /** The group's members, with the users list's filter and sort fields. */
  listMembers(
    groupId: string,
    params: UserListParams = {},
    options?: ListOptions,
  ): Paginator<User, UserList> {
    const init = () => ({ path: { group_id: groupId }, query: listQuery(params) });
    return this.api.list(PATHS.members, userPages, init, options);
  }

  /** @deprecated Use addMembers. Removed in the next minor. */
  addUsers(groupId: string, userIds: readonly string[], options?: CallOptions): ApiPromise<Group> {
    return this.addMembers(groupId, userIds, options);
  }

  /** @deprecated Use removeMembers. Removed in the next minor. */
  removeUsers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    return this.removeMembers(groupId, userIds, options);
  }

  /** @deprecated Use listMembers. Removed in the next minor. */
  listUsers(
    groupId: string,
    params?: UserListParams,
    options?: ListOptions,
  ): Paginator<User, UserList> {
    return this.listMembers(groupId, params, options);
  }

  // One request per chunk; `id` repeats the path's group, as the published body has it.
  private changeMembers(
    path: typeof PATHS.addMembers | typeof PATHS.removeMembers,
    groupId: string,
    userIds: readonly string[],
    options: CallOptions | undefined,
  ): ApiPromise<Group> {
    return (
      this.api
        .batch(
          userIds,
          (user_ids) => {
            const init = { path: { group_id: groupId }, body: { id: groupId, user_ids } };
            return this.api.post(path, init, options);
          },
          { field: 'userIds' },
        )
        // The batch refuses an empty list, so there is always a last result.
        .map((results) => results[results.length - 1]!)
    );
  }
}
