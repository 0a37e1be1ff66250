// `--fields a,b.c`: which fields of each item to show, by dotted path.

/** The value at a dotted path (`actor.id`), or undefined. */
export function valueAt(item: unknown, path: string): unknown {
  let current: unknown = item;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Only the given fields of an item, nested as they were (`actor.id` -> `{actor: {id}}`). */
export function project(item: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || item === null || typeof item !== 'object') return item;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const value = valueAt(item, path);
    if (value === undefined) continue;
    const parts = path.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target[part] = next !== null && typeof next === 'object' ? next : {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return out;
}

/** `a, b.c` -> `['a', 'b.c']`; undefined for none. */
export function parseFields(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  return fields.length > 0 ? fields : undefined;
}

/** A value as one table or CSV cell: scalars as text, the rest as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
