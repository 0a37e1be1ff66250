// Checks for inputs from untyped JavaScript callers: each failure is a ValidationError naming
// the field, thrown before anything is sent.
import { ValidationError } from '@x/runtime';

/** An id: a non-empty string. */
export function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ValidationError(field, 'must be a non-empty string');
  return value;
}

/** A plain object (not null, not an array). */
export function requireObject<T extends object>(value: T, field: string): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ValidationError(field, 'must be an object');
  return value;
}

/** Each listed key, when present, holds a string. */
export function checkOptionalStrings(value: object, keys: readonly string[], prefix: string): void {
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined && typeof field !== 'string')
      throw new ValidationError(`${prefix}.${key}`, 'must be a string');
  }
}

/** An integer from `min` to `max`; `fallback` when undefined. */
export function integerInRange(
  value: unknown,
  field: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(field, `must be an integer from ${min} to ${max}`);
  return value;
}
