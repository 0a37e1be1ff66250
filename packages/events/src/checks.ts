// The family's own input rules, shared by `list`, `follow` and `export`. Each refusal is a
// ValidationError naming the option as the caller wrote it.
import { ValidationError } from '@x/runtime';

/**
 * A page size: an integer from 1 to 1000 (the spec's maximum; below 1 there is nothing to ask for).
 * @throws ValidationError naming `field`.
 */
export function pageSizeOf(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000)
    throw new ValidationError(field, 'must be an integer from 1 to 1000');
  return value;
}

/**
 * A duration in ms: a finite number of at least 0.
 * @throws ValidationError naming `field`.
 */
export function durationOf(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ValidationError(field, 'must be a non-negative number');
  return value;
}

/**
 * An optional flag: true or false (undefined gives `fallback`).
 * @throws ValidationError naming `field`.
 */
export function flagOf(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ValidationError(field, 'must be true or false');
  return value;
}

/**
 * Refuses the option names 0.1 used where 0.2 has others. Options objects also carry the runtime's
 * call options, so unknown names in general are let through; these would otherwise be dropped
 * without a word in untyped code, and the call would run with defaults.
 * @throws ValidationError naming the old option and its replacement.
 */
export function refuseRenamed(options: object, renamed: Readonly<Record<string, string>>): void {
  for (const [old, replacement] of Object.entries(renamed))
    if (Object.hasOwn(options, old))
      throw new ValidationError(old, `is the 0.1 name of this option: ${replacement}`);
}

/**
 * Checks that `value` is an options object.
 * @throws ValidationError naming `options`.
 */
export function requireOptions<T extends object>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ValidationError('options', 'must be an object');
  return value;
}
