// Filter strings the SDK builds for the caller, with values quoted and escaped.
import { ValidationError } from '@x/runtime';

/** Quotes a filter value: backslash and double quote are escaped (RFC 7644 / JSON string rules). */
export function quoteFilterValue(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new ValidationError(field, 'must not contain control characters');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The identities list's only supported filter: `traits.username eq "<username>"`. */
export function usernameFilter(username: unknown): string {
  return `traits.username eq ${quoteFilterValue(username, 'username')}`;
}
