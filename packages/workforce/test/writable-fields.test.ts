// Every hand-kept field table of the family matches the spec: each writable field is a property
// of the request schema, each property of the request schema is writable here (or handled apart,
// named below), and each read-only field is a read-only property of the resource. A field a new
// spec adds fails here until the table is updated (unknown fields are sent through meanwhile).
import { schemaProperties, writableProperties } from '@x/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINDING_JOB_FIELDS } from '../src/resources/binding-jobs.js';
import { TAG_FIELDS } from '../src/resources/passkeys.js';
import { GROUP_FIELDS, USER_FIELDS } from '../src/resources/types.js';
import {
  SCIM_GROUP_EXTENSION_FIELDS,
  SCIM_GROUP_FIELDS,
  SCIM_MEMBER_FIELDS,
} from '../src/scim/groups.js';
import {
  SCIM_EMAIL_FIELDS,
  SCIM_ENTERPRISE_FIELDS,
  SCIM_NAME_FIELDS,
  SCIM_USER_FIELDS,
} from '../src/scim/users.js';

interface Table {
  writable: readonly string[];
  readOnly?: readonly string[] | undefined;
}
const spec = 'workforce';

/** [table, request schemas, resource schema, fields of the request checked apart]. */
const TABLES: [string, Table, string[], string | undefined, string[]][] = [
  ['users', USER_FIELDS, ['UserCreate', 'UserUpdate'], 'User', []],
  ['groups', GROUP_FIELDS, ['GroupCreate', 'GroupUpdate'], 'Group', []],
  [
    'binding jobs',
    BINDING_JOB_FIELDS,
    ['BindingJobCreate'],
    undefined,
    ['short_code_delivery_details'],
  ],
  ['passkey tags', TAG_FIELDS, ['TagReplace'], undefined, []],
  ['SCIM users', SCIM_USER_FIELDS, ['ScimUserCreate'], 'ScimUser', []],
  ['SCIM e-mails', SCIM_EMAIL_FIELDS, ['ScimEmail'], undefined, []],
  ['SCIM names', SCIM_NAME_FIELDS, ['ScimName'], undefined, []],
  ['SCIM enterprise user', SCIM_ENTERPRISE_FIELDS, ['ScimEnterpriseUser'], undefined, []],
  ['SCIM groups', SCIM_GROUP_FIELDS, ['ScimGroupCreate'], 'ScimGroup', []],
  ['SCIM group members', SCIM_MEMBER_FIELDS, ['ScimGroupMemberCreate'], undefined, []],
  [
    'SCIM group extension',
    SCIM_GROUP_EXTENSION_FIELDS,
    ['ScimGroupVendorExtension'],
    undefined,
    [],
  ],
];

// Reading the spec once takes a while on a busy machine.
beforeAll(() => void writableProperties(spec, 'User'), 60_000);

describe('the field tables match the spec', () => {
  it.each(TABLES)('%s', (_name, table, requests, resource, apart) => {
    const fromSpec = [...new Set(requests.flatMap((s) => writableProperties(spec, s)))].sort();
    // The SCIM `$ref` member is allowed through `additionalProperties` (RFC 7643's sub-attribute
    // named like a JSON reference), not as a declared property: it is not in the spec's list.
    const declared = table.writable.filter((field) => field !== '$ref');
    expect([...declared, ...apart].sort()).toEqual(fromSpec);
    if (resource === undefined) return;
    // Left out when read back: a property of the resource that no request can set.
    const properties = schemaProperties(spec, resource);
    for (const field of table.readOnly ?? []) {
      expect(properties.has(field), `${field} is a property of ${resource}`).toBe(true);
      expect(fromSpec, `${field} is not writable`).not.toContain(field);
    }
  });
});
