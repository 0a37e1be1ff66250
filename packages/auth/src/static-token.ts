import { assertHeaderValue, type TokenProvider, ValidationError } from '@x/runtime';

/**
 * A fixed bearer token: one created in the admin console, or family E's API key.
 * The token is masked in every error and event the client reports.
 */
export function staticToken(token: string): TokenProvider {
  if (typeof token !== 'string' || token.trim() === '')
    throw new ValidationError('token', 'must be a non-empty string');
  // It goes into `Authorization: Bearer <token>` as it is: white space would split it.
  if (/\s/.test(token)) throw new ValidationError('token', 'must not contain white space');
  assertHeaderValue(token, 'token');
  return Object.freeze({
    getToken: () => Promise.resolve(token),
    secrets: Object.freeze([token]),
  });
}
