// What both SCIM servers publish about themselves (RFC 7643 sections 5 to 7): the service
// provider configuration, the resource types and the building blocks of their schemas. The
// attributes each schema lists stay with the family, which knows what it stores.
import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, MAX_RESULTS, VENDOR_GROUP } from './protocol.js';

/** One attribute of a `/Schemas` resource with RFC 7643's defaults; `extra` overrides them. */
export const attribute = (
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  name,
  type,
  multiValued: false,
  description: name,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The vendor extension of a group: its description. */
export const VENDOR_GROUP_SCHEMA = {
  id: VENDOR_GROUP,
  name: 'vendor-group',
  description: 'Vendor extension of a group',
  attributes: [attribute('description', 'string')],
};

/** The `/ResourceTypes` resources; only the user's description differs between servers. */
export const resourceTypes = (userDescription: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    description: userDescription,
    endpoint: '/Users',
    schema: CORE_USER,
    schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    description: 'Group',
    endpoint: '/Groups',
    schema: CORE_GROUP,
    schemaExtensions: [{ schema: VENDOR_GROUP, required: false }],
  },
];

/** The `/ServiceProviderConfig` resource with the published values. */
export const SERVICE_PROVIDER_CONFIG = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: 'https://emulator.invalid/scim',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 1000, maxPayloadSize: 1048576 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: 'Authentication with an OAuth 2.0 bearer token',
    },
  ],
};
