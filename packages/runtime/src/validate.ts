// Checks of values from possibly untyped JavaScript callers. Each failure is a ValidationError
// naming the field, thrown before anything is sent. Family packages use these, not their own.
import { ValidationError } from './errors.js';

/** An id or other required text: a string that is not empty or only white space. */
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

/** An optional integer within `[min, max]`; undefined stays undefined. */
export function optionalInteger(
  value: unknown,
  field: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(
      field,
      max === Number.MAX_SAFE_INTEGER
        ? `must be an integer of at least ${min}`
        : `must be an integer from ${min} to ${max}`,
    );
  return value;
}

/** An integer within `[min, max]`; `fallback` when undefined (required when there is none). */
export function integerInRange(
  value: unknown,
  field: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const checked = optionalInteger(value, field, min, max);
  if (checked === undefined) throw new ValidationError(field, 'is required');
  return checked;
}
