import { type TokenProvider, ValidationError } from '@x/runtime';
import { assertHeaderValue, secretSafe } from '@x/runtime/internal';

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
  const provider: TokenProvider = { getToken: () => Promise.resolve(token) };
  hideSecrets(provider, [token]);
  return Object.freeze(secretSafe(provider, () => 'StaticToken([redacted])'));
}

/**
 * Sets a provider's `secrets` as a non-enumerable property: the client reads it to mask them, and
 * nothing that walks the object's own keys (a logger, a serializer) finds them.
 */
export function hideSecrets(provider: TokenProvider, secrets: readonly string[]): void {
  Object.defineProperty(provider, 'secrets', {
    value: Object.freeze([...secrets]),
    enumerable: false,
  });
}
