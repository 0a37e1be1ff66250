// Checks for inputs from untyped JavaScript callers: each failure is a ValidationError naming
// the field, thrown before anything is sent.
import { ValidationError } from '@x/runtime';

export { integerInRange, requireId, requireObject } from '@x/runtime';

/** Each listed key, when present, holds a string. */
export function checkOptionalStrings(value: object, keys: readonly string[], prefix: string): void {
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined && typeof field !== 'string')
      throw new ValidationError(`${prefix}.${key}`, 'must be a string');
  }
}
