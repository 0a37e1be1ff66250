// The tenant's realms. Everything else (groups, identities, roles, …) lives in a realm, reached
// through `access.realm(realmId)`.
import { pageTokenPaging } from '@x/runtime/internal';
import type { TenantScope } from '../api.js';
import { displayName, oneOf } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery } from './lists.js';

const PATHS = {
  realms: '/v1/tenants/{tenant_id}/realms',
  realm: '/v1/tenants/{tenant_id}/realms/{realm_id}',
} as const;

const CLASSIFICATIONS: readonly RealmClassification[] = ['SECURE_WORKFORCE', 'SECURE_CUSTOMER'];

type Schemas = components['schemas'];

/** A realm of the tenant. */
export type Realm = Schemas['Realm'];
/** One page of realms, as the server sent it. */
export type RealmList = Schemas['RealmList'];
/** `SECURE_WORKFORCE` or `SECURE_CUSTOMER`, as sent (a realm read back may carry a newer one). */
export type RealmClassification = Schemas['RealmClassification'];

/** A realm to create. */
export type RealmCreate = Input<Schemas['RealmCreate']>;
/** The fields of a realm to change; omitted fields stay as they are. No read-only field. */
export type RealmUpdate = Input<Schemas['RealmUpdate']>;
/** Which realms to list (`page_size` at most 200; `page_token` is where the list starts). */
export type RealmListParams = SkipPageParams;

const REALMS = {
  paths: [PATHS.realms, PATHS.realm],
  ...wrapped<RealmCreate, RealmUpdate>('realm', {
    writable: { display_name: displayName, classification: oneOf(CLASSIFICATIONS) },
    readOnly: ['id', 'tenant_id', 'create_time', 'update_time'],
  }),
  params: SKIP_PAGE_PARAMS,
  listQuery: (params: RealmListParams) => skipPageQuery(params),
  pages: pageTokenPaging<RealmList, Realm>((page) => page.realms),
} as const;

/**
 * The tenant's realms: create, list, get, update and delete. A realm can be deleted only while it
 * has no identities, groups or roles (ConflictError otherwise).
 */
export class Realms extends crudResource(REALMS)<TenantScope> {}
