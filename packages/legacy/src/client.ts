import { staticToken } from '@x/auth';
import { type ClientOptions, createApiClient } from '@x/runtime';
import { familyEnv, processEnv, readEnv, secretSafe } from '@x/runtime/internal';
import type { LegacyApi } from './api.js';
import { LEGACY_ENV } from './environment.js';
import type { paths } from './generated/schema.js';
import { LegacyUsers } from './resources/users.js';
import { VERSION } from './version.js';

export type { LegacyApi };

/** Options of the legacy client: `baseUrl` is your `{legacy_api_url}`. */
export type LegacyClientOptions = ClientOptions;

/** The family L client. */
export interface LegacyClient {
  /** Create and recover users. */
  readonly users: LegacyUsers;
  /** The typed openapi-fetch client for every operation of the spec, with the same auth, retries and errors. */
  readonly raw: LegacyApi['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: LegacyApi['request'];
}

/**
 * Creates a client for the legacy user-management API (family L).
 * @example
 * const legacy = createLegacyClient({ baseUrl: process.env.X_LEGACY_URL!, auth: staticToken(token) });
 * const user = await legacy.users.create({ external_id: 'crm-1', email: 'ada@example.com', user_name: 'ada', display_name: 'Ada' });
 */
export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const api = createApiClient<paths>(options, { name: 'legacy', version: VERSION });
  const client: LegacyClient = {
    users: new LegacyUsers(api),
    raw: api.raw,
    request: api.request,
  };
  return Object.freeze(secretSafe(client, () => `LegacyClient(${api.baseUrl})`));
}

/**
 * A client configured from the environment: `X_LEGACY_URL` and `X_LEGACY_TOKEN` (and
 * `X_LOG_LEVEL` to log to the console, `X_ALLOW_INSECURE_HTTP=1` for plain http to a host that
 * is not loopback). Options given here win over the environment (and make
 * their variables optional).
 * @throws ConfigurationError naming every variable that is missing.
 */
export function fromEnv(
  options: Partial<LegacyClientOptions> = {},
  env: Record<string, string | undefined> = processEnv(),
): LegacyClient {
  const needed = [
    ...(options.baseUrl ? [] : [LEGACY_ENV.url]),
    ...(options.auth ? [] : [LEGACY_ENV.token]),
  ];
  const values = readEnv(env, 'the legacy client', needed);
  const { settings } = familyEnv(LEGACY_ENV, env, options.auth !== undefined);
  return createLegacyClient({
    ...settings,
    ...options,
    baseUrl: options.baseUrl ?? values[LEGACY_ENV.url]!,
    auth: options.auth ?? staticToken(values[LEGACY_ENV.token]!),
  });
}
