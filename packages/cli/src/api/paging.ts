// How `xid api --paginate` pages: the family's paging style, read from the spec operation the
// path belongs to (its query names the style: `page_token`, `skip`, `cursor` or `startIndex`),
// with the items taken from the first array of each page. The paginator is the runtime's own, so
// raw pages stop, limit and detect loops exactly as the family's lists do.
import {
  cursorPaging,
  offsetPaging,
  onePage,
  type PagingStyle,
  pageTokenPaging,
  scimPaging,
} from '@x/runtime/internal';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import type { Family } from '../families.js';
import { commandOperations, type OperationSpec } from '../spec/operations.js';
import { isObject } from '../spec/schema.js';

/** Whether a path (literal or with `{placeholders}`) is an instance of a spec's path template. */
function matches(template: string, path: string): boolean {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`),
    )
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
}

/** The spec operation of `method path` in the family's spec, if the spec has one. */
export function operationAt(
  family: Family,
  method: string,
  path: string,
): OperationSpec | undefined {
  for (const op of commandOperations(family.spec).values())
    if (op.method === method && matches(op.path, path)) return op;
  return undefined;
}

/** The object holding a page's items: the page, or the first object in it that has an array. */
function holderOf(raw: unknown): Record<string, unknown> | undefined {
  if (!isObject(raw)) return undefined;
  if (Object.values(raw).some(Array.isArray)) return raw;
  for (const value of Object.values(raw))
    if (isObject(value) && Object.values(value).some(Array.isArray)) return value;
  return undefined;
}

/** The items of a page: its first array (at the top, or one object down as in `body.events`). */
export function itemsOf(raw: unknown): unknown[] {
  const holder = holderOf(raw);
  const list = holder ? Object.values(holder).find(Array.isArray) : undefined;
  return (list as unknown[] | undefined) ?? [];
}

const cursorOf = (raw: unknown): string | undefined => {
  const cursor = holderOf(raw)?.cursor ?? (isObject(raw) ? raw.cursor : undefined);
  return typeof cursor === 'string' ? cursor : undefined;
};

/**
 * The paging style of a GET in the family's spec, named by the query parameter that carries a
 * page's start; a GET without one is a single page.
 * @throws CliError (usage) when the spec has no GET at that path: its paging is unknown.
 */
export function pagingStyleOf(family: Family, path: string): PagingStyle<unknown, unknown> {
  const op = operationAt(family, 'GET', path);
  if (!op)
    throw new CliError(
      EXIT.usage,
      `--paginate: the ${family.name} spec has no GET ${path}, so its paging style is unknown`,
      'call it without --paginate, or use a path of the spec',
    );
  const query = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const style = query.has('page_token')
    ? pageTokenPaging<{ next_page_token?: string | null }, unknown>(itemsOf)
    : query.has('cursor')
      ? cursorPaging<unknown, unknown>(itemsOf, cursorOf)
      : query.has('startIndex')
        ? scimPaging()
        : query.has('skip')
          ? offsetPaging<{ total_size?: number }, unknown>(itemsOf)
          : onePage<unknown, unknown>(itemsOf);
  return style as PagingStyle<unknown, unknown>;
}
