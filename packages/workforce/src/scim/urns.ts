// The SCIM schema and message URNs the SCIM server accepts in requests (RFC 7643, RFC 7644).

/** The core User schema: the only schema a SCIM user create or replace may name. */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
/** The enterprise User extension (RFC 7643 section 4.3), the key of its attributes. */
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** The core Group schema. */
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** The vendor Group extension (`vendor-group`), the key of its `description`. */
export const SCIM_GROUP_EXTENSION = 'urn:scim:schemas:extension:vendor:1.0:Group';
/** The PATCH request message (RFC 7644 section 3.5.2). */
export const SCIM_PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
