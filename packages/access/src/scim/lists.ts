// The SCIM lists of a realm (RFC 7644 section 3.4.2): their SDK parameters and the query each is
// sent as. The server returns no resources without `count` (its default is 0), so one is always
// sent; pages follow `startIndex` until `totalResults` (the runtime's SCIM paging).
import { integerInRange, paramTable, requireObject } from '@x/runtime/internal';
import { listScimUsersQuery } from '../generated/queries.js';

/** Largest `count` the server honours. */
export const MAX_SCIM_COUNT = 1000;
/** The `count` the SDK sends when none is given. */
export const DEFAULT_SCIM_COUNT = 100;

/** Which SCIM resources to list, and where to start. */
export interface ScimListParams<Filter> {
  /** Only the resources that match (`eq` or `ne` on one attribute). */
  filter?: Filter | undefined;
  /** Resources per request, 1 to 1000. Default 100; always sent (without it the server sends none). */
  count?: number | undefined;
  /** 1-based index of the first resource: where the list starts. Default 1. */
  startIndex?: number | undefined;
}

/**
 * The parameters of a SCIM list (the users' and the groups' are the same): their wire names are
 * the SDK's already, so none is renamed. The
 * filter travels as text: `userFilterOf` and `groupFilterOf` read a wire query's filter back into
 * the builders' shape.
 */
export const SCIM_LIST_PARAMS = /* @__PURE__ */ paramTable(listScimUsersQuery);

/** `filter`, `count` and `startIndex` as sent, after checking them. */
export function scimQuery<Filter>(
  params: ScimListParams<Filter>,
  filterText: (filter: Filter | undefined) => string | undefined,
): { filter: string | undefined; count: number; startIndex: number } {
  requireObject(params, 'params');
  return {
    filter: filterText(params.filter),
    count: integerInRange(params.count, 'count', 1, MAX_SCIM_COUNT, DEFAULT_SCIM_COUNT),
    startIndex: integerInRange(params.startIndex, 'startIndex', 1, Number.MAX_SAFE_INTEGER, 1),
  };
}
