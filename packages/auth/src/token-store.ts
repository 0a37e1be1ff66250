// Where a client-credentials provider keeps its token. The default lives in this process; a store
// shared by several processes (`@x/fleet` on Redis) implements the same two methods, so that a
// fleet fetches one token per expiry instead of one per process.
import { abortable } from '@x/runtime/internal';

/** A token and its lifetime, as the token endpoint gave it. */
export interface StoredToken {
  /** The access token. */
  readonly value: string;
  /** Epoch ms after which the token must not be used; Infinity when the server gave no lifetime. */
  readonly expiresAt: number;
  /** Epoch ms from which a fresh token is fetched (ahead of expiry). */
  readonly refreshAt: number;
}

/** What a `TokenStore` is asked with: the key of the token and how to fetch a new one. */
export interface TokenRequest {
  /** Names one token: the token URL, the client id and the scope (never the secret). */
  readonly key: string;
  /** Fetches a new token from the token endpoint. The store calls it at most once at a time. */
  readonly fetchToken: () => Promise<StoredToken>;
  /** The caller's signal: ends this caller's wait only, never the shared request. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Keeps the tokens of `clientCredentials` providers: returns a token still fresh, or fetches one
 * with `fetchToken` once for every caller that shares the store (single flight).
 */
export interface TokenStore {
  /** A token for `request.key`: the stored one while fresh, else one fetched once for all callers. */
  token(request: TokenRequest): Promise<string>;
  /**
   * Drops `token` (the API answered 401 with it), only when it is still the one stored under
   * `key`: a newer token another caller fetched meanwhile is kept.
   */
  invalidate(key: string, token: string): void | Promise<void>;
}

/**
 * The default store: tokens kept in this process. A token close to expiry (past `refreshAt`) is
 * still served while a fresh one is fetched in the background.
 */
export function memoryTokenStore(): TokenStore {
  const cached = new Map<string, StoredToken>();
  const inFlight = new Map<string, Promise<StoredToken>>();
  // One request shared by every caller of a key. It is not bound to any caller's signal: one
  // caller giving up must not fail the others waiting for the same token.
  const fetchOnce = (key: string, fetchToken: () => Promise<StoredToken>) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchToken()
        .then((token) => {
          cached.set(key, token);
          return token;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
  return {
    async token({ key, fetchToken, signal }) {
      const now = Date.now();
      const token = cached.get(key);
      if (token && now < token.expiresAt) {
        // Still valid but close to expiry: refresh in the background, keep serving this one.
        if (now >= token.refreshAt && !inFlight.has(key))
          fetchOnce(key, fetchToken).catch(() => undefined);
        return token.value;
      }
      return (await abortable(fetchOnce(key, fetchToken), signal)).value;
    },
    invalidate(key, token) {
      if (cached.get(key)?.value === token) cached.delete(key);
    },
  };
}
