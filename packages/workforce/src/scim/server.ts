// The SCIM 2.0 server under `/scim/v2` (RFC 7643, RFC 7644): its users and groups, and the
// discovery endpoints that say what it serves and supports (RFC 7644 section 4).
import type { ApiPromise, CallOptions } from '@x/runtime';
import type { WorkforceApi } from '../api.js';
import { ScimGroups } from './groups.js';
import type { ScimResourceTypeList, ScimSchemaList, ScimServiceProviderConfig } from './types.js';
import { ScimUsers } from './users.js';

const PATHS = {
  resourceTypes: '/scim/v2/ResourceTypes',
  schemas: '/scim/v2/Schemas',
  serviceProviderConfig: '/scim/v2/ServiceProviderConfig',
} as const;

/** The SCIM 2.0 server under `/scim/v2`. Errors carry the SCIM error object as `scim`. */
export class Scim {
  /** SCIM users: create, get, list, replace, patch, delete. */
  readonly users: ScimUsers;
  /** SCIM groups: create, get, list, patch (name or members), delete, addMembers, removeMembers. */
  readonly groups: ScimGroups;

  /** @internal */
  constructor(private readonly api: WorkforceApi) {
    this.users = new ScimUsers(api);
    this.groups = new ScimGroups(api);
    Object.freeze(this);
  }

  /** The resource types the server serves (`/ResourceTypes`). */
  resourceTypes(options?: CallOptions): ApiPromise<ScimResourceTypeList> {
    return this.api.get(PATHS.resourceTypes, {}, options);
  }

  /** The schemas of the resources the server serves (`/Schemas`). */
  schemas(options?: CallOptions): ApiPromise<ScimSchemaList> {
    return this.api.get(PATHS.schemas, {}, options);
  }

  /** The service provider configuration (`/ServiceProviderConfig`). */
  serviceProviderConfig(options?: CallOptions): ApiPromise<ScimServiceProviderConfig> {
    return this.api.get(PATHS.serviceProviderConfig, {}, options);
  }
}
