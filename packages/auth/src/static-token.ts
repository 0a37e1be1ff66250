import { type TokenProvider, ValidationError } from '@x/runtime';

/**
 * A fixed bearer token: one created in the admin console, or family E's API key.
 * The token is masked in every error and event the client reports.
 */
export function staticToken(token: string): TokenProvider {
  if (typeof token !== 'string' || token.trim() === '')
    throw new ValidationError('token', 'must be a non-empty string');
  assertHeaderSafe(token, 'token');
  return Object.freeze({
    getToken: () => Promise.resolve(token),
    secrets: Object.freeze([token]),
  });
}

/** A value that would split or corrupt an HTTP header is refused before it is ever sent. */
export function assertHeaderSafe(value: string, field: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new ValidationError(field, 'must not contain control characters');
}
