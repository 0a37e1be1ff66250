// The family A lists in one place: their SDK parameters (camelCase), the query each is sent as, and
// how pages are read. Every list but an application's tokens and a batch's results (one response
// each: no paging is published for them) pages with `page_token`: the runtime resends the first
// page's query with each token, which is what the platform wants (a token keeps the page size and
// the filter, which must match; `skip` is not kept and must be repeated).
//
// Each list's params keep a table of their wire names (`PAGE_PARAMS`, …), which their query is
// built with: the one place that says which SDK parameter is which query parameter, also read by
// the operation catalog (`paramsFromWire`) to turn a wire query back into params.
import { ValidationError } from '@x/runtime';
import { optionalInteger, requireObject } from '@x/runtime/internal';

/** Largest page of realms, groups, members, identities, roles, scopes, credentials and jobs. */
export const MAX_PAGE_SIZE = 200;
/** Largest page of applications, authenticator configurations and resource servers. */
export const MAX_SMALL_PAGE_SIZE = 100;

/** Paging parameters of every family A list. */
export interface PageParams {
  /** Items per page, 1 to the list's maximum. The server's default applies when absent. */
  pageSize?: number | undefined;
  /** Where the list starts: a `next_page_token` of an earlier page of the same query. */
  pageToken?: string | undefined;
}

/** Paging parameters of the lists that also take `skip`. */
export interface SkipPageParams extends PageParams {
  /** Items to skip. The page token does not keep it, so it is sent with every page request. */
  skip?: number | undefined;
}

/** The wire names of a list's SDK params: what `paramsFromWire` reads a wire query with. */
export type WireNames<Params> = { readonly [K in keyof Params]-?: string };

/** The wire names of `PageParams`. */
export const PAGE_PARAMS = {
  pageSize: 'page_size',
  pageToken: 'page_token',
} as const satisfies WireNames<PageParams>;

/** The wire names of `SkipPageParams`. */
export const SKIP_PAGE_PARAMS = {
  ...PAGE_PARAMS,
  skip: 'skip',
} as const satisfies WireNames<SkipPageParams>;

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
 * `page_size` (checked against the list's maximum) and `page_token`, as sent.
 * @throws ValidationError naming `params`, `pageSize` or `pageToken`.
 */
export function pageQuery(params: PageParams, max: number): PageQuery {
  requireObject(params, 'params');
  return {
    [PAGE_PARAMS.pageSize]: optionalInteger(params.pageSize, 'pageSize', 1, max),
    [PAGE_PARAMS.pageToken]: pageToken(params.pageToken),
  };
}

/** `page_size`, `page_token` and `skip`, as sent. */
export function skipPageQuery(params: SkipPageParams, max = MAX_PAGE_SIZE): SkipPageQuery {
  return {
    ...pageQuery(params, max),
    [SKIP_PAGE_PARAMS.skip]: optionalInteger(params.skip, 'skip', 0),
  };
}

/** An optional page token: a non-empty string. */
export function pageToken(value: unknown, field = 'pageToken'): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  return value;
}
