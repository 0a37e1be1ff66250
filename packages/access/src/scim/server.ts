// A realm's SCIM 2.0 server (RFC 7643, RFC 7644), at `{baseUrl}/v1/tenants/{tenant_id}/realms/
// {realm_id}/scim/v2` unless the client's `scimBaseUrl` says otherwise: its users (the realm's
// identities) and groups, and the discovery documents that say what it serves and supports.
import type { ApiPromise, CallOptions } from '@x/runtime';
import type { AccessScimApi } from '../api.js';
import type { components } from '../generated/schema.js';
import { ScimGroups } from './groups.js';
import { ScimUsers } from './users.js';

type Schemas = components['schemas'];

/** The resource types the server serves (`User`, `Group`), as a SCIM list response. */
export type ScimResourceTypeList = Schemas['ScimResourceTypeList'];
/** The schemas of the resources the server serves, as a SCIM list response. */
export type ScimSchemaList = Schemas['ScimSchemaList'];
/** What the server supports (RFC 7643 section 5): patch and filter, not bulk, sort or ETags. */
export type ScimServiceProviderConfig = Schemas['ScimServiceProviderConfig'];

/**
 * The SCIM server of one realm. Requests are sent as `application/json`; errors carry the SCIM
 * error object as `error.scim`.
 */
export class Scim {
  /** SCIM users (the realm's identities): create, get, list, replace, patch, delete. */
  declare readonly users: ScimUsers;
  /** SCIM groups: create, get, list, patch, rename, addMembers, removeMembers, delete. */
  declare readonly groups: ScimGroups;
  readonly #api: AccessScimApi;

  /** @internal */
  constructor(api: AccessScimApi) {
    this.#api = api;
    Object.freeze(Object.assign(this, { users: new ScimUsers(api), groups: new ScimGroups(api) }));
  }

  /**
   * The typed openapi-fetch client of this realm's SCIM server, for what the resources above do
   * not wrap; same auth, retries and errors. Made on first read.
   */
  get raw(): AccessScimApi['raw'] {
    return this.#api.raw;
  }

  /** Untyped requests to this realm's SCIM server. */
  get request(): AccessScimApi['request'] {
    return this.#api.request;
  }

  /** The resource types the server serves (`GET /ResourceTypes`). */
  resourceTypes(options?: CallOptions): ApiPromise<ScimResourceTypeList> {
    return this.#api.get('/ResourceTypes', {}, options);
  }

  /** The schemas of the resources the server serves (`GET /Schemas`). */
  schemas(options?: CallOptions): ApiPromise<ScimSchemaList> {
    return this.#api.get('/Schemas', {}, options);
  }

  /** What the server supports (`GET /ServiceProviderConfig`). */
  serviceProviderConfig(options?: CallOptions): ApiPromise<ScimServiceProviderConfig> {
    return this.#api.get('/ServiceProviderConfig', {}, options);
  }
}
