// A realm's SCIM groups (`/Groups` under the realm's SCIM base): provision, read, list, rename,
// change members and delete. Members are never returned with a group; they are changed with PATCH,
// under the server's rules: `replace` for `displayName`, `add` and `remove` for `members`, a name
// change and a member change never in the same request, and one member per `remove`.
import { type ApiPromise, type CallOptions, ValidationError } from '@x/runtime';
import { isRecord, requireId, requireString } from '@x/runtime/internal';
import type { AccessScimApi } from '../api.js';
import { description, nested, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { anyValue } from '../shape-checks.js';
import { ScimCollection } from './collection.js';
import { groupFilterText, type ScimGroupFilter } from './filter.js';
import type { ScimListParams } from './lists.js';
import { type PatchOperation, patchRequest } from './patch.js';
import { resourceBody } from './resource-body.js';
import { GROUP_SCHEMAS, VENDOR_GROUP } from './urns.js';

type Schemas = components['schemas'];

/**
 * A SCIM group as returned: `schemas`, `id`, `displayName` and `meta` are always there, members
 * never. The vendor extension holds the `description`.
 */
export type ScimGroup = Schemas['ScimGroup'];
/** A SCIM list response of groups (without members). */
export type ScimGroupList = Schemas['ScimGroupList'];
/**
 * A group to provision: `displayName` (required) and the vendor extension's `description` (at
 * most 300 characters, the display name character rule). `schemas` defaults to the core Group
 * schema, with the vendor extension when it is used.
 */
export type ScimGroupCreate = Input<
  Omit<Schemas['ScimGroupCreate'], 'schemas'> & Partial<Pick<Schemas['ScimGroupCreate'], 'schemas'>>
>;
/** A member in a group PATCH: the SCIM id of a user (its identity id). */
export interface ScimMemberRef {
  /** The user's SCIM id. */
  value: string;
  /** The user's name, for display. */
  display?: string | undefined;
}
/**
 * One PATCH operation on a group, as the server allows them: `replace` changes `displayName`;
 * `add` adds any number of `members`; `remove` removes one member (batch remove is unsupported).
 * The attribute is named by `path` or by the key of `value`.
 */
export type ScimGroupPatchOperation =
  | { op: 'replace'; path: 'displayName'; value: string }
  | { op: 'replace'; path?: undefined; value: { displayName: string } }
  | { op: 'add'; path: 'members'; value: readonly ScimMemberRef[] }
  | { op: 'add'; path?: undefined; value: { members: readonly ScimMemberRef[] } }
  | { op: 'remove'; path: 'members'; value: readonly [ScimMemberRef] }
  | { op: 'remove'; path?: undefined; value: { members: readonly [ScimMemberRef] } };
/** Which SCIM groups to list: `filter` (`eq`/`ne` on `displayName`), `count`, `startIndex`. */
export type ScimGroupListParams = ScimListParams<ScimGroupFilter>;

/** The collection and one resource of it. */
const GROUP_PATHS = ['/Groups', '/Groups/{group_id}'] as const;
const FIELDS = {
  writable: {
    // Checked with the extension's attributes in mind, below.
    schemas: anyValue,
    displayName: text,
    [VENDOR_GROUP]: nested({ writable: { description } }),
  },
  readOnly: ['id', 'meta'],
};
const MEMBER = nested({ writable: { value: text, display: text } });
const PATCH_OPS = ['add', 'remove', 'replace'] as const;
type GroupOp = (typeof PATCH_OPS)[number];

/** A realm's SCIM groups (`/Groups`): create, get, list, patch, rename, members, delete. */
export class ScimGroups extends ScimCollection<
  ScimGroup,
  ScimGroupList,
  ScimGroupCreate,
  ScimGroupFilter
> {
  /** @internal */
  constructor(api: AccessScimApi) {
    super(api, {
      paths: GROUP_PATHS,
      body: groupBody,
      filterText: groupFilterText,
    });
  }

  /**
   * Changes the group's name or members (RFC 7644 section 3.5.2), checked against the server's
   * rules before sending: `replace` for `displayName`, `add` and `remove` for `members`, one
   * member per `remove`, and name and member changes in separate requests. Not atomic; member
   * changes are not reflected in the returned group.
   * @throws ValidationError naming `operations[i]…`, before anything is sent.
   * @example
   * await realm.scim.groups.patch(id, [{ op: 'add', path: 'members', value: [{ value: userId }] }]);
   */
  patch(
    groupId: string,
    operations: readonly ScimGroupPatchOperation[],
    options?: CallOptions,
  ): ApiPromise<ScimGroup> {
    return this.#patch(groupId, () => operations, options);
  }

  /** Renames the group: one `replace` of `displayName`. */
  rename(groupId: string, displayName: string, options?: CallOptions): ApiPromise<ScimGroup> {
    const value = () => requireId(displayName, 'displayName');
    return this.#patch(
      groupId,
      () => [{ op: 'replace', path: 'displayName', value: value() }],
      options,
    );
  }

  /**
   * Adds users (by SCIM id) to the group: one `add` of `members` per request of at most 1000
   * unique ids, one request after another. Returns the group as the last request returned it.
   * @throws ValidationError naming `userIds` or `userIds[i]`, before anything is sent; the failed
   * request's own error with `batch` (its ids, those done before, those not tried).
   */
  addMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<ScimGroup> {
    return this.changeMembers(groupId, userIds, 'add', 1000, options);
  }

  /**
   * Removes users (by SCIM id) from the group. The server supports no batch remove, so each user
   * is removed by a request of its own (one `remove` of one member), one after another.
   * @throws as `addMembers`; `batch.chunkIds` names the user whose removal failed.
   */
  removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<ScimGroup> {
    return this.changeMembers(groupId, userIds, 'remove', 1, options);
  }

  /** Sends the operations `operationsOf` gives (inside the call, so its checks reject it). */
  #patch(
    groupId: string,
    operationsOf: () => unknown,
    options: CallOptions | undefined,
  ): ApiPromise<ScimGroup> {
    const init = () => ({ path: { group_id: groupId }, body: groupPatch(operationsOf()) });
    return this.api.patch(GROUP_PATHS[1], init, options);
  }

  /** One request per chunk of `size` ids, each one `op` of `members`. */
  private changeMembers(
    groupId: string,
    userIds: readonly string[],
    op: 'add' | 'remove',
    size: number,
    options: CallOptions | undefined,
  ): ApiPromise<ScimGroup> {
    const members = (ids: string[]) => [
      { op, path: 'members', value: ids.map((value) => ({ value })) },
    ];
    return (
      this.api
        .batch(userIds, (ids) => this.#patch(groupId, () => members(ids), options), {
          field: 'userIds',
          size,
        })
        // The batch refuses an empty list, so there is always a last result.
        .map((results) => results.at(-1)!)
    );
  }
}

