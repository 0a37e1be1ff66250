// The Redis URL: checked once, and never shown with its password.
import { ValidationError } from '@x/runtime';
import { maskUrlPassword } from '@x/runtime/internal';

/** `url` with its password (and a user's, when it has one) replaced by `***`. */
export function maskRedisUrl(url: string): string {
  return maskUrlPassword(url, '<unparsable Redis URL>');
}

/**
 * Checks a Redis URL: `redis://` or `rediss://` (TLS), with an optional `user:password@` for
 * AUTH or an ACL user, and an optional database number as its path.
 */
export function checkRedisUrl(url: unknown): string {
  if (typeof url !== 'string' || url === '')
    throw new ValidationError('url', 'must be a redis:// or rediss:// URL');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('url', `is not a URL: ${maskRedisUrl(url)}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new ValidationError(
      'url',
      `must be a redis:// or rediss:// URL, not ${parsed.protocol}// (${maskRedisUrl(url)})`,
    );
  if (!parsed.hostname) throw new ValidationError('url', `has no host: ${maskRedisUrl(url)}`);
  return url;
}

/** Replaces every occurrence of `secret` in `text` with `***`. */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.split(secret).join('***');
  return result;
}
