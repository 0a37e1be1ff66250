// Points in time as callers hold them (epoch ms, a Date, an ISO 8601 text), turned into the epoch
// milliseconds the API takes. A text must say its time zone: a date-time without one would mean
// the local time of whichever machine runs the code.
import { ValidationError } from '@x/runtime';

/**
 * A point in time: Unix epoch milliseconds, a `Date`, or an ISO 8601 text: a date
 * (`2026-11-01`, midnight UTC) or a date-time with `Z` or an offset (`2026-11-01T08:30:00+01:00`).
 */
export type TimeInput = number | Date | string;

// A date, then optionally `THH:MM[:SS[.fff…]]` and a zone (required with a time). The ranges of
// the fields are in the pattern; whether the day exists in its month is checked after.
const ISO =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/i;

/**
 * Epoch milliseconds of a `TimeInput`.
 * @throws ValidationError naming `field` when it is not a valid, non-negative point in time.
 */
export function toMillis(value: TimeInput, field: string): number {
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? isoMillis(value) : value;
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0)
    throw new ValidationError(
      field,
      'must be epoch milliseconds (a non-negative integer), a valid Date, or an ISO 8601 date or date-time with a time zone',
    );
  return ms;
}

/** The epoch ms of an ISO 8601 text, or undefined when it is not one (or names no real day). */
function isoMillis(text: string): number | undefined {
  const m = ISO.exec(text);
  // Date.parse rolls 2026-02-30 over into March: the day must be one of its month.
  if (!m || new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate() < Number(m[3]))
    return undefined;
  return Date.parse(text);
}
