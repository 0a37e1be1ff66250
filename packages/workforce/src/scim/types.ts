// The SCIM server's resources (RFC 7643) as it returns them and as they are written to it, from
// the spec's components. Response types keep the values the platform may extend open (`schemas`
// URNs, member and membership types); request types are closed.
import type { components } from '../generated/schema.js';
import type { Input, Spec } from '../input.js';
import type { ScimListParams } from './lists.js';

type Schemas = components['schemas'];

/** A field the SDK fills in when it is left out. */
type WithDefault<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * A SCIM user as returned: `schemas`, `id`, `active` and `meta` are always there; `userName` and
 * `displayName` may be absent for a user made through `/v2` without them. `schemas` may name URNs
 * the platform adds later.
 */
export interface ScimUser extends Spec<Schemas['ScimUser']> {}
/** A SCIM list response of users: `{ schemas, totalResults, startIndex, itemsPerPage, Resources }`. */
export interface ScimUserList extends Spec<Schemas['ScimUserList']> {}
/**
 * A user to provision: `externalId`, `userName`, `displayName`, `active` and `emails` (one
 * address, marked `primary`) are required. `schemas` defaults to the core User schema, the only
 * one accepted.
 */
export interface ScimUserCreate
  extends Spec<Input<WithDefault<Schemas['ScimUserCreate'], 'schemas'>>> {}
/** The complete writable user of a replace (SCIM PUT): attributes left out are cleared. */
export interface ScimUserReplace
  extends Spec<Input<WithDefault<Schemas['ScimUserReplace'], 'schemas'>>> {}
/** One PATCH operation on a user: `add` or `replace` (no `remove`), with a `value` object. */
export interface ScimUserPatchOperation extends Spec<Input<Schemas['ScimUserPatchOperation']>> {}
/** Which SCIM users to list: `scimUserFilter` (`eq`/`ne` on `userName` and `externalId`), `count`, `startIndex`. */
export type ScimUserListParams = ScimListParams<'scimUsers'>;

/**
 * A SCIM group as returned: `schemas`, `id`, `displayName` and `meta` are always there; the
 * vendor extension holds the `description`.
 */
export interface ScimGroup extends Spec<Schemas['ScimGroup']> {}
/** A member of a SCIM group as returned: `value` (its id), `type` (`User`, `Group`, …), `display`. */
export interface ScimGroupMember extends Spec<Schemas['ScimGroupMember']> {}
/** A SCIM list response of groups. */
export interface ScimGroupList extends Spec<Schemas['ScimGroupList']> {}
/** A member to put in a group: its id in `value`, and `type` `User` or `Group`. */
export interface ScimGroupMemberCreate extends Spec<Input<Schemas['ScimGroupMemberCreate']>> {}
/**
 * A group to provision: `displayName` (required), `members`, and the vendor extension's
 * `description` (at most 300 characters, none of `{}[]<>;:?\/|*^%$#=~`, backtick or `!`).
 * `schemas` defaults to the core Group schema, with the vendor extension when it is used.
 */
export interface ScimGroupCreate
  extends Spec<Input<WithDefault<Schemas['ScimGroupCreate'], 'schemas'>>> {}
/**
 * One PATCH operation on a group, as the platform allows them: `replace` changes `displayName`;
 * `add` adds any number of `members`; `remove` removes one member (batch remove is unsupported).
 * A name change and a membership change are separate operations.
 */
export type ScimGroupPatchOperation =
  | { op: 'replace'; path?: 'displayName' | undefined; value: { displayName: string } }
  | {
      op: 'add';
      path?: 'members' | undefined;
      value: { members: readonly ScimGroupMemberCreate[] };
    }
  | {
      op: 'remove';
      path?: 'members' | undefined;
      value: { members: readonly [{ value: string }] };
    };
/** Which SCIM groups to list: `scimGroupFilter` (`eq`/`ne` on `displayName`), `count`, `startIndex`. */
export type ScimGroupListParams = ScimListParams<'scimGroups'>;

/** A SCIM list response of the resource types the server serves (`User`, `Group`). */
export interface ScimResourceTypeList extends Spec<Schemas['ScimResourceTypeList']> {}
/** A resource type: its endpoint, core schema and schema extensions. */
export interface ScimResourceType extends Spec<Schemas['ScimResourceType']> {}
/** A SCIM list response of the schemas of the resources the server serves. */
export interface ScimSchemaList extends Spec<Schemas['ScimSchemaList']> {}
/** A schema and its attributes (RFC 7643 section 7). */
export interface ScimSchema extends Spec<Schemas['ScimSchema']> {}
/** What the server supports (RFC 7643 section 5): patch and filter; not bulk, sort or ETags. */
export interface ScimServiceProviderConfig extends Spec<Schemas['ScimServiceProviderConfig']> {}
