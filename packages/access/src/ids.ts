// Checks of ids and small scalar options from possibly untyped callers, before anything is sent.
import { ValidationError } from '@x/runtime';

/** Returns `value` if it is a non-empty string, else throws a ValidationError naming `field`. */
export function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  return value;
}

/** Returns an optional integer within `[min, max]`, else throws a ValidationError naming `field`. */
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

/** Returns `value` if it is a plain object, else throws a ValidationError naming `field`. */
export function requireObject<T extends object>(value: T, field: string): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ValidationError(field, 'must be an object');
  return value;
}
