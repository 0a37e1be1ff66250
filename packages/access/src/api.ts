// The runtime clients the resources are described over, and the scopes they are built with. A
// leaf module: resources import their types from here and the client (which imports every
// resource) builds them, so no import cycle runs through client.ts or realm.ts.
import type { ApiClient } from '@x/runtime';
import type { paths } from './generated/schema.js';

/**
 * Token issuance lives on `{access_auth_url}`, not on `baseUrl`: it is `@x/auth`'s job
 * (`clientCredentials` with `accessTokenUrl`), so it is left out of the management API's paths.
 */
type TokenIssuancePath =
  '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/token';

/** The paths of the access management API on `baseUrl` (every path under `/v1/`). */
export type AccessApiPaths = Pick<
  paths,
  Exclude<Extract<keyof paths, `/v1/${string}`>, TokenIssuancePath>
>;

/**
 * The paths of a realm's SCIM 2.0 server (`/Users`, `/Groups`, discovery), relative to its base
 * `{baseUrl}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`.
 */
export type AccessScimPaths = Omit<paths, Extract<keyof paths, `/v1/${string}`>>;

/** The runtime client of the management API: typed `get`/`post`/`patch`/`delete`/`list`/`batch`. */
export type AccessApi = ApiClient<AccessApiPaths>;

/** The runtime client of one realm's SCIM server, typed with the SCIM paths only. */
export type AccessScimApi = ApiClient<AccessScimPaths>;

/** The path parameters of everything in the tenant. */
export interface TenantPath {
  readonly tenant_id: string;
}

/** The path parameters of everything in a realm. */
export interface RealmPath extends TenantPath {
  readonly realm_id: string;
}

/** What a tenant-level resource is built with: the client and the tenant's path parameters. */
export interface TenantScope {
  readonly api: AccessApi;
  readonly path: TenantPath;
}

/**
 * What every realm resource is built with (`new Groups(scope)`): the management API's client, the
 * realm's path parameters, and the realm's SCIM client.
 */
export interface RealmScope {
  readonly api: AccessApi;
  readonly path: RealmPath;
  /**
   * The realm's SCIM client, sending to `{baseUrl}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`
   * (or the client's `scimBaseUrl`). Made on first read and shared by every `realm(id)` of the
   * same id, so the SCIM server's rate limit is tracked once per realm.
   */
  readonly scim: AccessScimApi;
}
