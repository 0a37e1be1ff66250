// One token per fleet: the `TokenStore` of `@x/auth`, kept in Redis. A token is stored under a
// key derived from the token URL, the client id and the scope, with a time to live that ends ahead
// of the token's refresh time (less a skew for clocks that differ between processes). A missing
// token is fetched under a lock (SET NX PX), so one process asks the token endpoint while the
// others poll for its result; a 401 deletes the token only while it is still the stored one.
import { createHash, randomUUID } from 'node:crypto';
import { memoryTokenStore, type StoredToken, type TokenRequest, type TokenStore } from '@x/auth';
import { abortable } from '@x/runtime/internal';
import type { FleetClock } from './clock.js';
import { type FleetConnection, RedisUnavailableError } from './connection.js';
import { COMPARE_AND_DELETE } from './scripts.js';

/** How the shared token cache behaves; every field has a default. */
export interface SharedTokenOptions {
  /** Prefix of every key the fleet writes. */
  readonly keyPrefix: string;
  /** Subtracted from each token's time to live in Redis, in ms, for clock skew. Default 5000. */
  readonly skewMs?: number | undefined;
  /** How long the fetching process holds the lock, at most, in ms. Default 30000. */
  readonly lockMs?: number | undefined;
  /**
   * How long this process uses its copy of the stored token before reading Redis again, in ms:
   * how soon another process's 401 reaches it. Default 1000.
   */
  readonly localCopyMs?: number | undefined;
  /** How often a waiting process looks for the token another one is fetching, in ms. Default 50. */
  readonly pollMs?: number | undefined;
  readonly clock: FleetClock;
}

/** A token as Redis holds it: its time to live in ms (-1: none) from `since` (this process's clock). */
interface Stored {
  value: string;
  ttlMs: number;
  since: number;
}

/** A token as this process last read it from Redis, and until when that read holds. */
interface LocalCopy {
  readonly value: string;
  readonly until: number;
}

