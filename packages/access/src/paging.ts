// Family A page-token lists: page sizes checked against each list's maximum, the same query
// resent with every page token, and `skip` repeated on every request (the token does not keep it).
import {
  type CallOptions,
  type ListOptions,
  listPaging,
  type Paginator,
  pageTokenPaginator,
  ValidationError,
} from '@x/runtime';
import { optionalInteger } from './ids.js';

/** Largest `page_size` of realms, groups, members, identities, roles, scopes and SSO configs. */
export const MAX_PAGE_SIZE = 200;
/** Largest `page_size` of applications and authenticator configurations. */
export const MAX_SMALL_PAGE_SIZE = 100;

/** Paging parameters shared by the family A lists. */
export interface PageParams {
  /** Items per page, at most the list's maximum. The server's default applies when absent. */
  pageSize?: number;
  /** Start from this token (a `next_page_token` of an earlier page of the same query). */
  pageToken?: string;
}

/** Paging parameters of the lists that also take `skip`. */
export interface SkipPageParams extends PageParams {
  /** Items to skip. The page token does not keep it, so it is sent with every page request. */
  skip?: number;
}

export type { ListOptions };

/** Checks `pageSize` against a list's maximum. */
export function checkPageSize(value: unknown, max: number, field = 'pageSize'): number | undefined {
  return optionalInteger(value, field, 1, max);
}

/** Checks `skip` (a non-negative integer). */
export function checkSkip(value: unknown, field = 'skip'): number | undefined {
  return optionalInteger(value, field, 0);
}

/** Checks an optional page token. */
export function checkPageToken(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('pageToken', 'must be a non-empty string');
  return value;
}

/**
 * A page-token listing. `fetchPage` receives the token (undefined for the first page) and the
 * call options of that page request, and must resend the same query each time.
 */
export function tokenListing<Item, Raw extends { next_page_token?: string }>(
  fetchPage: (pageToken: string | undefined, call: CallOptions) => Promise<Raw>,
  itemsOf: (raw: Raw) => readonly Item[] | undefined,
  options: ListOptions = {},
  pageToken?: string,
): Paginator<Item, Raw, string | null> {
  const start = checkPageToken(pageToken);
  return pageTokenPaginator<Item, Raw>(
    ({ page_token }, _signal, call) => fetchPage(page_token, call),
    itemsOf,
    { ...listPaging(options), ...(start ? { pageToken: start } : {}) },
  );
}

/** A family A listing: iterate it for items, or call `pages()` for whole pages. */
export type TokenPaginator<Item, Raw> = Paginator<Item, Raw, string | null>;

/** The `page_size` (at most `max`) and `skip` of a list that takes both. */
export function pagingQuery(
  params: SkipPageParams,
  max = MAX_PAGE_SIZE,
): { page_size?: number; skip?: number } {
  if (params === null || typeof params !== 'object')
    throw new ValidationError('params', 'must be an object');
  return { page_size: checkPageSize(params.pageSize, max), skip: checkSkip(params.skip) };
}
