// SCIM groups (`/scim/v2/Groups`, RFC 7644): provision, read, list, patch (name or members) and
// delete. Only groups created through SCIM can be managed here.
import { type ApiPromise, type CallOptions, ValidationError } from '@x/runtime';
import {
  optionalEnum,
  requireEnum,
  requireId,
  requireRecord,
  requireString,
  scimPaging,
} from '@x/runtime/internal';
import { requireList, stringFields, unknownFields, vendorDescription } from '../checks.js';
import type { components } from '../generated/schema.js';
import { scimResource } from '../resource.js';
import { scim } from './description.js';
import type { PatchOperation } from './patch.js';
import type {
  ScimGroup,
  ScimGroupCreate,
  ScimGroupList,
  ScimGroupMemberCreate,
  ScimGroupPatchOperation,
} from './types.js';
import { SCIM_GROUP_EXTENSION, SCIM_GROUP_SCHEMA } from './urns.js';

type Schemas = components['schemas'];

const GROUP = scim<ScimGroupCreate, ScimGroupPatchOperation, 'scimGroups'>(
  groupBody,
  ['add', 'remove', 'replace'],
  groupRule,
);
const PATHS = {
  collection: '/scim/v2/Groups',
  item: '/scim/v2/Groups/{group_id}',
} as const;

/**
 * SCIM groups (`/scim/v2/Groups`): create, get, list, patch, delete, and `addMembers` /
 * `removeMembers` over PATCH. A PATCH follows the platform's rules, checked before sending:
 * `replace` changes `displayName`, `add` and `remove` change `members` (one member per
 * `remove`), and a name change and a membership change are separate operations. Member changes
 * are not reflected in the group a PATCH returns. Only groups created through SCIM can be
 * managed here; a duplicate gives ConflictError.
 * @example
 * await workforce.scim.groups.patch(id, [{ op: 'replace', value: { displayName: 'Platform' } }]);
 */
export class ScimGroups extends scimResource(PATHS, {
  ...GROUP,
  pages: scimPaging<ScimGroupList>(),
}) {
  /**
   * Adds users (by SCIM id) to the group: one `add` operation per request of at most 1000
   * unique ids. Returns the group as the last request returned it (without the member change).
   * @throws ValidationError naming `userIds` (or `userIds[i]`), before anything is sent; the
   * failed request's own error with `batch` (its ids, those done before, those not tried).
   */
  addMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<ScimGroup> {
    return this.#inChunks(userIds, (ids) => this.patch(groupId, [addition(ids)], options));
  }

  /**
   * Removes users (by SCIM id) from the group. Batch remove is unsupported, so each id is a
   * `remove` operation of its own, sent in requests of at most 1000 operations.
   * @throws as `addMembers`.
   */
  removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions,
  ): ApiPromise<ScimGroup> {
    return this.#inChunks(userIds, (ids) => this.patch(groupId, ids.map(removal), options));
  }

  // Chunks of at most 1000 unique ids, in order; the last answer is the group as it was left.
  #inChunks(
    userIds: readonly string[],
    send: (ids: string[]) => ApiPromise<ScimGroup>,
  ): ApiPromise<ScimGroup> {
    return this.api
      .batch(userIds, send, { field: 'userIds' })
      .map((results) => results[results.length - 1]!);
  }
}

const FIELDS = {
  writable: ['schemas', 'displayName', 'members', SCIM_GROUP_EXTENSION],
  readOnly: ['id', 'meta'],
} as const;
const MEMBER_FIELDS = { writable: ['value', '$ref', 'type', 'display'] } as const;
const MEMBER_TYPES: readonly NonNullable<Schemas['ScimGroupMemberCreate']['type']>[] = [
  'User',
  'Group',
];
const EXTENSION_FIELDS = { writable: ['description'] } as const;

const addition = (ids: readonly string[]): ScimGroupPatchOperation => ({
  op: 'add',
  path: 'members',
  value: { members: ids.map((value): ScimGroupMemberCreate => ({ value, type: 'User' })) },
});
const removal = (value: string): ScimGroupPatchOperation => ({
  op: 'remove',
  path: 'members',
  value: { members: [{ value }] },
});

