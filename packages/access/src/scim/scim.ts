import { type ApiClient, type CallOptions, unwrap } from '@x/runtime';
import type { components } from '../generated/schema.js';
import type { AccessScimPaths } from '../paths.js';
import { ScimGroupsResource } from './groups.js';
import { ScimUsersResource } from './users.js';

/** Returns the runtime client of the SCIM server, or throws ValidationError when none is configured. */
export type ScimApi = () => ApiClient<AccessScimPaths>;

/** Resource types the SCIM server supports (the body is not published for family A). */
export type ScimResourceTypes = components['schemas']['ScimResourceTypes'];
/** Schemas the SCIM server supports (the body is not published for family A). */
export type ScimSchemas = components['schemas']['ScimSchemas'];
/** The SCIM service provider configuration (the values are not published for family A). */
export type ScimServiceProviderConfig = components['schemas']['ScimServiceProviderConfig'];

/**
 * The access platform's SCIM 2.0 server (on its own base URL, `scimBaseUrl`): users, groups
 * and discovery.
 */
export class ScimResource {
  /** SCIM users (they map to identities). */
  readonly users: ScimUsersResource;
  /** SCIM groups. */
  readonly groups: ScimGroupsResource;

  /** @internal */
  constructor(private readonly api: ScimApi) {
    this.users = new ScimUsersResource(api);
    this.groups = new ScimGroupsResource(api);
  }

  /**
   * The typed openapi-fetch client of the SCIM server (`scimBaseUrl`), for what the resources
   * above do not wrap.
   * @throws ValidationError when the client was created without `scimBaseUrl`.
   */
  get raw(): ReturnType<ScimApi>['raw'] {
    return this.api().raw;
  }

  /**
   * Untyped requests to the SCIM server (`scimBaseUrl`) for anything the spec does not describe.
   * @throws ValidationError when the client was created without `scimBaseUrl`.
   */
  get request(): ReturnType<ScimApi>['request'] {
    return this.api().request;
  }

  /** The resource types the server supports. */
  async resourceTypes(options?: CallOptions): Promise<ScimResourceTypes> {
    const client = this.api();
    return unwrap(client.raw.GET('/ResourceTypes', { ...client.call(options) }));
  }

  /** The schemas the server supports. */
  async schemas(options?: CallOptions): Promise<ScimSchemas> {
    const client = this.api();
    return unwrap(client.raw.GET('/Schemas', { ...client.call(options) }));
  }

  /** The service provider configuration. */
  async serviceProviderConfig(options?: CallOptions): Promise<ScimServiceProviderConfig> {
    const client = this.api();
    return unwrap(client.raw.GET('/ServiceProviderConfig', { ...client.call(options) }));
  }
}
