// Turns the values callers give the filter builder into filter literals, checking them first.
import { ValidationError } from '@x/runtime';
import type { FilterLiteral } from './expression.js';

/** RFC 3339 date-time: full date, `T`, time with optional fraction, and `Z` or an offset. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A string value; any text is allowed, it is escaped when rendered. */
export function textLiteral(value: unknown, field: string): FilterLiteral {
  if (typeof value !== 'string') throw new ValidationError(field, 'must be a string');
  return value;
}

/** A string or a finite number (the passkey version fields). */
export function textOrNumberLiteral(value: unknown, field: string): FilterLiteral {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError(field, 'must be a finite number');
    return value;
  }
  return textLiteral(value, field);
}

/** `true` or `false`. */
export function booleanLiteral(value: unknown, field: string): FilterLiteral {
  if (typeof value !== 'boolean') throw new ValidationError(field, 'must be a boolean');
  return value;
}

/** A Date (sent as UTC RFC 3339) or an RFC 3339 date-time string. */
export function dateTimeLiteral(value: unknown, field: string): FilterLiteral {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ValidationError(field, 'must be a valid Date');
    return value.toISOString();
  }
  if (typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value)))
    return value;
  throw new ValidationError(field, 'must be a Date or an RFC 3339 date-time string');
}
