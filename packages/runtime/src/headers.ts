// Header names and values from callers and token providers, checked before anything is sent:
// fetch would refuse them later with a TypeError that quotes the value (often a credential).
import { ValidationError } from './core/errors.js';
import type { RequestHeaders } from './transport/wire.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Tab is allowed inside a value; every other control character, DEL and anything above U+00FF
// (not a byte) is not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const UNSAFE_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/;

/** Whether a string can be sent as a header value as it is. */
export function isHeaderValueSafe(value: string): boolean {
  return !UNSAFE_VALUE.test(value);
}

/**
 * Checks a headers record from a possibly untyped caller (a value is never quoted) and returns it
 * with lower-case names, empty when there is none. Built from entries (defined, not assigned), so
 * that `__proto__`, a valid header name, stays an own field like any other, as through spread.
 */
export function checkedHeaders(headers: unknown, field: string): RequestHeaders {
  if (headers === undefined) return {};
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
    throw new ValidationError(field, 'must be an object of header names to string values');
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!TOKEN.test(name))
        throw new ValidationError(
          field,
          `header name ${JSON.stringify(name)} is not a valid token`,
        );
      const at = `${field}.${name}`;
      if (typeof value !== 'string')
        throw new ValidationError(at, `must be a string, not ${typeof value}`);
      assertHeaderValue(value, at);
      return [name.toLowerCase(), value];
    }),
  );
}

/** Refuses a value that cannot be sent as a header value; the value is never quoted. */
export function assertHeaderValue(value: string, field: string): void {
  if (!isHeaderValueSafe(value))
    throw new ValidationError(
      field,
      'must not contain control characters or characters above U+00FF',
    );
}
