// SCIM representations (RFC 7643) of the workforce directory's users and groups, and the
// discovery resources of the SCIM server.
import { attribute, resourceTypes, VENDOR_GROUP_SCHEMA } from '../../scim/discovery.js';
import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, VENDOR_GROUP } from '../../scim/protocol.js';
import type { WorkforceGroupRecord, WorkforceState, WorkforceUserRecord } from '../../state.js';

/** A SCIM user: every user of the tenant is readable; SCIM-only attributes when it has them. */
export function scimUserView(state: WorkforceState, user: WorkforceUserRecord, base: string) {
  const emails =
    user.scim?.emails ??
    (user.email_address ? [{ value: user.email_address, primary: true }] : undefined);
  const groups = Object.values(state.groups)
    .filter((g) => g.kind !== 'permission' && g.members.includes(user.id))
    .map((g) => ({ value: g.id, type: 'direct' }));
  return {
    schemas: [CORE_USER],
    id: user.id,
    ...(user.external_id !== undefined ? { externalId: user.external_id } : {}),
    ...(user.username !== undefined ? { userName: user.username } : {}),
    ...(user.display_name !== undefined ? { displayName: user.display_name } : {}),
    active: user.state === 'ACTIVE',
    ...(emails ? { emails } : {}),
    ...(user.scim?.name ? { name: user.scim.name } : {}),
    ...(user.scim?.enterprise ? { [ENTERPRISE_USER]: user.scim.enterprise } : {}),
    groups,
    meta: {
      resourceType: 'User',
      created: user.create_time,
      lastModified: user.update_time,
      location: `${base}/scim/v2/Users/${user.id}`,
      version: `W/"${user.scim?.version ?? 1}"`,
    },
  };
}

/** A SCIM group with its members. */
export function scimGroupView(state: WorkforceState, group: WorkforceGroupRecord, base: string) {
  return {
    // The published SCIMGroup requires the vendor extension and its description.
    schemas: [CORE_GROUP, VENDOR_GROUP],
    id: group.id,
    displayName: group.name,
    members: group.members.map((id) => {
      const user = state.users[id];
      return {
        value: id,
        type: 'User',
        $ref: `${base}/scim/v2/Users/${id}`,
        ...(user?.display_name !== undefined ? { display: user.display_name } : {}),
      };
    }),
    meta: {
      resourceType: 'Group',
      created: group.create_time,
      lastModified: group.update_time,
      location: `${base}/scim/v2/Groups/${group.id}`,
      version: `W/"${group.scim_version ?? 1}"`,
    },
    [VENDOR_GROUP]: { description: group.description ?? '' },
  };
}

/** The `/Schemas` resources. */
export const SCIM_SCHEMAS = [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: CORE_USER,
    name: 'User',
    description: 'User Account',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('externalId', 'string', { required: true, caseExact: true, uniqueness: 'global' }),
      attribute('displayName', 'string', { required: true }),
      attribute('active', 'boolean', { required: true }),
      attribute('name', 'complex', {
        subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string')],
      }),
      attribute('emails', 'complex', {
        multiValued: true,
        required: true,
        subAttributes: [
          attribute('value', 'string', { required: true }),
          attribute('type', 'string', { canonicalValues: ['work', 'home', 'other'] }),
          attribute('primary', 'boolean'),
        ],
      }),
      attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
    ],
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: CORE_GROUP,
    name: 'Group',
    description: 'Group',
    attributes: [
      attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
      attribute('members', 'complex', {
        multiValued: true,
        subAttributes: [
          attribute('value', 'string', { mutability: 'immutable' }),
          attribute('$ref', 'reference', {
            mutability: 'immutable',
            referenceTypes: ['User', 'Group'],
          }),
          attribute('type', 'string', {
            mutability: 'immutable',
            canonicalValues: ['User', 'Group'],
          }),
          attribute('display', 'string', { mutability: 'readOnly' }),
        ],
      }),
    ],
  },
  { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], ...VENDOR_GROUP_SCHEMA },
];

/** The `/ResourceTypes` resources. */
export const SCIM_RESOURCE_TYPES = resourceTypes('User Account');
