// The Redis URL: checked once, and never shown with its password.
import { ValidationError } from '@x/runtime';

/** `url` with its password (and a user's, when it has one) replaced by `***`. */
export function maskRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    // Not a URL: the whole text may be a secret.
    return '<unparsable Redis URL>';
  }
}

/** The password in `url`, or undefined: what every message from Redis is scrubbed of. */
export function redisPassword(url: string): string | undefined {
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
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
