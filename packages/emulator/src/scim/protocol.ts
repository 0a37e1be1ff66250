// The SCIM 2.0 protocol (RFC 7643 and 7644) as both families' SCIM servers speak it: message
// URNs, list windows and responses, PATCH operations and the errors SCIM names with a
// `scimType`. What a family maps SCIM attributes to stays in the family.
import { ApiFailure } from '../http/errors.js';

export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const VENDOR_GROUP = 'urn:scim:schemas:extension:vendor:1.0:Group';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The most resources one list returns (the published `filter.maxResults`). */
export const MAX_RESULTS = 1000;

export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isJson = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `startIndex` (1-based) and `count` as the servers read them: no `count` gives no resources. */
export function listWindow(query: Readonly<Record<string, unknown>>) {
  const count =
    typeof query.count === 'number' ? Math.max(0, Math.min(query.count, MAX_RESULTS)) : 0;
  const startIndex = typeof query.startIndex === 'number' ? Math.max(1, query.startIndex) : 1;
  return { count, startIndex };
}

/** A SCIM list response. */
export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST_RESPONSE],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** A list response holding every resource (the discovery endpoints). */
export const listResponseOf = (resources: unknown[]) =>
  listResponse(resources, resources.length, 1);

export type PatchOperation = { op: string; path?: string; value?: unknown };

/** The `Operations` of a PatchOp body (none when the body has none). */
export const operationsOf = (body: unknown): PatchOperation[] =>
  isJson(body) && Array.isArray(body.Operations) ? (body.Operations as PatchOperation[]) : [];

/**
 * The value a PATCH operation means for its path: the specs send `value` as an object keyed by
 * attribute name even when a path is given (`{path: "displayName", value: {displayName: ...}}`),
 * while RFC 7644 clients send the bare value; both are read.
 */
export function valueFor(path: string, value: unknown): unknown {
  if (!isJson(value)) return value;
  const last = path.split(/[.:]/).pop()!.toLowerCase();
  const key = Object.keys(value).find((k) => k.toLowerCase() === last);
  return key !== undefined && Object.keys(value).length === 1 ? value[key] : value;
}

/** A PATCH path selecting one member: `members[value eq "id"]`. */
export const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i;

/** 400 `invalidPath` for an attribute path the server does not support. */
export function unsupportedPath(path: string) {
  return new ApiFailure(400, `unsupported attribute path ${JSON.stringify(path)}`, {
    scimType: 'invalidPath',
    details: [
      {
        type: 'FieldViolations',
        field_violations: [{ field: 'path', description: `unsupported attribute ${path}` }],
      },
    ],
  });
}

/** `mutability` for a user or group that was not created through SCIM. */
export const notScimManaged = (status: number, kind: string, id: string) =>
  new ApiFailure(
    status,
    `${kind} ${id} was not created through SCIM and cannot be managed through it`,
    { scimType: 'mutability' },
  );