/** The shared token cache. Falls back to an in-process store while Redis is unavailable. */
export class SharedTokenStore implements TokenStore {
  readonly #connection: FleetConnection;
  readonly #options: {
    keyPrefix: string;
    skewMs: number;
    lockMs: number;
    pollMs: number;
    localCopyMs: number;
    clock: FleetClock;
  };
  readonly #fallback = memoryTokenStore();
  readonly #copies = new Map<string, LocalCopy>();
  readonly #inFlight = new Map<string, Promise<LocalCopy>>();
  readonly #invalidating = new Map<string, Promise<void>>();

  constructor(connection: FleetConnection, options: SharedTokenOptions) {
    this.#connection = connection;
    this.#options = {
      keyPrefix: options.keyPrefix,
      skewMs: options.skewMs ?? 5000,
      lockMs: options.lockMs ?? 30_000,
      pollMs: options.pollMs ?? 50,
      localCopyMs: options.localCopyMs ?? 1000,
      clock: options.clock,
    };
  }

  async token(request: TokenRequest): Promise<string> {
    const { key } = request;
    // A 401's compare-and-delete goes first: reading before it would return the rejected token.
    await this.#invalidating.get(key);
    const copy = this.#copies.get(key);
    if (copy && this.#options.clock.now() < copy.until) return copy.value;
    if (!this.#connection.ready) return this.#fallback.token(request);
    try {
      return (await abortable(this.#shared(request), request.signal)).value;
    } catch (error) {
      if (error instanceof RedisUnavailableError) return this.#fallback.token(request);
      throw error;
    }
  }

  invalidate(key: string, token: string): Promise<void> {
    if (this.#copies.get(key)?.value === token) this.#copies.delete(key);
    this.#fallback.invalidate(key, token);
    const done = this.#connection
      .run((redis) => redis.eval(COMPARE_AND_DELETE, 1, this.#tokenKey(key), token))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (this.#invalidating.get(key) === done) this.#invalidating.delete(key);
      });
    this.#invalidating.set(key, done);
    return done;
  }

  /** The stored token, or one fetched under the lock: once per process at a time. */
  #shared(request: TokenRequest): Promise<LocalCopy> {
    let pending = this.#inFlight.get(request.key);
    if (!pending) {
      pending = this.#readOrFetch(request.key, request.fetchToken).finally(() =>
        this.#inFlight.delete(request.key),
      );
      this.#inFlight.set(request.key, pending);
    }
    return pending;
  }

  async #readOrFetch(key: string, fetchToken: () => Promise<StoredToken>): Promise<LocalCopy> {
    const { clock, lockMs, pollMs } = this.#options;
    const tokenKey = this.#tokenKey(key);
    const lockKey = `${tokenKey}:lock`;
    // Bounded: a lock holder that died lets go after lockMs, and then this process takes it.
    const giveUpAt = clock.now() + 2 * lockMs + 1000;
    while (clock.now() < giveUpAt) {
      const stored = await this.#read(tokenKey);
      if (stored) return this.#keep(key, stored);
      const owner = randomUUID();
      const locked = await this.#connection.run((redis) =>
        redis.set(lockKey, owner, 'PX', lockMs, 'NX'),
      );
      if (locked === 'OK') {
        try {
          return this.#keep(key, await this.#fetchAndStore(tokenKey, fetchToken));
        } finally {
          await this.#connection
            .run((redis) => redis.eval(COMPARE_AND_DELETE, 1, lockKey, owner))
            .catch(() => undefined);
        }
      }
      await clock.sleep(pollMs);
    }
    throw new RedisUnavailableError(
      `@x/fleet: no token appeared in Redis within ${2 * lockMs} ms while another process held the lock`,
    );
  }

  /**
   * The stored token and how long it lives on in Redis (PTTL; -1: no expiry), counted from
   * `since`, a time before the read went out: a local copy then never outlives the Redis key, however
   * late this process gets to the reply.
   */
  async #read(tokenKey: string): Promise<Stored | undefined> {
    const since = this.#options.clock.now();
    const replies = await this.#connection.run((redis) =>
      redis.multi().get(tokenKey).pttl(tokenKey).exec(),
    );
    const value = replies?.[0]?.[1];
    const ttlMs = replies?.[1]?.[1];
    if (typeof value !== 'string' || typeof ttlMs !== 'number' || ttlMs === -2) return undefined;
    return { value, ttlMs, since };
  }

  async #fetchAndStore(tokenKey: string, fetchToken: () => Promise<StoredToken>): Promise<Stored> {
    const token = await fetchToken();
    const now = this.#options.clock.now();
    // Stored until its refresh time (the provider's, ahead of expiry), less the skew.
    const ttlMs = Number.isFinite(token.refreshAt)
      ? Math.floor(token.refreshAt - now - this.#options.skewMs)
      : -1;
    if (ttlMs > 0)
      await this.#connection.run((redis) => redis.set(tokenKey, token.value, 'PX', ttlMs));
    else if (ttlMs === -1) await this.#connection.run((redis) => redis.set(tokenKey, token.value));
    // A lifetime shorter than the skew is not shared: used by this process once, then fetched again.
    return { value: token.value, ttlMs: ttlMs === -1 ? -1 : Math.max(0, ttlMs), since: now };
  }

  #keep(key: string, stored: Stored): LocalCopy {
    const lifeMs = stored.ttlMs === -1 ? Number.POSITIVE_INFINITY : stored.ttlMs;
    const until = stored.since + Math.min(lifeMs, this.#options.localCopyMs);
    const copy = { value: stored.value, until };
    this.#copies.set(key, copy);
    return copy;
  }

  /** The Redis key of a token: a digest, so that no URL or client id is readable in Redis. */
  #tokenKey(key: string): string {
    return `${this.#options.keyPrefix}token:${createHash('sha256').update(key).digest('hex')}`;
  }
}
