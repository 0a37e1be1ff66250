import { staticToken } from '@x/auth';
import { type ClientOptions, createApiClient } from '@x/runtime';
import { familyEnv, processEnv, readEnv, secretSafe } from '@x/runtime/internal';
import type { EventsApi } from './api.js';
import { EVENTS_ENV } from './environment.js';
import type { paths } from './generated/schema.js';
import { Events } from './resources/events.js';
import { VERSION } from './version.js';

export type { EventsApi } from './api.js';

/** Options of the events client: `baseUrl` is your `{events_url}`, `auth` your API key. */
export type EventsClientOptions = ClientOptions;

/** The family E client: list, tail and export the tenant's security events. */
export interface EventsClient extends Pick<Events, 'list' | 'follow' | 'export'> {
  /** The typed openapi-fetch client for the spec, with the same auth, retries and errors. */
  readonly raw: EventsApi['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: EventsApi['request'];
}

/**
 * Creates a client for the events export API (family E). The API key goes in `auth` as a bearer
 * token (`staticToken(key)`).
 * @example
 * const events = createEventsClient({ baseUrl: 'https://events.example.com', auth: staticToken(apiKey) });
 * for await (const event of events.list({ eventType: 'USER_CHANGE', startTime: Date.now() - 3_600_000 }))
 *   console.log(event.id);
 */
export function createEventsClient(options: EventsClientOptions): EventsClient {
  const api: EventsApi = createApiClient<paths>(options, { name: 'events', version: VERSION });
  const events = new Events(api);
  const client: EventsClient = {
    list: (params, listOptions) => events.list(params, listOptions),
    follow: (followOptions) => events.follow(followOptions),
    export: (exportOptions) => events.export(exportOptions),
    raw: api.raw,
    request: api.request,
  };
  return Object.freeze(secretSafe(client, () => `EventsClient(${api.baseUrl})`));
}

/**
 * A client configured from the environment: `X_EVENTS_URL` and `X_EVENTS_API_KEY` (and
 * `X_LOG_LEVEL` to log to the console, `X_ALLOW_INSECURE_HTTP=1` for plain http to a host that
 * is not loopback). Options given here win over the environment (and make
 * their variables optional).
 * @throws ConfigurationError naming every variable that is missing.
 */
export function fromEnv(
  options: Partial<EventsClientOptions> = {},
  env: Record<string, string | undefined> = processEnv(),
): EventsClient {
  const needed = [
    ...(options.baseUrl ? [] : [EVENTS_ENV.url]),
    ...(options.auth ? [] : [EVENTS_ENV.apiKey]),
  ];
  const values = readEnv(env, 'the events client', needed);
  const { settings } = familyEnv(EVENTS_ENV, env, options.auth !== undefined);
  return createEventsClient({
    ...settings,
    ...options,
    baseUrl: options.baseUrl ?? values[EVENTS_ENV.url],
    auth: options.auth ?? staticToken(values[EVENTS_ENV.apiKey]),
  });
}
