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

/** One comparison of a filter text: `<attribute> <operator> "<value>"`, the value unquoted. */
export interface Comparison {
  attribute: string;
  /** Lower case (operators are case-insensitive). */
  operator: string;
  value: string;
}

const COMPARISON = /^\s*([\w.:-]+)\s+([A-Za-z]+)\s+("(?:[^"\\]|\\.)*")\s*$/;

/**
 * Reads back a filter text the SDK would build (`traits.username eq "ada"`), for filters that
 * arrive as text (a tool's wire query): one comparison of a quoted, escaped value.
 * @throws ValidationError naming `field` when the text is anything else.
 */
export function parseComparison(text: unknown, field: string): Comparison {
  if (typeof text !== 'string') throw new ValidationError(field, 'must be a string');
  const match = COMPARISON.exec(text);
  const value = match ? unquote(match[3]!) : undefined;
  if (!match || value === undefined)
    throw new ValidationError(field, 'must be one comparison: <attribute> <operator> "<value>"');
  return { attribute: match[1]!, operator: match[2]!.toLowerCase(), value };
}

function unquote(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/**
 * The username of the identities list's filter text, `traits.username eq "<username>"` (the
 * inverse of `usernameFilter`); undefined when there is no filter.
 * @throws ValidationError naming `filter` for any other filter.
 */
export function usernameOfFilter(filter: unknown): string | undefined {
  if (filter === undefined) return undefined;
  const { attribute, operator, value } = parseComparison(filter, 'filter');
  if (attribute !== 'traits.username' || operator !== 'eq')
    throw new ValidationError(
      'filter',
      'must be traits.username eq "<username>" (the one supported)',
    );
  return value;
}
