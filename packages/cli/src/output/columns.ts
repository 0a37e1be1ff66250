// Default table columns of a list, from the spec's item schema: the id, then the fields people
// recognise an item by (names, e-mail, type, state), then the other fields every item has, then
// timestamps, then the ids of parents; at most six, so a table fits a terminal.
import { isObject, type Json } from '../spec/schema.js';

const MAX_COLUMNS = 6;

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Lower comes first. */
function rank(key: string, required: boolean): number {
  if (key === 'id') return 0;
  if (/name|email|title|type|status|state|outcome|kind/i.test(key)) return required ? 1 : 1.5;
  if (/(_time|_at|millis|^date_|timestamp)$|^date_/i.test(key)) return 3;
  if (/_id$|Id$/.test(key)) return 4;
  return required ? 2 : 2.5;
}

/** The columns to show for `items`, from the item schema when there is one. */
export function defaultColumns(items: readonly unknown[], itemSchema: Json | undefined): string[] {
  const present = (key: string) =>
    items.some((item) => isObject(item) && isScalar((item as Record<string, unknown>)[key]));
  const props = isObject(itemSchema?.properties) ? Object.keys(itemSchema.properties) : [];
  const required = new Set(Array.isArray(itemSchema?.required) ? itemSchema.required : []);
  const keys = [...props];
  for (const item of items.slice(0, 20))
    if (isObject(item))
      for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  return keys
    .filter(present)
    .map((key, order) => ({ key, order, rank: rank(key, required.has(key)) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, MAX_COLUMNS)
    .map((c) => c.key);
}
