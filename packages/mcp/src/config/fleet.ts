// Fleet mode in the MCP server: with `X_FLEET_URL`, every family client takes its token from the
// fleet's shared token store and paces itself on the fleet's shared rate budget of its tenant, so
// several server processes (and the app's own SDK processes under the same key prefix) stay under
// one tenant limit with one token. Only those two: the server runs no follower. `@x/fleet` is an
// optional dependency, imported only when the variable is set.
import type { RequestLimiter } from '@x/runtime';
import type { fromEnv } from '@x/workforce';
import type { Env } from './families.js';

/** The variable naming the fleet's Redis. */
export const FLEET_URL_VARIABLE = 'X_FLEET_URL';

/** `@x/auth`'s TokenStore, as the families' `fromEnv` take it. */
type TokenStore = NonNullable<NonNullable<Parameters<typeof fromEnv>[0]>['tokenStore']>;

/** What the family clients share with the fleet. */
export interface SharedLimits {
  /** Where client credentials keep their token. */
  readonly tokenStore: TokenStore;
  /** The rate budget of the tenant at `baseUrl` (one per API host). */
  rateBudget(baseUrl: string): RequestLimiter | undefined;
  /** The Redis URL, password masked, for the status line. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Connects to the fleet named by `X_FLEET_URL`; undefined when it is not set. An unreachable
 * Redis is not an error (one warning through `log`, per-process limits until it is back).
 * @throws Error when `@x/fleet` is not installed or the URL is refused (its password masked).
 */
export async function sharedLimitsFromEnv(
  env: Env,
  log: (line: string) => void,
): Promise<SharedLimits | undefined> {
  const url = env[FLEET_URL_VARIABLE];
  if (url === undefined || url === '') return undefined;
  let fleetModule: typeof import('@x/fleet');
  try {
    fleetModule = await import('@x/fleet');
  } catch (error) {
    throw new Error(
      `${FLEET_URL_VARIABLE} is set but the optional package @x/fleet is not installed (${(error as Error).message}): npm install @x/fleet`,
    );
  }
  const fleet = await fleetModule.connectFleet({ url, onWarning: log });
  return {
    tokenStore: fleet.tokenStore,
    rateBudget(baseUrl) {
      try {
        return fleet.rateBudget(new URL(baseUrl).host);
      } catch {
        return undefined;
      }
    },
    url: fleet.url,
    close: () => fleet.close(),
  };
}

/** The options a family's `fromEnv` takes from the fleet: its token store and its tenant's budget. */
export function sharedOptions(
  shared: SharedLimits | undefined,
  baseUrl: string | undefined,
  withToken: boolean,
): { tokenStore?: TokenStore; rateLimit?: RequestLimiter } {
  if (!shared) return {};
  const budget = baseUrl ? shared.rateBudget(baseUrl) : undefined;
  return {
    ...(withToken ? { tokenStore: shared.tokenStore } : {}),
    ...(budget ? { rateLimit: budget } : {}),
  };
}
