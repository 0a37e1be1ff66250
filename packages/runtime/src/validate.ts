// Checks of values from possibly untyped JavaScript callers. Each failure is a ValidationError
// naming the field, thrown before anything is sent. Family packages use these, not their own.
import { ValidationError } from './core/errors.js';

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

/** Each listed key of `value`, when present, holds a string. */
export function checkOptionalStrings(value: object, keys: readonly string[], prefix: string): void {
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined && typeof field !== 'string')
      throw new ValidationError(`${prefix}.${key}`, 'must be a string');
  }
}

/** A required string field of an object (not blank). */
export function requireString(value: object, key: string, prefix: string): string {
  return requireId((value as Record<string, unknown>)[key], `${prefix}.${key}`);
}

/** An optional value from a closed set. */
export function optionalEnum<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new ValidationError(
      field,
      allowed.length === 1
        ? `only "${allowed[0]}" is supported`
        : `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`,
    );
  return value as T;
}

/** Whether a value is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A plain object from a possibly untyped caller. */
export function requireRecord(value: unknown, field: string): { readonly [key: string]: unknown } {
  if (!isRecord(value)) throw new ValidationError(field, 'must be an object');
  return value;
}

/** A required value from a closed set. */
export function requireEnum<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
): T {
  const checked = optionalEnum(value, field, allowed);
  if (checked === undefined) throw new ValidationError(field, 'is required');
  return checked;
}

/** A boolean. */
export function requireBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new ValidationError(field, 'must be true or false');
  return value;
}
