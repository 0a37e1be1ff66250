// The family A lists in one place: their parameters (by wire name, with 0.2's camelCase names as
// deprecated aliases), the query each is sent as, and how pages are read. Every list but an
// application's tokens and a batch's results (one response each: no paging is published for them)
// pages with `page_token`: the runtime resends the first page's query with each token, which is
// what the platform wants (a token keeps the page size and the filter, which must match; `skip` is
// not kept and must be repeated).
//
// Each list's parameters are the spec's (`generated/operations.ts`, by operationId; `PAGE_PARAMS`
// and `SKIP_PAGE_PARAMS` are the two paging shapes, read from a list of each): its resource maps
// 0.2's names through them (`api.wireParams`, with the runtime's `paramTable`), and the operation
// catalog reads a wire query with them (`paramsFromWire`).
import { ValidationError } from '@x/runtime';
import { optionalInteger, paramTable, requireObject } from '@x/runtime/internal';
import { listApplicationsQuery, listRealmsQuery } from '../generated/queries.js';

/** Largest page of realms, groups, members, identities, roles, scopes, credentials and jobs. */
export const MAX_PAGE_SIZE = 200;
/** Largest page of applications, authenticator configurations and resource servers. */
export const MAX_SMALL_PAGE_SIZE = 100;

/** Paging parameters of every family A list. */
export interface PageParams {
  /** Items per page, 1 to the list's maximum. The server's default applies when absent. */
  page_size?: number | undefined;
  /** Where the list starts: a `next_page_token` of an earlier page of the same query. */
  page_token?: string | undefined;
  /** @deprecated 0.2's name of `page_size`; removed in the next minor. */
  pageSize?: number | undefined;
  /** @deprecated 0.2's name of `page_token`; removed in the next minor. */
  pageToken?: string | undefined;
}

/** Paging parameters of the lists that also take `skip`. */
export interface SkipPageParams extends PageParams {
  /** Items to skip. The page token does not keep it, so it is sent with every page request. */
  skip?: number | undefined;
}

/** The parameters of a list that pages with `page_size` and `page_token` (as the applications'). */
export const PAGE_PARAMS = /* @__PURE__ */ paramTable(listApplicationsQuery);
/** The parameters of a list that also takes `skip` (as the realms'). */
export const SKIP_PAGE_PARAMS = /* @__PURE__ */ paramTable(listRealmsQuery);

/** The paging query as sent. */
export interface PageQuery {
  page_size?: number | undefined;
  page_token?: string | undefined;
}

/** The paging query with `skip`, as sent. */
export interface SkipPageQuery extends PageQuery {
  skip?: number | undefined;
}

/**
 * `page_size` (checked against the list's maximum) and `page_token`, as sent; `params` under their
 * wire names (see `api.wireParams`).
 * @throws ValidationError naming `params`, `page_size` or `page_token`.
 */
export function pageQuery(params: PageParams, max: number): PageQuery {
  requireObject(params, 'params');
  return {
    page_size: optionalInteger(params.page_size, 'page_size', 1, max),
    page_token: pageToken(params.page_token),
  };
}

/** `page_size`, `page_token` and `skip`, as sent. */
export function skipPageQuery(params: SkipPageParams, max = MAX_PAGE_SIZE): SkipPageQuery {
  return { ...pageQuery(params, max), skip: optionalInteger(params.skip, 'skip', 0) };
}

/** An optional page token: a non-empty string. */
export function pageToken(value: unknown, field = 'page_token'): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  return value;
}