function groupBody(group: ScimGroupCreate): Schemas['ScimGroupCreate'] {
  const extension = group[SCIM_GROUP_EXTENSION];
  const body: Schemas['ScimGroupCreate'] = {
    ...unknownFields(group, FIELDS, 'group'),
    schemas: groupSchemas(group.schemas, extension !== undefined),
    displayName: requireString(group, 'displayName', 'group'),
  };
  if (group.members !== undefined) {
    if (!Array.isArray(group.members))
      throw new ValidationError('group.members', 'must be an array');
    body.members = group.members.map((member, i) => memberOf(member, `group.members[${i}]`));
  }
  if (extension !== undefined) {
    const field = `group.${SCIM_GROUP_EXTENSION}`;
    const { description, ...unknown } = stringFields(extension, EXTENSION_FIELDS, field);
    body[SCIM_GROUP_EXTENSION] =
      description === undefined
        ? unknown
        : { ...unknown, description: vendorDescription(description, `${field}.description`) };
  }
  return body;
}

/** The core Group schema, and the vendor extension's when its attributes are sent. */
function groupSchemas(schemas: unknown, extended: boolean): Schemas['ScimGroupCreate']['schemas'] {
  const allowed = [SCIM_GROUP_SCHEMA, SCIM_GROUP_EXTENSION] as const;
  if (schemas === undefined) return extended ? [...allowed] : [SCIM_GROUP_SCHEMA];
  const urns = requireList(schemas, 'group.schemas').map((urn, i) =>
    requireEnum(urn, `group.schemas[${i}]`, allowed),
  );
  if (!urns.includes(SCIM_GROUP_SCHEMA))
    throw new ValidationError('group.schemas', `must include ${SCIM_GROUP_SCHEMA}`);
  if (extended && !urns.includes(SCIM_GROUP_EXTENSION))
    throw new ValidationError(
      'group.schemas',
      `must include ${SCIM_GROUP_EXTENSION} when its attributes are sent`,
    );
  return urns;
}

function memberOf(value: unknown, field: string): Schemas['ScimGroupMemberCreate'] {
  const {
    value: id,
    type,
    ...rest
  } = stringFields(requireRecord(value, field), MEMBER_FIELDS, field);
  const member: Schemas['ScimGroupMemberCreate'] = {
    value: requireId(id, `${field}.value`),
    ...rest,
  };
  const kind = optionalEnum(type, `${field}.type`, MEMBER_TYPES);
  if (kind !== undefined) member.type = kind;
  return member;
}

/**
 * The platform's rules of a group PATCH: `replace` changes `displayName` only; `add` and
 * `remove` change `members` only (so a name change and a membership change are separate
 * operations); a `remove` removes one member.
 */
function groupRule(operation: PatchOperation<string>, field: string): void {
  const { op, path, value } = operation;
  const attribute = op === 'replace' ? 'displayName' : 'members';
  if (path !== undefined && path !== attribute)
    throw new ValidationError(`${field}.path`, `must be "${attribute}" for ${op} (or left out)`);
  for (const key of Object.keys(value))
    if (key !== attribute)
      throw new ValidationError(
        `${field}.value.${key}`,
        key === 'displayName' || key === 'members'
          ? 'a name change and a membership change must be separate operations'
          : `is not an attribute ${op} can change here (only ${attribute})`,
      );
  if (op === 'replace') {
    requireId(value.displayName, `${field}.value.displayName`);
    return;
  }
  const members = requireList(value.members, `${field}.value.members`);
  value.members = members.map((member, i) => memberOf(member, `${field}.value.members[${i}]`));
  if (op === 'remove' && members.length > 1)
    throw new ValidationError(
      `${field}.value.members`,
      'batch remove is unsupported: one member per remove operation (removeMembers sends one each)',
    );
}

/** @internal The field tables, for the test that ties them to the spec. */
export {
  EXTENSION_FIELDS as SCIM_GROUP_EXTENSION_FIELDS,
  FIELDS as SCIM_GROUP_FIELDS,
  MEMBER_FIELDS as SCIM_MEMBER_FIELDS,
};
