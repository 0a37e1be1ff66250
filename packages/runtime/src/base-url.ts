import { ValidationError } from './core/errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The variable that opts every `fromEnv` client into plain http to a non-loopback host. */
export const ALLOW_INSECURE_HTTP_ENV = 'X_ALLOW_INSECURE_HTTP';

/**
 * Checks the base URL a caller gives: https, or http only for loopback (local mocks and tests)
 * unless `allowInsecureHttp` opts in (an emulator in docker-compose, a devcontainer or a CI
 * service container); no credentials, query or fragment. Returns it without a trailing slash.
 */
export function normalizeBaseUrl(
  baseUrl: unknown,
  field = 'baseUrl',
  allowInsecureHttp = false,
): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    throw new ValidationError(field, 'a base URL is required');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ValidationError(field, 'not an absolute URL');
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && (allowInsecureHttp || LOOPBACK.test(url.hostname)))
  )
    throw new ValidationError(
      field,
      url.protocol === 'http:'
        ? `must use https: plain http is allowed for loopback addresses, and for another host only with the option allowInsecureHttp: true (${ALLOW_INSECURE_HTTP_ENV}=1 for fromEnv)`
        : 'must use https (or plain http)',
    );
  if (url.username || url.password)
    throw new ValidationError(field, 'must not contain credentials');
  // An empty `?` or `#` leaves search and hash empty but stays in href, where the request path
  // would be appended after it: the serialized form is what must be free of both.
  if (url.search || url.hash || url.href.includes('?') || url.href.includes('#'))
    throw new ValidationError(field, 'must not contain a query or fragment');
  return url.href.replace(/\/+$/, '');
}
