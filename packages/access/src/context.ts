// What the scoped resource objects share: the runtime client and the ids of their scope.
import type { ApiClient } from '@x/runtime';
import type { AccessApiPaths } from './paths.js';

/** The runtime client of the management API. */
export type AccessApi = ApiClient<AccessApiPaths>;

/** A tenant scope: the client and the checked tenant id. */
export interface TenantScope {
  readonly client: AccessApi;
  readonly path: { readonly tenant_id: string };
}

/** A realm scope: the client and the checked tenant and realm ids. */
export interface RealmScope {
  readonly client: AccessApi;
  readonly path: { readonly tenant_id: string; readonly realm_id: string };
}
