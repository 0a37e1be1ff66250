// Flags from an operation's query and header parameters and the fields of its body. Each flag
// keeps where its value goes (`query.page_size`, `body.user.display_name`) and the schema that
// checks it; the kind says how its text becomes a value.
import type { OperationSpec } from '../spec/operations.js';
import { isObject, type Json } from '../spec/schema.js';
import { kebab } from './names.js';

/** How a flag's text becomes a value. */
export type FlagKind = 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'json' | 'time';

/** One flag of a generated command. */
export interface FlagSpec {
  /** The flag's name without dashes (`display-name`). */
  readonly flag: string;
  readonly location: 'query' | 'header' | 'body';
  /** The wire name (`display_name`, `page_size`). */
  readonly name: string;
  readonly kind: FlagKind;
  readonly required: boolean;
  readonly description: string | undefined;
  readonly schema: Json;
  /** For `list`: the kind of each item. */
  readonly itemKind?: FlagKind | undefined;
}

/** Flag names the command line itself uses: generated flags avoid them. */
export const RESERVED_FLAGS = new Set([
  'profile',
  'output',
  'fields',
  'limit',
  'yes',
  'dry-run',
  'json',
  'help',
  'version',
  'realm',
  'color',
  'no-color',
]);

/**
 * The part of a wire name a flag is named after: the name itself, or for a URN-named field (the
 * SCIM extension `urn:ietf:params:scim:schemas:extension:enterprise:2.0:User`) its words after
 * `extension`, without the version (`enterprise-user`).
 */
export function flagBase(name: string): string {
  if (!name.includes(':')) return name;
  const parts = name.split(':');
  const at = parts.indexOf('extension');
  const words = (at >= 0 ? parts.slice(at + 1) : parts.slice(-2)).filter(
    (p) => !/^\d+(\.\d+)*$/.test(p),
  );
  return words.join('-');
}

/** The kind of a schema's values. */
export function kindOf(
  schema: Json,
  name = '',
  resolve: (schema: unknown) => Json = (s) => (isObject(s) ? s : {}),
): FlagKind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' && /(^|_)(time|millis)$|_time$/.test(name)) return 'time';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' || Array.isArray(schema.enum)) return 'string';
  if (type === 'array' && schema.items !== undefined) {
    const item = kindOf(resolve(schema.items), '', resolve);
    return item === 'json' ? 'json' : 'list';
  }
  return 'json';
}

/** The flags of an operation: its query and header parameters, then its body's fields. */
export function flagsOf(op: OperationSpec, resolveItem: (schema: unknown) => Json): FlagSpec[] {
  const flags: FlagSpec[] = [];
  const taken = new Set(RESERVED_FLAGS);
  const add = (spec: Omit<FlagSpec, 'flag'>, base: string) => {
    let flag = kebab(flagBase(base));
    if (taken.has(flag)) flag = `${spec.location}-${flag}`;
    if (taken.has(flag)) return;
    taken.add(flag);
    flags.push({ ...spec, flag });
  };
  for (const p of op.parameters) {
    if (p.in !== 'query' && p.in !== 'header') continue;
    if (p.in === 'header' && /^(authorization|cookie|content-type|accept)$/i.test(p.name)) continue;
    const kind = kindOf(p.schema, p.name, resolveItem);
    add(
      {
        location: p.in,
        name: p.name,
        kind,
        required: p.required,
        description: p.description,
        schema: p.schema,
        itemKind: kind === 'list' ? kindOf(resolveItem(p.schema.items)) : undefined,
      },
      p.name,
    );
  }
  const body = op.body;
  if (body && isObject(body.fields.properties)) {
    const required = new Set(Array.isArray(body.fields.required) ? body.fields.required : []);
    for (const [name, raw] of Object.entries(body.fields.properties)) {
      const schema = resolveItem(raw);
      if (schema.readOnly === true) continue;
      const kind = kindOf(schema, name, resolveItem);
      add(
        {
          location: 'body',
          name,
          kind: kind === 'time' ? 'integer' : kind,
          required: required.has(name),
          description: typeof schema.description === 'string' ? schema.description : undefined,
          schema,
          itemKind: kind === 'list' ? kindOf(resolveItem(schema.items)) : undefined,
        },
        name,
      );
    }
  }
  return flags;
}
