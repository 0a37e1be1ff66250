import {
  createHttpRequester,
  type FetchLike,
  type RetryOptions,
  type TokenProvider,
  ValidationError,
} from '@x/runtime';
import { normalizeBaseUrl, secretSafe } from '@x/runtime/internal';
import { decodeJwtClaims } from './jwt.js';
import { hideSecrets } from './static-token.js';
import { memoryTokenStore, type StoredToken, type TokenStore } from './token-store.js';

/** Options of the OAuth 2.0 client-credentials provider. */
export interface ClientCredentialsOptions {
  /** The token endpoint: `workforceTokenUrl(…)` or `accessTokenUrl(…)`. */
  tokenUrl: string;
  clientId: string;
  /** Never logged, never in an error: masked everywhere the SDK reports. */
  clientSecret: string;
  /** Scopes to request (family A sends `scope`); a list is joined with spaces. */
  scope?: string | readonly string[];
  /** Fetch a new token this many seconds before the current one expires. Default 60. */
  refreshBeforeExpirySeconds?: number;
  /** Timeout of each token request attempt in ms. Default 30000. */
  timeoutMs?: number;
  /** Retries of the token request. Token requests are safe to repeat, so 5xx are retried. */
  retry?: RetryOptions | false;
  fetch?: FetchLike;
  /**
   * Extra RequestInit fields for the token request, as for an API client: on Node
   * `{ dispatcher: new ProxyAgent(url) }` from `undici` for a proxy or custom TLS.
   */
  fetchOptions?: Record<string, unknown>;
  /**
   * Allows plain http to a token URL whose host is not loopback (an emulator in docker-compose or
   * a CI service container); the client secret then travels unencrypted. Default false.
   */
  allowInsecureHttp?: boolean;
  /**
   * Where the token is kept. Default: in this process (`memoryTokenStore()`). A store shared by
   * several processes (`@x/fleet`) makes them fetch one token per expiry between them.
   */
  tokenStore?: TokenStore;
}

/** What the token endpoint returns (RFC 6749 section 5.1). */
interface TokenResponse {
  access_token?: unknown;
  token_type?: unknown;
  expires_in?: unknown;
}

/**
 * OAuth 2.0 client credentials: posts `grant_type=client_credentials` (and `scope`) as a form
 * with HTTP Basic credentials, caches the token, refreshes it ahead of expiry, shares one
 * in-flight request among concurrent callers, and drops it when the API answers 401.
 */
export function clientCredentials(options: ClientCredentialsOptions): TokenProvider {
  const { clientId, clientSecret } = options ?? ({} as ClientCredentialsOptions);
  if (typeof clientId !== 'string' || clientId === '')
    throw new ValidationError('clientId', 'must be a non-empty string');
  if (clientId.includes(':'))
    throw new ValidationError('clientId', 'must not contain ":" (HTTP Basic separator)');
  if (typeof clientSecret !== 'string' || clientSecret === '')
    throw new ValidationError('clientSecret', 'must be a non-empty string');
  // Both travel Base64-encoded in the Basic credential, so only control characters are refused.
  refuseControlCharacters(clientId, 'clientId');
  refuseControlCharacters(clientSecret, 'clientSecret');
  const scope = Array.isArray(options.scope)
    ? options.scope.join(' ')
    : (options.scope as string | undefined);
  if (scope !== undefined && typeof scope !== 'string')
    throw new ValidationError('scope', 'must be a string or a list of strings');

  // Same rules as any base URL (https except loopback, no credentials, query or fragment), and
  // a ValidationError rather than a TypeError for a malformed one.
  const allowInsecureHttp = options.allowInsecureHttp === true;
  const url = new URL(normalizeBaseUrl(options.tokenUrl, 'tokenUrl', allowInsecureHttp));
  const basic = `Basic ${toBase64(`${clientId}:${clientSecret}`)}`;
  const secrets = Object.freeze([clientSecret, basic.slice('Basic '.length)]);
  // One kind of request, never rate limited: the lean requester, not a whole API client.
  const http = createHttpRequester({
    secrets,
    ...(allowInsecureHttp ? { allowInsecureHttp } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.fetchOptions ? { fetchOptions: options.fetchOptions } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const refreshBeforeMs = (options.refreshBeforeExpirySeconds ?? 60) * 1000;
  const retry: RetryOptions | false =
    options.retry === false ? false : { retryNonIdempotent: true, ...options.retry };

  const store = options.tokenStore ?? memoryTokenStore();
  // The key names the token, never the secret: the same client with another scope is another token.
  const key = `${url.href} ${clientId}${scope ? ` ${scope}` : ''}`;

  const fetchToken = async (): Promise<StoredToken> => {
    const body: Record<string, string> = { grant_type: 'client_credentials' };
    if (scope) body.scope = scope;
    const response = await http.request<TokenResponse>('POST', url, {
      body,
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      retry,
    });
    return parseTokenResponse(response, refreshBeforeMs);
  };

  const provider: TokenProvider = {
    getToken(context = {}) {
      return store.token({ key, fetchToken, signal: context.signal });
    },
    invalidate(token) {
      // A shared store answers later; the caller's retry asks for a token after this anyway.
      Promise.resolve(store.invalidate(key, token)).catch(() => undefined);
    },
  };
  // The Basic form too: family W's token endpoint shares the API's host, so an API error can
  // echo what the token request carried.
  hideSecrets(provider, secrets);
  return Object.freeze(
    secretSafe(provider, () => `ClientCredentials(${clientId} at ${url.origin}${url.pathname})`),
  );
}

function parseTokenResponse(body: TokenResponse | undefined, refreshBeforeMs: number): StoredToken {
  const value = body?.access_token;
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('access_token', 'the token endpoint returned no access_token');
  const type = body?.token_type;
  if (typeof type === 'string' && type.toLowerCase() !== 'bearer')
    throw new ValidationError(
      'token_type',
      `the token endpoint returned a "${type}" token, not a bearer token`,
    );
  const now = Date.now();
  const expiresAt = expiryOf(value, body?.expires_in);
  // A token living shorter than the refresh window would otherwise be refreshed on every call:
  // refresh such a token once half of its lifetime has passed.
  const refreshWindow = Math.min(refreshBeforeMs, Math.max(0, expiresAt - now) / 2);
  return { value, expiresAt, refreshAt: expiresAt - refreshWindow };
}

function expiryOf(token: string, expiresIn: unknown): number {
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)
    return Date.now() + expiresIn * 1000;
  try {
    const exp = decodeJwtClaims(token).exp;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Not a JWS: the lifetime is unknown, so the token is kept until the API rejects it.
  }
  return Number.POSITIVE_INFINITY;
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function refuseControlCharacters(value: string, field: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new ValidationError(field, 'must not contain control characters');
}
