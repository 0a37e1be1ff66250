// The URNs of the SCIM messages and schemas a realm's SCIM server takes (RFC 7643, RFC 7644).

/** The core User schema, which every user create and replace names. */
export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
/** The enterprise User extension; also the key of its attributes on a user. */
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** The core Group schema. */
export const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** The vendor Group extension (`vendor-group`); also the key of its `description` on a group. */
export const VENDOR_GROUP = 'urn:scim:schemas:extension:vendor:1.0:Group';
/** The schemas a user names: the core one, and the extension's when its attributes are sent. */
export const USER_SCHEMAS = [CORE_USER, ENTERPRISE_USER] as const;
/** The schemas a group names: the core one, and the extension's when its attributes are sent. */
export const GROUP_SCHEMAS = [CORE_GROUP, VENDOR_GROUP] as const;
/** The PATCH request message (RFC 7644 section 3.5.2). */
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
