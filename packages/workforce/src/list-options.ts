// Options shared by every family W list, and the one place that turns them into query
// parameters and paginators. The server returns nothing without `page_size`, so one is
// always sent.
import { type CallOptions, offsetPaginator, type Paginator } from '@x/runtime';
import { integerInRange } from './validation.js';

/** Largest page the server returns. */
export const MAX_PAGE_SIZE = 1000;
/** Page size the SDK sends when none is given. */
export const DEFAULT_PAGE_SIZE = 100;

/** Which page to fetch: the offset paging of the `/v2` lists. */
export interface PageQuery {
  /** Items per page, 1 to 1000. Default 100. The SDK always sends it (without it the page is empty). */
  pageSize?: number;
  /** Zero-based offset of the first item. Default 0. */
  skip?: number;
}

/** Paging options of a list iterator. */
export interface ListOptions extends PageQuery {
  /** Fetch the next page while the current one is worked through. Default false. */
  prefetch?: boolean;
}

/** `page_size` and `skip` as sent, after checking them. */
export function pageParams(query: PageQuery | undefined): { page_size: number; skip: number } {
  return {
    page_size: integerInRange(query?.pageSize, 'pageSize', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    skip: integerInRange(query?.skip, 'skip', 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

/**
 * A paginator over a `/v2` list: `fetchPage` gets `page_size`, `skip` and the call options
 * (with the paginator's signal, merged by the runtime) for each page.
 */
export function offsetList<Item, Page extends { total_size?: number }>(
  query: ListOptions | undefined,
  options: CallOptions | undefined,
  fetchPage: (page: { page_size: number; skip: number }, call: CallOptions) => Promise<Page>,
  itemsOf: (page: Page) => readonly Item[] | undefined,
): Paginator<Item, Page, number> {
  const { page_size, skip } = pageParams(query);
  return offsetPaginator<Item, Page>((page, _signal, call) => fetchPage(page, call), itemsOf, {
    pageSize: page_size,
    skip,
    prefetch: query?.prefetch === true,
    call: options ?? {},
  });
}
