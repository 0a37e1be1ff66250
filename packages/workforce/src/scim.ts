import { type ApiClient, type CallOptions, unwrap } from '@x/runtime';
import type { components, paths } from './generated/schema.js';
import { ScimUsers } from './scim-users.js';

/** What the SCIM server supports (RFC 7643 section 5): bulk, etag and sort are unsupported. */
export type ScimServiceProviderConfig = components['schemas']['ScimServiceProviderConfig'];

/** The SCIM 2.0 server under `/scim/v2`. */
export interface Scim {
  /** SCIM users: create, get, list. */
  readonly users: ScimUsers;
  /** The service provider configuration (`/scim/v2/ServiceProviderConfig`). */
  serviceProviderConfig(options?: CallOptions): Promise<ScimServiceProviderConfig>;
}

/** Builds the `scim` part of the client. */
export function createScim(client: ApiClient<paths>): Scim {
  return Object.freeze({
    users: new ScimUsers(client),
    async serviceProviderConfig(options?: CallOptions): Promise<ScimServiceProviderConfig> {
      return unwrap(client.raw.GET('/scim/v2/ServiceProviderConfig', { ...client.call(options) }));
    },
  });
}