function groupBody(group: ScimGroupCreate): Schemas['ScimGroupCreate'] {
  return resourceBody(group, 'group', FIELDS, 'displayName', GROUP_SCHEMAS);
}

/** The PatchOp message of a group, checked against the server's rules. */
function groupPatch(operations: unknown): Schemas['ScimGroupPatchRequest'] {
  const request = patchRequest(operations, PATCH_OPS, groupOperation);
  const renames = request.Operations.filter((operation) => operation.op === 'replace').length;
  if (renames > 0 && renames < request.Operations.length)
    throw new ValidationError(
      'operations',
      'a name change and a member change must be separate requests',
    );
  return request;
}

/**
 * One operation: `replace` changes `displayName` (a non-empty string); `add` and `remove` change
 * `members` (a list of `{ value }`), a `remove` one member only.
 */
function groupOperation(operation: PatchOperation<GroupOp>, field: string): void {
  const attribute = operation.op === 'replace' ? 'displayName' : 'members';
  let value = operation.value;
  let at = `${field}.value`;
  if (operation.path === undefined) {
    // The attribute is the key of `value`: `{ displayName }` or `{ members }`.
    if (!isRecord(value))
      throw new ValidationError(at, `must be { ${attribute}: … } when there is no path`);
    const keys = Object.keys(value);
    const other = keys.find((key) => key !== attribute);
    if (other !== undefined)
      throw new ValidationError(
        `${at}.${other}`,
        other === 'displayName' || other === 'members'
          ? 'a name change and a member change must be separate operations'
          : `is not an attribute ${operation.op} can change here (only ${attribute})`,
      );
    value = value[attribute];
    at = `${at}.${attribute}`;
  } else if (operation.path !== attribute) {
    throw new ValidationError(`${field}.path`, `must be "${attribute}" for ${operation.op}`);
  }
  if (attribute === 'displayName') {
    requireId(value, at);
    return;
  }
  if (!Array.isArray(value) || value.length === 0)
    throw new ValidationError(at, 'must be a non-empty array of { value } members');
  value.forEach((member, i) => {
    MEMBER(member, `${at}[${i}]`);
    requireString(member as object, 'value', `${at}[${i}]`);
  });
  if (operation.op === 'remove' && value.length > 1)
    throw new ValidationError(
      at,
      'the server supports no batch remove: one member per remove (removeMembers sends one each)',
    );
}
