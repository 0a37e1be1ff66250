// The family's own input rules, beyond the runtime's checks: the types of the fields a body
// carries (unknown fields are sent through: the platform adds fields without notice), and
// the ranges, sets, patterns and rules the spec states (binding-job `ttl_seconds`, tag names
// unique regardless of case, one primary SCIM e-mail, the vendor description's characters). Each
// failure is a ValidationError naming the field as it is sent, thrown before anything is sent.
import { ValidationError } from '@x/runtime';
import { requireId, requireObject } from '@x/runtime/internal';
import { RFC3339 } from './filter/values.js';

/** The fields an input object may carry. */
export interface Fields<K extends string> {
  /** Sent when set. */
  readonly writable: readonly K[];
  /**
   * Left out: the read-only fields of the resource as the API returns it, so that a resource read
   * back and spread into a change (`{ ...user, display_name }`) sends only what can change (the
   * server would ignore the rest).
   */
  readonly readOnly?: readonly string[] | undefined;
}

/**
 * The keys of `value` that are neither writable nor read-only here, as given: fields this version
 * does not know yet (the platform adds fields without notice), sent through for the server to
 * judge. Unset (`undefined`) ones are left out.
 */
export function unknownFields(
  value: object,
  fields: Fields<string>,
  prefix: string,
): Record<string, unknown> {
  requireObject(value, prefix);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== undefined && !fields.writable.includes(key) && !fields.readOnly?.includes(key))
      out[key] = field;
  return out;
}

/**
 * The writable string fields of an object, checked, with unset and read-only ones left out, and
 * the fields this version does not know passed through as given.
 */
export function stringFields<K extends string>(
  value: object,
  fields: Fields<K>,
  prefix: string,
): { [P in K]?: string } & Record<string, unknown> {
  const out: Record<string, unknown> = unknownFields(value, fields, prefix);
  const given: Partial<Record<K, unknown>> = value;
  for (const key of fields.writable) {
    const field = given[key];
    if (field === undefined) continue;
    if (typeof field !== 'string')
      throw new ValidationError(`${prefix}.${key}`, 'must be a string');
    out[key] = field;
  }
  return out as { [P in K]?: string } & Record<string, unknown>;
}

/** An RFC 3339 date-time string, as the spec's `format: date-time` fields take. */
export function dateTime(value: unknown, field: string): string {
  if (typeof value !== 'string' || !RFC3339.test(value) || Number.isNaN(Date.parse(value)))
    throw new ValidationError(
      field,
      'must be an RFC 3339 date-time, for example 2026-11-12T17:05:00Z',
    );
  return value;
}

/** A non-empty array (a list argument or body field), checked item by item by the caller. */
export function requireList(value: unknown, field: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new ValidationError(field, 'must be an array');
  if (value.length === 0) throw new ValidationError(field, 'must hold at least one item');
  return value;
}

/**
 * SCIM users have one e-mail address, marked primary: when several are sent only the primary one
 * is used, so exactly one must be marked.
 */
export function onePrimary(emails: readonly { primary?: boolean }[], field: string): void {
  const primaries = emails.flatMap((email, i) => (email.primary === true ? [i] : []));
  if (primaries.length === 0)
    throw new ValidationError(field, 'one address must be marked primary (only that one is used)');
  if (primaries.length > 1)
    throw new ValidationError(
      `${field}[${primaries[1]}].primary`,
      `only one address can be primary (${field}[${primaries[0]}] is)`,
    );
}

/** Binding-job `ttl_seconds`: seconds until expiry, 60 to 900 (server default 60). */
export const TTL_SECONDS = { min: 60, max: 900 } as const;

/**
 * A tag name (not blank). Names are matched case-insensitively and are unique per tenant, so a
 * replace that names one tag twice (`Corp` and `corp`) is refused instead of leaving the server
 * to pick one. `seen` maps the lower-case names so far to their index.
 */
export function uniqueTagName(
  name: unknown,
  index: number,
  seen: Map<string, number>,
  field: string,
): string {
  const text = requireId(name, field);
  const key = text.toLowerCase();
  const first = seen.get(key);
  if (first !== undefined)
    throw new ValidationError(field, `repeats tags[${first}] (tag names are case-insensitive)`);
  seen.set(key, index);
  return text;
}

/** The SCIM group vendor extension's `description`: at most 300 characters of the allowed set. */
export function vendorDescription(value: string, field: string): string {
  // Characters (code points), as JSON Schema's maxLength counts them.
  if ([...value].length > 300) throw new ValidationError(field, 'must be at most 300 characters');
  const bad = FORBIDDEN_IN_DESCRIPTION.exec(value);
  if (bad) throw new ValidationError(field, `must not contain ${JSON.stringify(bad[0])}`);
  return value;
}

// The characters the spec's pattern for the description leaves out (\x60 is the backtick).
const FORBIDDEN_IN_DESCRIPTION = /[{}[\]<>;:?\\/|*^%$#=~\x60!]/;
