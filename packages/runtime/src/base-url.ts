import { ValidationError } from './core/errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks the base URL a caller gives: https, or http only for loopback (local mocks and tests);
 * no credentials, query or fragment. Returns it without a trailing slash.
 */
export function normalizeBaseUrl(baseUrl: unknown, field = 'baseUrl'): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    throw new ValidationError(field, 'a base URL is required');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ValidationError(field, 'not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    throw new ValidationError(
      field,
      'must use https (plain http is allowed only for loopback addresses)',
    );
  if (url.username || url.password)
    throw new ValidationError(field, 'must not contain credentials');
  // An empty `?` or `#` leaves search and hash empty but stays in href, where the request path
  // would be appended after it: the serialized form is what must be free of both.
  if (url.search || url.hash || url.href.includes('?') || url.href.includes('#'))
    throw new ValidationError(field, 'must not contain a query or fragment');
  return url.href.replace(/\/+$/, '');
}
