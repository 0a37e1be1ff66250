// Tolerance mode: responses carry what the platform may send one day and today's clients must
// read without failing (an `x-extensible-enum` value not in its list, a property no schema
// declares). Driven by the operation's declared response schema, so every field the specs mark
// open is covered without a hand-kept list.
import { resolveRef, type SpecName, specDocument } from '@x/specs';
import { isObject, type Json } from '../spec/json.js';

/** What tolerance mode puts into responses; both off unless asked. */
export interface UnknownsOptions {
  /** Every `x-extensible-enum` field of a response gets `UNKNOWN_ENUM_VALUE`. */
  enums?: boolean;
  /** Every object of a response (nested ones and array items too) gets `UNKNOWN_FIELD`. */
  fields?: boolean;
}

/** The value put into every open enum: recognisable, and in no list of the specs. */
export const UNKNOWN_ENUM_VALUE = 'X_UNKNOWN_VALUE';
/** The property added to every response object, and its value. */
export const UNKNOWN_FIELD = 'x_unknown_field';
export const UNKNOWN_FIELD_VALUE = 'added by the emulator tolerance mode';

const KEYS = new Set(['enums', 'fields']);

/** Checks options from a caller (the control route, the bin, `startEmulator`). */
export function parseUnknowns(value: unknown): Required<UnknownsOptions> {
  if (value === undefined || value === null) return { enums: false, fields: false };
  if (!isObject(value)) throw new Error('unknowns must be an object {enums?, fields?}');
  for (const [key, flag] of Object.entries(value)) {
    if (!KEYS.has(key)) throw new Error(`unknowns: unknown option ${key}`);
    if (typeof flag !== 'boolean') throw new Error(`unknowns.${key} must be a boolean`);
  }
  return { enums: value.enums === true, fields: value.fields === true };
}

/** The tolerance setting of an instance. */
export class Unknowns {
  private options: Required<UnknownsOptions>;

  constructor(options: UnknownsOptions | undefined) {
    this.options = parseUnknowns(options);
  }

  /** Replaces the setting (undefined: off). */
  configure(options: UnknownsOptions | undefined): void {
    this.options = parseUnknowns(options);
  }

  /** The setting in force. */
  current(): Required<UnknownsOptions> {
    return { ...this.options };
  }

  /** Whether anything is to be rewritten. */
  get on(): boolean {
    return this.options.enums || this.options.fields;
  }

  /** A response body rewritten as the setting says (the input is not changed). */
  apply(spec: SpecName, schema: unknown, body: unknown): unknown {
    if (!this.on || schema === undefined) return body;
    return rewrite(specDocument(spec), schema, body, this.options, 0);
  }
}

/** Every schema a value may be read with: the schema itself and its `allOf`/`oneOf`/`anyOf` parts. */
function parts(doc: Json, raw: unknown, depth: number, out: Json[] = []): Json[] {
  const schema = resolveRef(doc, raw);
  if (!isObject(schema) || depth > 16) return out;
  out.push(schema);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list) parts(doc, part, depth + 1, out);
  }
  return out;
}

function rewrite(
  doc: Json,
  raw: unknown,
  value: unknown,
  options: Required<UnknownsOptions>,
  depth: number,
): unknown {
  if (depth > 32) return value;
  const schemas = parts(doc, raw, 0);
  if (typeof value === 'string') {
    const open = schemas.some((s) => Array.isArray(s['x-extensible-enum']));
    return options.enums && open ? UNKNOWN_ENUM_VALUE : value;
  }
  if (Array.isArray(value)) {
    const items = schemas.find((s) => s.items !== undefined)?.items;
    return items === undefined
      ? value
      : value.map((item) => rewrite(doc, items, item, options, depth + 1));
  }
  if (!isObject(value)) return value;
  // The declared properties of every part (a union's branches included: a property is read
  // with the first schema that declares it).
  const declared: Json = {};
  for (const s of schemas)
    if (isObject(s.properties))
      for (const [k, v] of Object.entries(s.properties)) if (!(k in declared)) declared[k] = v;
  // Maps and free-form objects (no declared property) are left alone: an extra key of a map
  // is a value of the map's type, not an unknown field.
  if (Object.keys(declared).length === 0) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k in declared ? rewrite(doc, declared[k], v, options, depth + 1) : v;
  if (options.fields && !(UNKNOWN_FIELD in out)) out[UNKNOWN_FIELD] = UNKNOWN_FIELD_VALUE;
  return out;
}
