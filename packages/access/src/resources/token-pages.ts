// Page-token paging for the lists whose last page says `next_page_token: null` (SSO
// configurations, identity providers), which the runtime's `pageTokenPaging` types as a string
// only, and for the one listing that answers in one page (`:listGroupAssociations`).
import { type PagingStyle, pageTokenPaging } from '@x/runtime/internal';

type ItemsOf<Raw, Item> = (raw: Raw) => readonly Item[] | undefined;

/** Pages that follow `next_page_token` until it is absent, empty or `null`. */
export function tokenPages<Raw extends { next_page_token?: string | null | undefined }, Item>(
  itemsOf: ItemsOf<Raw, Item>,
): PagingStyle<Raw, Item> {
  const style = pageTokenPaging<{ next_page_token?: string | undefined }, Item>(() => []);
  return {
    ...style,
    items: (raw) => itemsOf(raw) ?? [],
    next: (raw) => raw.next_page_token || undefined,
  };
}

/** A listing of one page: the whole answer. */
export function onePage<Raw, Item>(itemsOf: ItemsOf<Raw, Item>): PagingStyle<Raw, Item> {
  return {
    ...tokenPages<object, Item>(() => []),
    items: (raw) => itemsOf(raw) ?? [],
    next: () => undefined,
  };
}
