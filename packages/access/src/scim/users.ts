// A realm's SCIM users (`/Users` under the realm's SCIM base): provision, read, list, replace,
// patch and deprovision. A SCIM user is an identity of the realm: its `id` is the identity id.
// Errors carry the SCIM error object (`error.scim`).
import { type ApiPromise, type CallOptions, ValidationError } from '@x/runtime';
import type { AccessScimApi } from '../api.js';
import { flag, nested, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { anyValue, listOf } from '../shape-checks.js';
import { ScimCollection } from './collection.js';
import { type ScimUserFilter, userFilterText } from './filter.js';
import type { ScimListParams } from './lists.js';
import { patchRequest } from './patch.js';
import { resourceBody } from './resource-body.js';
import { ENTERPRISE_USER, USER_SCHEMAS } from './urns.js';

type Schemas = components['schemas'];

/**
 * A SCIM user as returned: `schemas`, `id` (the identity id), `userName` and `meta` are always
 * there. `schemas` may name URNs the platform adds later.
 */
export type ScimUser = Schemas['ScimUser'];
/** A SCIM list response of users: `{ schemas, totalResults, startIndex, itemsPerPage, Resources }`. */
export type ScimUserList = Schemas['ScimUserList'];
/**
 * A user to provision: `userName` is required. `schemas` defaults to the core User schema, with
 * the enterprise extension when its attributes are given.
 */
export type ScimUserCreate = Input<SchemasOptional<Schemas['ScimUserCreate']>>;
/** The complete writable user of a replace (SCIM PUT): attributes left out are cleared. */
export type ScimUserReplace = Input<SchemasOptional<Schemas['ScimUserReplace']>>;
/** One PATCH operation on a user: `add` or `replace` (the server supports no `remove`). */
export type ScimUserPatchOperation = Input<Schemas['ScimUserPatchOperation']>;
/** Which SCIM users to list: `filter` (`eq`/`ne` on `userName` or `externalId`), `count`, `startIndex`. */
export type ScimUserListParams = ScimListParams<ScimUserFilter>;

/** `schemas` is filled in by the SDK when it is left out. */
type SchemasOptional<T extends { schemas: unknown }> = Omit<T, 'schemas'> &
  Partial<Pick<T, 'schemas'>>;

/** The collection and one resource of it. */
const USER_PATHS = ['/Users', '/Users/{user_id}'] as const;
const FIELDS = {
  writable: {
    // Checked with the extension's attributes in mind, below.
    schemas: anyValue,
    externalId: text,
    userName: text,
    displayName: text,
    active: flag,
    emails: listOf(nested({ writable: { value: text, primary: flag } })),
    name: nested({ writable: { givenName: text, familyName: text } }),
    [ENTERPRISE_USER]: nested({
      writable: {
        employeeNumber: text,
        costCenter: text,
        organization: text,
        department: text,
        division: text,
        // RFC 7643's complex manager, or the identifier as a string as the platform returns it.
        manager: (value, field) =>
          typeof value === 'string'
            ? value
            : nested({ writable: { value: text, displayName: text } })(value, field),
      },
    }),
  },
  // A user read back and given to `replace` sends only what can be written.
  readOnly: ['id', 'meta', 'groups'],
};
const PATCH_OPS = ['add', 'replace'] as const;

/** A realm's SCIM users (`/Users`): create, get, list, replace, patch, delete. */
export class ScimUsers extends ScimCollection<
  ScimUser,
  ScimUserList,
  ScimUserCreate,
  ScimUserFilter
> {
  /** @internal */
  constructor(api: AccessScimApi) {
    super(api, { paths: USER_PATHS, body: userBody, filterText: userFilterText });
  }

  /**
   * Replaces the user (RFC 7644 section 3.5.1) with the complete writable user given: attributes
   * left out are cleared. Read-only attributes of a user read back (`id`, `meta`) are left out.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError.
   */
  replace(userId: string, user: ScimUserReplace, options?: CallOptions): ApiPromise<ScimUser> {
    const init = () => ({ path: { user_id: userId }, body: userBody(user) });
    return this.api.put(USER_PATHS[1], init, options);
  }

  /**
   * Changes some attributes (RFC 7644 section 3.5.2) with `add` and `replace` operations, the
   * only ones the server supports. Not atomic: a request with several operations can be partly
   * applied.
   * @throws ValidationError naming `operations[i].op` for any other operation, before sending.
   * @example
   * await realm.scim.users.patch(id, [{ op: 'replace', path: 'active', value: false }]);
   */
  patch(
    userId: string,
    operations: readonly ScimUserPatchOperation[],
    options?: CallOptions,
  ): ApiPromise<ScimUser> {
    const init = () => ({ path: { user_id: userId }, body: userPatch(operations) });
    return this.api.patch(USER_PATHS[1], init, options);
  }
}

/** The PatchOp message of a user: `add` and `replace` carry a `value` (RFC 7644 3.5.2.1, 3.5.2.3). */
function userPatch(operations: unknown): Schemas['ScimUserPatchRequest'] {
  const body = patchRequest(operations, PATCH_OPS, (operation, field) => {
    if (operation.value === undefined)
      throw new ValidationError(`${field}.value`, 'is required for add and replace');
  });
  return body as Schemas['ScimUserPatchRequest'];
}

function userBody(user: ScimUserCreate): Schemas['ScimUserCreate'] {
  return resourceBody(user, 'user', FIELDS, 'userName', USER_SCHEMAS);
}
