// The fleet object: one Redis connection, the shared token store and the shared rate budgets.
import type { TokenStore } from '@x/auth';
import type { FollowerLease } from '@x/events';
import type { RequestLimiter } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { type FleetClock, realClock } from './clock.js';
import { type ConnectionOptions, FleetConnection } from './connection.js';
import { type LeaseOptions, RedisFollowerLease } from './follower-lease.js';
import { SharedRateBudget } from './rate-budget.js';
import { checkRedisUrl } from './redis-url.js';
import { SharedTokenStore } from './token-store.js';

/** The environment variable that names the fleet's Redis: `redis://…` or `rediss://…`. */
export const FLEET_URL_ENV = 'X_FLEET_URL';

/** Options of `connectFleet`. */
export interface FleetOptions extends ConnectionOptions {
  /**
   * The Redis (or Valkey) server: `redis://[user:password@]host:port[/db]`, or `rediss://…` for
   * TLS. Its password is masked in every error and warning.
   */
  url: string;
  /** Prefix of every key the fleet writes. Default `x-sdk:`. Give each fleet its own. */
  keyPrefix?: string | undefined;
  /** Subtracted from each token's time to live in Redis, for clock skew, in ms. Default 5000. */
  tokenSkewMs?: number | undefined;
  /** How long a process reuses its copy of the shared token before reading Redis again, in ms. Default 1000. */
  tokenLocalCopyMs?: number | undefined;
  /**
   * How long a cold fleet holds its requests at most while the first learns the limit, in ms
   * (the hold ends at the first answer). Default 5000.
   */
  learningMs?: number | undefined;
  /**
   * The clock (tests inject one). The real clock leaves the rate budgets' time to the Redis
   * server's `TIME`; an injected one times their scripts too.
   */
  clock?: FleetClock | undefined;
}

/** One process's part of a fleet. */
export interface Fleet {
  /** The shared token cache: the `tokenStore` option of `clientCredentials` (`@x/auth`). */
  readonly tokenStore: TokenStore;
  /**
   * The shared rate budget named `name` (one per tenant, for example the tenant's API host): the
   * `rateLimit` option of a family client. The same name gives the same object.
   */
  rateBudget(name: string): RequestLimiter;
  /**
   * The follower lease named `name` (one per tail or export, for example the tenant and the
   * target): the `lease` option of `follow` and `export` (`@x/events`). The checkpoint is stored
   * beside it.
   */
  lease(name: string, options?: LeaseOptions): FollowerLease;
  /** Whether Redis answers now (false: this process runs on its own limits). */
  readonly connected: boolean;
  /** The Redis URL, password masked. */
  readonly url: string;
  /** Closes the connection. */
  close(): Promise<void>;
}

/**
 * Connects this process to its fleet. Resolves once Redis answered, or once the first attempt
 * failed: then with one warning, per-process behaviour, and reconnection in the background.
 */
export async function connectFleet(options: FleetOptions): Promise<Fleet> {
  const url = checkRedisUrl(options?.url);
  const keyPrefix = options.keyPrefix ?? 'x-sdk:';
  if (typeof keyPrefix !== 'string' || keyPrefix === '')
    throw new ValidationError('keyPrefix', 'must be a non-empty string');
  const clock = options.clock ?? realClock;
  const connection = await FleetConnection.open(url, options);
  const tokenStore = new SharedTokenStore(connection, {
    keyPrefix,
    skewMs: options.tokenSkewMs,
    localCopyMs: options.tokenLocalCopyMs,
    clock,
  });
  const budgets = new Map<string, SharedRateBudget>();
  return {
    tokenStore,
    rateBudget(name) {
      if (typeof name !== 'string' || name === '')
        throw new ValidationError('name', 'must be a non-empty string');
      let budget = budgets.get(name);
      if (!budget) {
        budget = new SharedRateBudget(connection, name, {
          keyPrefix,
          learningMs: options.learningMs,
          clock,
        });
        budgets.set(name, budget);
      }
      return budget;
    },
    lease(name, leaseOptions) {
      if (typeof name !== 'string' || name === '')
        throw new ValidationError('name', 'must be a non-empty string');
      return new RedisFollowerLease(connection, name, { ...leaseOptions, keyPrefix, clock });
    },
    get connected() {
      return connection.ready;
    },
    url: connection.maskedUrl,
    close: () => connection.close(),
  };
}

/** `connectFleet` with the URL from `X_FLEET_URL`, or undefined when it is not set. */
export async function fleetFromEnv(
  options: Omit<FleetOptions, 'url'> = {},
  env: Record<string, string | undefined> = process.env,
): Promise<Fleet | undefined> {
  const url = env[FLEET_URL_ENV];
  if (url === undefined || url === '') return undefined;
  return connectFleet({ ...options, url });
}
