import { type ApiClient, type ClientOptions, createApiClient } from '@x/runtime';
import type { paths } from './generated/schema.js';
import { LegacyUsers } from './users.js';

/** Options of the legacy client: `baseUrl` is your `{legacy_api_url}`. */
export type LegacyClientOptions = ClientOptions;

/** The family L client. */
export interface LegacyClient {
  /** Create and recover users. */
  readonly users: LegacyUsers;
  /** The typed openapi-fetch client for every operation of the spec, with the same auth, retries and errors. */
  readonly raw: ApiClient<paths>['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: ApiClient<paths>['request'];
}

/**
 * Creates a client for the legacy user-management API (family L).
 * @example
 * const legacy = createLegacyClient({ baseUrl: process.env.LEGACY_API_URL!, auth: staticToken(token) });
 * const user = await legacy.users.create({ external_id: 'crm-1', email: 'ada@example.com', user_name: 'ada', display_name: 'Ada' });
 */
export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const client = createApiClient<paths>(options);
  return Object.freeze({
    users: new LegacyUsers(client),
    raw: client.raw,
    request: client.request,
  });
}
