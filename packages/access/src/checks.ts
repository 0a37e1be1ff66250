// The family's own input rules, checked before anything is sent: the name and description rules
// of `platform-api.md`, and the checks of the request-body fields this version knows (the others
// are sent through). Each failure is a ValidationError naming the field as it is sent
// (`group.display_name`, `identity.traits.username`).
import { ValidationError } from '@x/runtime';
import { optionalEnum, requireBoolean, requireRecord } from '@x/runtime/internal';

/**
 * The characters a display name or description must not contain: the reference's 18 entries
 * (three bracket pairs and 15 single characters).
 */
export const FORBIDDEN_NAME_CHARACTERS: readonly string[] = Object.freeze([
  '{',
  '}',
  '[',
  ']',
  '<',
  '>',
  ';',
  ':',
  '?',
  '\\',
  '/',
  '|',
  '*',
  '^',
  '%',
  '$',
  '#',
  '=',
  '~',
  '`',
  '!',
]);

/** Longest display name, in characters. */
export const MAX_DISPLAY_NAME_LENGTH = 64;
/** Longest description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 300;

const forbidden = new Set(FORBIDDEN_NAME_CHARACTERS);

function checkText(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string') throw new ValidationError(field, 'must be a string');
  // Lengths count characters (code points), as JSON Schema does.
  const characters = [...value];
  if (characters.length < min)
    throw new ValidationError(field, `must be at least ${min} character(s) long`);
  if (characters.length > max)
    throw new ValidationError(field, `must be at most ${max} characters long`);
  const bad = characters.find((c) => forbidden.has(c));
  if (bad !== undefined)
    throw new ValidationError(field, `must not contain the character "${bad}"`);
  return value;
}

/**
 * Checks a `display_name`: 1 to 64 characters, none of `{ } [ ] < > ; : ? \ / | * ^ % $ # = ~`,
 * the backtick or `!`. Returns it unchanged.
 * @throws ValidationError naming the field and the first bad character.
 */
export function checkDisplayName(value: unknown, field = 'display_name'): string {
  return checkText(value, field, 1, MAX_DISPLAY_NAME_LENGTH);
}

/**
 * Checks a `description`: at most 300 characters, with the same forbidden characters as a
 * display name. Returns it unchanged.
 * @throws ValidationError naming the field and the first bad character.
 */
export function checkDescription(value: unknown, field = 'description'): string {
  return checkText(value, field, 0, MAX_DESCRIPTION_LENGTH);
}

/** Checks one field's value (named `field` in errors) and returns what is sent. */
export type FieldCheck = (value: unknown, field: string) => unknown;

/** The fields a request body may carry. */
export interface BodyFields {
  /** Each writable field and its check; sent when set. */
  readonly writable: Readonly<Record<string, FieldCheck>>;
  /**
   * The read-only fields of the resource as the API returns it: left out, so that a resource read
   * back and spread into a change (`{ ...group, description }`) sends only what can change.
   */
  readonly readOnly?: readonly string[] | undefined;
}

/**
 * The writable fields of `value`, each checked, with unset and read-only ones left out. A key that
 * is neither is a field this version does not know yet (the platform adds fields without notice):
 * it is sent through as given, for the server to judge.
 * @throws ValidationError naming `<prefix>.<field>`.
 */
export function checkBody<T>(value: unknown, fields: BodyFields, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(requireRecord(value, prefix))) {
    if (field === undefined) continue;
    const check = Object.hasOwn(fields.writable, key) ? fields.writable[key] : undefined;
    if (check !== undefined) out[key] = check(field, `${prefix}.${key}`);
    else if (!fields.readOnly?.includes(key)) out[key] = field;
  }
  return out as T;
}

/** A string field. */
export const text: FieldCheck = (value, field) => {
  if (typeof value !== 'string') throw new ValidationError(field, 'must be a string');
  return value;
};

/** A `display_name` field. */
export const displayName: FieldCheck = (value, field) => checkDisplayName(value, field);

/** A `description` field. */
export const description: FieldCheck = (value, field) => checkDescription(value, field);

/** A boolean field. */
export const flag: FieldCheck = requireBoolean;

/** A field that holds one of a closed set of values (a request-side enum). */
export function oneOf(allowed: readonly string[]): FieldCheck {
  return (value, field) => optionalEnum(value, field, allowed);
}

/** A nested object field, passed on as given after checking it is an object. */
export const object: FieldCheck = requireRecord;

/** A list of strings. */
export const strings: FieldCheck = (value, field) => {
  if (!Array.isArray(value)) throw new ValidationError(field, 'must be an array of strings');
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw new ValidationError(`${field}[${i}]`, 'must be a string');
  });
  return value;
};

/** A nested object whose own fields are checked (`job_template`, `traits`). */
export function nested(fields: BodyFields): FieldCheck {
  return (value, field) => checkBody(value, fields, field);
}
