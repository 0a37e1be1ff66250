// Native directory groups (`/v2/groups`) and their members (`groups.members`).
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import type { WorkforceApi } from '../api.js';
import { crudResource } from '../resource.js';
import { native } from './description.js';
import {
  FILTERED_LIST_PARAMS,
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
 * Native directory groups (`/v2/groups`): create, get, update, delete, list, and their members
 * (`groups.members.add`, `remove`, `list`). A group's name is unique (ConflictError); lists leave
 * permission groups out, and addressing one gives ForbiddenError.
 */
export class Groups extends crudResource(PATHS, { ...GROUP, pages: groupPages }) {
  /** A group's members (users): `groups.members.add(groupId, userIds)`, remove, list. */
  readonly members = new GroupMembers(this.api);

  /** @deprecated Use `groups.members.add(groupId, userIds)`. Removed in the next minor. */
  addMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    this.api.deprecated('groups.addMembers', 'groups.members.add');
    return this.members.add(groupId, userIds, options);
  }

  /** @deprecated Use `groups.members.remove(groupId, userIds)`. Removed in the next minor. */
  removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    this.api.deprecated('groups.removeMembers', 'groups.members.remove');
    return this.members.remove(groupId, userIds, options);
  }

  /** @deprecated Use `groups.members.list(groupId, params)`. Removed in the next minor. */
  listMembers(
    groupId: string,
    params?: UserListParams,
    options?: ListOptions,
  ): Paginator<User, UserList> {
    this.api.deprecated('groups.listMembers', 'groups.members.list');
    return this.members.list(groupId, params, options);
  }

  /** @deprecated Use `groups.members.add(groupId, userIds)`. Removed in the next minor. */
  addUsers(groupId: string, userIds: readonly string[], options?: CallOptions): ApiPromise<Group> {
    this.api.deprecated('groups.addUsers', 'groups.members.add');
    return this.members.add(groupId, userIds, options);
  }

  /** @deprecated Use `groups.members.remove(groupId, userIds)`. Removed in the next minor. */
  removeUsers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<Group> {
    this.api.deprecated('groups.removeUsers', 'groups.members.remove');
    return this.members.remove(groupId, userIds, options);
  }

  /** @deprecated Use `groups.members.list(groupId, params)`. Removed in the next minor. */
  listUsers(
    groupId: string,
    params?: UserListParams,
    options?: ListOptions,
  ): Paginator<User, UserList> {
    this.api.deprecated('groups.listUsers', 'groups.members.list');
    return this.members.list(groupId, params, options);
  }
}

/**
 * The members (users) of native groups: `workforce.groups.members.add(groupId, userIds)`, remove,
 * list. Each call names the group first. Membership changes take any number of user ids: the
 * runtime deduplicates them and sends at most 1000 per request, in order.
 */
export class GroupMembers {
  /** @internal */
  constructor(private readonly api: WorkforceApi) {}

  /**
   * Adds users to the group. Any number of ids: duplicates are dropped and the rest is sent in
   * requests of at most 1000, one after another; users already in the group are ignored.
   * Returns the group as the last request returned it.
   * @throws ValidationError naming `userIds` (or `userIds[i]`), before anything is sent; the
   * failed request's own error (NotFoundError, ForbiddenError, …) with `batch`: the chunk that
   * failed, the ids that succeeded before it and those not attempted. Sending them again is safe.
   */
  add(groupId: string, userIds: readonly string[], options?: CallOptions): ApiPromise<Group> {
    return this.change(PATHS.addMembers, groupId, userIds, options);
  }

  /**
   * Removes users from the group, in requests of at most 1000 unique ids like `add`; users not in
   * the group are ignored. Returns the group as the last request returned it.
   * @throws as `add`.
   */
  remove(groupId: string, userIds: readonly string[], options?: CallOptions): ApiPromise<Group> {
    return this.change(PATHS.removeMembers, groupId, userIds, options);
  }

  /** The group's members, with the users list's filter and sort fields. */
  list(
    groupId: string,
    params: UserListParams = {},
    options?: ListOptions,
  ): Paginator<User, UserList> {
    const init = () => ({
      path: { group_id: groupId },
      query: listQuery(this.api.wireParams(params, FILTERED_LIST_PARAMS)),
    });
    return this.api.list(PATHS.members, userPages, init, options);
  }

  // One request per chunk; `id` repeats the path's group, as the published body has it.
  private change(
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
