// The users and groups of the native directory: as the API returns them, what is written to
// them, and which of their fields can be written. Shared by the users and groups resources (a
// user's groups, a group's members), so they live in this leaf module.
import type { Fields } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input, Spec } from '../input.js';

/**
 * A user of the native directory. `id`, `tenant_id`, `create_time`, `update_time` and `state`
 * are always returned.
 */
export interface User extends Spec<components['schemas']['User']> {}
/** `ACTIVE` (a new user), `SUSPENDED` or `DELETED`: the published set is complete. */
export type UserState = components['schemas']['UserState'];
/** A page of users as the server sends it: `{ users, total_size }`. */
export interface UserList extends Spec<components['schemas']['UserList']> {}
/**
 * A group of the native directory. `id`, `tenant_id`, `create_time` and `update_time` are always
 * returned; `member_count` only in lists.
 */
export interface Group extends Spec<components['schemas']['Group']> {}
/** A page of groups as the server sends it: `{ groups, total_size }`. */
export interface GroupList extends Spec<components['schemas']['GroupList']> {}

/**
 * A user to create. The enrolment e-mail goes to `email_address`. Which fields the platform
 * requires is not published, so none is required here.
 */
export interface UserCreate extends Spec<Input<components['schemas']['UserCreate']>> {}
/** The fields of a user to change; omitted fields stay as they are. No read-only field. */
export interface UserUpdate extends Spec<Input<components['schemas']['UserUpdate']>> {}
/** A group to create: `name` (unique in the tenant) and `description`. */
export interface GroupCreate extends Spec<Input<components['schemas']['GroupCreate']>> {}
/** The fields of a group to change; omitted fields stay as they are. No read-only field. */
export interface GroupUpdate extends Spec<Input<components['schemas']['GroupUpdate']>> {}

/** The fields of a user body: the writable ones, and those of a user read back that are not. */
export const USER_FIELDS: Fields<keyof components['schemas']['UserCreate']> = {
  writable: ['external_id', 'email_address', 'username', 'display_name'],
  readOnly: [
    'id',
    'tenant_id',
    'create_time',
    'update_time',
    'last_auth_time',
    'state',
    'source',
    'has_active_passkey',
  ],
};

/** The fields of a group body: the writable ones, and those of a group read back that are not. */
export const GROUP_FIELDS: Fields<keyof components['schemas']['GroupCreate']> = {
  writable: ['name', 'description'],
  readOnly: ['id', 'tenant_id', 'create_time', 'update_time', 'source', 'member_count'],
};
