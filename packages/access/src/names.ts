// The reference's rules for family A display names and descriptions, checked before sending.
import { ValidationError } from '@x/runtime';

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
