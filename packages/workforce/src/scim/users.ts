// SCIM users (`/scim/v2/Users`, RFC 7644): provision, read, list, replace, patch and deprovision.
// Only users created through SCIM can be managed here. Errors carry the SCIM error object (`scim`).
import type { ApiPromise, CallOptions } from '@x/runtime';
import {
  optionalEnum,
  requireBoolean,
  requireEnum,
  requireId,
  requireRecord,
  requireString,
  scimPaging,
} from '@x/runtime/internal';
import { onePrimary, requireList, stringFields, unknownFields } from '../checks.js';
import type { components } from '../generated/schema.js';
import { scimResource } from '../resource.js';
import { scim } from './description.js';
import type {
  ScimUser,
  ScimUserCreate,
  ScimUserList,
  ScimUserPatchOperation,
  ScimUserReplace,
} from './types.js';
import { SCIM_ENTERPRISE_USER, SCIM_USER_SCHEMA } from './urns.js';

type Schemas = components['schemas'];

const USER = scim<ScimUserCreate, ScimUserPatchOperation, 'scimUsers'>(userBody, [
  'add',
  'replace',
]);
const PATHS = {
  collection: '/scim/v2/Users',
  item: '/scim/v2/Users/{user_id}',
} as const;

/**
 * SCIM users (`/scim/v2/Users`): create, get, list, replace, patch (`add` and `replace`
 * operations, each with a `value` object) and delete. Only users created through SCIM can be
 * managed here.
 * @example
 * await workforce.scim.users.patch(id, [{ op: 'replace', value: { active: false } }]);
 */
export class ScimUsers extends scimResource(PATHS, {
  ...USER,
  pages: scimPaging<ScimUserList>(),
}) {
  /**
   * Replaces the user (RFC 7644 section 3.5.1) with the complete writable user given: attributes
   * left out are cleared. Read-only attributes of a user read back (`id`, `groups`, `meta`) are
   * left out of the request.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError.
   */
  replace(userId: string, user: ScimUserReplace, options?: CallOptions): ApiPromise<ScimUser> {
    const init = () => ({ path: { user_id: userId }, body: userBody(user) });
    return this.api.put(PATHS.item, init, options);
  }
}

const FIELDS = {
  writable: [
    'schemas',
    'externalId',
    'userName',
    'displayName',
    'active',
    'emails',
    'name',
    SCIM_ENTERPRISE_USER,
  ],
  readOnly: ['id', 'groups', 'meta'],
} as const;
const EMAIL_FIELDS = { writable: ['value', 'type', 'primary'] } as const;
const EMAIL_TYPES: readonly NonNullable<Schemas['ScimEmail']['type']>[] = ['work', 'home', 'other'];
const NAME_FIELDS = { writable: ['familyName', 'givenName'] } as const;
const ENTERPRISE_FIELDS = { writable: ['employeeNumber'] } as const;

function userBody(user: ScimUserCreate): Schemas['ScimUserCreate'] {
  const body: Schemas['ScimUserCreate'] = {
    ...unknownFields(user, FIELDS, 'user'),
    schemas: userSchemas(user.schemas),
    externalId: requireString(user, 'externalId', 'user'),
    userName: requireString(user, 'userName', 'user'),
    displayName: requireString(user, 'displayName', 'user'),
    active: requireBoolean(user.active, 'user.active'),
    emails: requireList(user.emails, 'user.emails').map((email, i) =>
      emailOf(email, `user.emails[${i}]`),
    ),
  };
  onePrimary(body.emails, 'user.emails');
  if (user.name !== undefined) body.name = stringFields(user.name, NAME_FIELDS, 'user.name');
  const enterprise = user[SCIM_ENTERPRISE_USER];
  if (enterprise !== undefined)
    body[SCIM_ENTERPRISE_USER] = stringFields(
      enterprise,
      ENTERPRISE_FIELDS,
      `user.${SCIM_ENTERPRISE_USER}`,
    );
  return body;
}

function userSchemas(schemas: unknown): Schemas['ScimUserCreate']['schemas'] {
  if (schemas === undefined) return [SCIM_USER_SCHEMA];
  return requireList(schemas, 'user.schemas').map((urn, i) =>
    requireEnum(urn, `user.schemas[${i}]`, [SCIM_USER_SCHEMA]),
  );
}

function emailOf(value: unknown, field: string): Schemas['ScimEmail'] {
  const given = requireRecord(value, field);
  const email: Schemas['ScimEmail'] = {
    ...unknownFields(given, EMAIL_FIELDS, field),
    value: requireId(given.value, `${field}.value`),
  };
  const type = optionalEnum(given.type, `${field}.type`, EMAIL_TYPES);
  if (type !== undefined) email.type = type;
  if (given.primary !== undefined)
    email.primary = requireBoolean(given.primary, `${field}.primary`);
  return email;
}

/** @internal The field tables, for the test that ties them to the spec. */
export {
  EMAIL_FIELDS as SCIM_EMAIL_FIELDS,
  ENTERPRISE_FIELDS as SCIM_ENTERPRISE_FIELDS,
  FIELDS as SCIM_USER_FIELDS,
  NAME_FIELDS as SCIM_NAME_FIELDS,
};
