// Native directory users (`/v2/users`): create (with the e-mail address the enrolment e-mail goes
// to), get, update, delete, list, and the groups a user is a direct member of.
import type { ListOptions, Paginator } from '@x/runtime';
import type { WorkforceApi } from '../api.js';
import { crudResource } from '../resource.js';
import { native } from './description.js';
import {
  groupPages,
  PAGE_PARAMS,
  type PageParams,
  pageQuery,
  type UserListParams,
  userPages,
} from './lists.js';
import type { Group, GroupList, UserCreate, UserUpdate } from './types.js';
import { USER_FIELDS } from './types.js';

const USER = native<UserCreate, UserUpdate, UserListParams>('user', USER_FIELDS);
const PATHS = {
  collection: '/v2/users',
  item: '/v2/users/{user_id}',
  groups: '/v2/users/{user_id}/groups',
} as const;

/**
 * Native directory users (`/v2/users`): create, get, update, delete, list, and a user's groups
 * (`users.groups.list(userId)`).
 * Creating one sends the enrolment e-mail to its `email_address`; the new user is `ACTIVE`. A user
 * provisioned through SCIM (`source: 'scim'`) is deprovisioned with `scim.users.delete`.
 * @example
 * const ada = await workforce.users.create({ username: 'ada', email_address: 'ada@example.com' });
 * for await (const user of workforce.users.list({ filter: userFilter.username.sw('a') })) …
 */
export class Users extends crudResource(PATHS, { ...USER, pages: userPages }) {
  /** The groups a user is a direct member of: `users.groups.list(userId)`. */
  readonly groups = new UserGroups(this.api);

  /** @deprecated Use `users.groups.list(userId, params)`. Removed in the next minor. */
  listGroups(
    userId: string,
    params?: PageParams,
    options?: ListOptions,
  ): Paginator<Group, GroupList> {
    this.api.deprecated('users.listGroups', 'users.groups.list');
    return this.groups.list(userId, params, options);
  }
}

/** The groups users are direct members of: `workforce.users.groups.list(userId)`. */
export class UserGroups {
  /** @internal */
  constructor(private readonly api: WorkforceApi) {}

  /** The groups the user is a direct member of (indirect memberships are not included). */
  list(
    userId: string,
    params: PageParams = {},
    options?: ListOptions,
  ): Paginator<Group, GroupList> {
    // Built inside the list, so that bad parameters reject the list instead of throwing here.
    const init = () => ({
      path: { user_id: userId },
      query: pageQuery(this.api.wireParams(params, PAGE_PARAMS)),
    });
    return this.api.list(PATHS.groups, groupPages, init, options);
  }
}
