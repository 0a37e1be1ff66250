// The `/v2` list conventions: filter, `order_by` (comma-separated, ` desc` for descending,
// default ascending creation order), and offset paging where an unset `page_size` gives an
// empty page while `total_size` still counts every match.

import type { FieldTable } from '../filter/scim-filter.js';
import { filterPredicate } from '../filter/scim-filter.js';
import { invalidField } from '../http/errors.js';

/** A sort key: field and direction. */
interface SortKey {
  field: string;
  desc: boolean;
}

/** Parses `order_by` against the collection's sort fields; 400 (`order_by`) otherwise. */
export function parseOrderBy(text: unknown, allowed: readonly string[]): SortKey[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  return text.split(',').map((part) => {
    const m = /^\s*([A-Za-z_][\w.]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw invalidField('order_by', `cannot parse ${JSON.stringify(part.trim())}`);
    const field = m[1]!;
    if (!allowed.includes(field))
      throw invalidField(
        'order_by',
        `${field} is not a sort field here; allowed: ${allowed.join(', ')}`,
      );
    return { field, desc: m[2]?.toLowerCase() === 'desc' };
  });
}

function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** How a collection is listed. */
export interface ListSpec<T> {
  filterFields: FieldTable;
  sortFields: readonly string[];
  /** A record's value for a filter or sort field. */
  value: (item: T, field: string) => unknown;
  /** Creation order, the default sort and the tie-breaker. */
  seq: (item: T) => number;
}

/** One page of a `/v2` list and the total number of matches. */
export function offsetPage<T>(
  items: Iterable<T>,
  query: Readonly<Record<string, unknown>>,
  spec: ListSpec<T>,
): { page: T[]; total: number } {
  const predicate = filterPredicate(query.filter, spec.filterFields);
  const keys = 'order_by' in query ? parseOrderBy(query.order_by, spec.sortFields) : [];
  const matches: T[] = [];
  for (const item of items) if (predicate((field) => spec.value(item, field))) matches.push(item);
  matches.sort((a, b) => {
    for (const key of keys) {
      const c = compareValues(spec.value(a, key.field), spec.value(b, key.field));
      if (c !== 0) return key.desc ? -c : c;
    }
    return spec.seq(a) - spec.seq(b);
  });
  const pageSize = typeof query.page_size === 'number' ? Math.min(query.page_size, 1000) : 0;
  const skip = typeof query.skip === 'number' ? query.skip : 0;
  return { page: matches.slice(skip, skip + pageSize), total: matches.length };
}

/** A plain page (no filter or sort): unset `page_size` gives an empty page. */
export function plainPage<T>(items: T[], query: Readonly<Record<string, unknown>>) {
  const pageSize = typeof query.page_size === 'number' ? Math.min(query.page_size, 1000) : 0;
  const skip = typeof query.skip === 'number' ? query.skip : 0;
  return { page: items.slice(skip, skip + pageSize), total: items.length };
}
