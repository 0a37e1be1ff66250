// The offset lists of the native `/v2` set, in one place: their parameters (by wire name, with
// 0.2's camelCase names as deprecated aliases), the query each is sent as, and the paging style of
// each list body. The server returns an empty page without `page_size`, so one is always sent.
import { integerInRange, offsetPaging, paramTable, requireObject } from '@x/runtime/internal';
import { type FilterInput, filterText } from '../filter/filter.js';
import { type OrderByInput, orderByText, type SortCollection } from '../filter/order-by.js';
import { listUserGroupsQuery, listUsersQuery } from '../generated/queries.js';
import type { Group, GroupList, User, UserList } from './types.js';

/** Largest page the server returns. */
export const MAX_PAGE_SIZE = 1000;
/** Page size the SDK sends when none is given. */
export const DEFAULT_PAGE_SIZE = 100;

/** Which page a `/v2` list starts at, and how large its pages are. */
export interface PageParams {
  /** Items per page, 1 to 1000. Default 100; always sent (without it the server sends none). */
  page_size?: number | undefined;
  /** @deprecated 0.2's name of `page_size`; removed in the next minor. */
  pageSize?: number | undefined;
  /** Zero-based offset of the first item: where the list starts. Default 0. */
  skip?: number | undefined;
}

/** The parameters of a filtered and sorted `/v2` list. */
export interface FilteredListParams<C extends SortCollection> extends PageParams {
  /** A filter from the collection's builder (`userFilter.…`), or raw filter text. */
  filter?: FilterInput<C> | undefined;
  /** A sort order from the collection's builder (`userOrderBy.…`), or raw `order_by` text. Default: ascending `create_time`. */
  order_by?: OrderByInput<C> | undefined;
  /** @deprecated 0.2's name of `order_by`; removed in the next minor. */
  orderBy?: OrderByInput<C> | undefined;
}

/** The parameters of a `/v2` list that only pages (`users.listGroups`), as the spec has them. */
export const PAGE_PARAMS = /* @__PURE__ */ paramTable(listUserGroupsQuery);
/** The parameters of a filtered and sorted `/v2` list (as the users'; every such list has the same). */
export const FILTERED_LIST_PARAMS = /* @__PURE__ */ paramTable(listUsersQuery);

/** Which users to list (`users.list`, `groups.listMembers`), with `userFilter` and `userOrderBy`. */
export type UserListParams = FilteredListParams<'users'>;
/** Which groups to list (`groups.list`), with `groupFilter` and `groupOrderBy`. */
export type GroupListParams = FilteredListParams<'groups'>;
/** Which passkeys to list (`passkeys.list`), with `passkeyFilter` and `passkeyOrderBy`. */
export type PasskeyListParams = FilteredListParams<'passkeys'>;

/** `page_size` and `skip` as sent, after checking them (params under their wire names). */
export function pageQuery(params: PageParams = {}): { page_size: number; skip: number } {
  requireObject(params, 'params');
  return {
    page_size: integerInRange(params.page_size, 'page_size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    skip: integerInRange(params.skip, 'skip', 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

/** `page_size`, `skip`, `filter` and `order_by` as sent, after checking them. */
export function listQuery<C extends SortCollection>(params: FilteredListParams<C> = {}) {
  return {
    ...pageQuery(params),
    filter: filterText(params.filter),
    order_by: orderByText(params.order_by),
  };
}

/** Pages of users (`users.list`, `groups.listMembers`). */
export const userPages = /* @__PURE__ */ offsetPaging<UserList, User>((page) => page.users);
/** Pages of groups (`groups.list`, `users.listGroups`). */
export const groupPages = /* @__PURE__ */ offsetPaging<GroupList, Group>((page) => page.groups);
