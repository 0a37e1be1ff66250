// The password inside a URL (the Redis URL of fleet mode, `redis://user:password@host`): found and
// masked here once for every package that shows a URL or scrubs text of its secrets.

/**
 * The password in `url`, percent-decoded (as the server receives it), or undefined when there is
 * none or `url` is no URL. A password that does not decode (`%zz`) is returned as written.
 */
export function urlPassword(url: string): string | undefined {
  const password = parsed(url)?.password;
  if (!password) return undefined;
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/**
 * `url` with its password shown as `***` (the user name stays: it names an ACL user, not a
 * secret). Text that is no URL is not shown at all, as the whole of it may be a secret:
 * `notAUrl` stands in for it.
 */
export function maskUrlPassword(url: string, notAUrl = '<not a URL>'): string {
  const value = parsed(url);
  if (!value) return notAUrl;
  if (value.password) value.password = '***';
  return value.href;
}

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
