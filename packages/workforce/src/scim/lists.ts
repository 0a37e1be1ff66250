// SCIM lists (RFC 7644 section 3.4.2): their SDK parameters, the query each is sent as, and their
// paging. The server returns no resources without `count`, so one is always sent.
import { integerInRange, paramTable, requireObject } from '@x/runtime/internal';
import { type FilterInput, filterText } from '../filter/filter.js';
import { listScimUsersQuery } from '../generated/queries.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/lists.js';

/** The SCIM collections a filter can be built for. */
export type ScimCollection = 'scimUsers' | 'scimGroups';

/** Which SCIM resources to list, and where to start. */
export interface ScimListParams<C extends ScimCollection> {
  /** A filter from the collection's builder (`scimUserFilter.…`), or raw filter text. */
  filter?: FilterInput<C> | undefined;
  /** Resources per request, 1 to 1000. Default 100; always sent (without it the server sends none). */
  count?: number | undefined;
  /** 1-based index of the first resource: where the list starts. Default 1. */
  startIndex?: number | undefined;
}

/** The parameters of a SCIM list (the users' and the groups' are the same): their wire names are camelCase already, so none is renamed. */
export const SCIM_LIST_PARAMS = /* @__PURE__ */ paramTable(listScimUsersQuery);

/** `filter`, `count` and `startIndex` as sent, after checking them. */
export function scimQuery<C extends ScimCollection>(params: ScimListParams<C> = {}) {
  requireObject(params, 'params');
  return {
    filter: filterText(params.filter),
    count: integerInRange(params.count, 'count', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    startIndex: integerInRange(params.startIndex, 'startIndex', 1, Number.MAX_SAFE_INTEGER, 1),
  };
}
