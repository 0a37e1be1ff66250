// SCIM representations of the realm's identities (users) and groups, and the discovery
// resources of the realm's SCIM server. A user's `id` is the identity id; groups are shown
// without members.
import { attribute, resourceTypes, VENDOR_GROUP_SCHEMA } from '../../scim/discovery.js';
import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, VENDOR_GROUP } from '../../scim/protocol.js';
import type { AccessGroupRecord, AccessIdentityRecord } from './state.js';

/** Traits that carry the enterprise extension's attributes. */
export const ENTERPRISE_TRAITS = {
  employeeNumber: 'employee_number',
  costCenter: 'cost_center',
  organization: 'organization',
  department: 'department',
  division: 'division',
} as const;

const text = (traits: Record<string, unknown>, key: string) =>
  typeof traits[key] === 'string' && traits[key] !== '' ? (traits[key] as string) : undefined;

/** The SCIM user of an identity (every identity of the realm is readable). */
export function scimUserView(identity: AccessIdentityRecord, base: string) {
  const traits = identity.traits as Record<string, unknown>;
  const email = text(traits, 'primary_email_address');
  const given = text(traits, 'given_name');
  const family = text(traits, 'family_name');
  const enterprise: Record<string, unknown> = {};
  for (const [attribute, trait] of Object.entries(ENTERPRISE_TRAITS)) {
    const value = text(traits, trait);
    if (value !== undefined) enterprise[attribute] = value;
  }
  const managerId = text(traits, 'manager_id');
  const managerName = text(traits, 'manager_name');
  if (managerId !== undefined || managerName !== undefined)
    enterprise.manager = {
      ...(managerId !== undefined ? { value: managerId } : {}),
      ...(managerName !== undefined ? { displayName: managerName } : {}),
    };
  const hasEnterprise = Object.keys(enterprise).length > 0;
  return {
    schemas: hasEnterprise ? [CORE_USER, ENTERPRISE_USER] : [CORE_USER],
    id: identity.id,
    ...(text(traits, 'external_id') !== undefined
      ? { externalId: text(traits, 'external_id') }
      : {}),
    userName: text(traits, 'username') ?? identity.id,
    ...(identity.display_name ? { displayName: identity.display_name } : {}),
    active: identity.status === 'active',
    ...(email !== undefined ? { emails: [{ value: email, primary: true }] } : {}),
    ...(given !== undefined || family !== undefined
      ? {
          name: {
            ...(given !== undefined ? { givenName: given } : {}),
            ...(family !== undefined ? { familyName: family } : {}),
          },
        }
      : {}),
    ...(hasEnterprise ? { [ENTERPRISE_USER]: enterprise } : {}),
    meta: {
      resourceType: 'User',
      created: identity.create_time,
      lastModified: identity.update_time,
      location: `${base}/Users/${identity.id}`,
      version: `W/"${identity.scim?.version ?? 1}"`,
    },
  };
}

/** The SCIM group of a group (never with members). */
export function scimGroupView(group: AccessGroupRecord, base: string) {
  return {
    schemas: group.description !== undefined ? [CORE_GROUP, VENDOR_GROUP] : [CORE_GROUP],
    id: group.id,
    displayName: group.display_name || group.id,
    ...(group.description !== undefined
      ? { [VENDOR_GROUP]: { description: group.description } }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.create_time,
      lastModified: group.update_time,
      location: `${base}/Groups/${group.id}`,
      version: `W/"${group.scim_version ?? 1}"`,
    },
  };
}

/** The `/Schemas` resources of the realm's SCIM server. */
export const ACCESS_SCIM_SCHEMAS = [
  {
    id: CORE_USER,
    name: 'User',
    description: 'User Account (an identity of the realm)',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('externalId', 'string', { caseExact: true, uniqueness: 'server' }),
      attribute('displayName', 'string'),
      attribute('active', 'boolean'),
      attribute('name', 'complex', {
        subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string')],
      }),
      attribute('emails', 'complex', {
        multiValued: true,
        subAttributes: [attribute('value', 'string'), attribute('primary', 'boolean')],
      }),
    ],
  },
  {
    id: ENTERPRISE_USER,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      ...Object.keys(ENTERPRISE_TRAITS).map((name) => attribute(name, 'string')),
      attribute('manager', 'complex', {
        subAttributes: [attribute('value', 'string'), attribute('displayName', 'string')],
      }),
    ],
  },
  {
    id: CORE_GROUP,
    name: 'Group',
    description: 'Group (members are written with PATCH and never returned)',
    attributes: [
      attribute('displayName', 'string', { required: true }),
      attribute('members', 'complex', {
        multiValued: true,
        returned: 'never',
        subAttributes: [
          attribute('value', 'string', { mutability: 'immutable' }),
          attribute('type', 'string', { mutability: 'immutable', canonicalValues: ['User'] }),
        ],
      }),
    ],
  },
  VENDOR_GROUP_SCHEMA,
];

/** The `/ResourceTypes` resources. */
export const ACCESS_SCIM_RESOURCE_TYPES = resourceTypes('User Account (an identity of the realm)');
