// The resource servers of a realm: the APIs applications can be granted access to, with the
// scopes they define, and their roles (`realm.resourceServers.roles`).
import { pageTokenPaging } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { displayName, strings, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { crudResource, wrapped } from './crud.js';
import { MAX_SMALL_PAGE_SIZE, PAGE_PARAMS, type PageParams, pageQuery } from './lists.js';
import { ResourceServerRoles } from './roles.js';

const PATHS = {
  servers: '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers',
  server: '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}',
} as const;

const serverPages = pageTokenPaging<ResourceServerList, ResourceServer>(
  (page) => page.resource_servers,
);

type Schemas = components['schemas'];

/** A resource server (an API applications can be granted access to) and its scopes. */
export type ResourceServer = Schemas['ResourceServer'];
/** One page of resource servers, as the server sent it. */
export type ResourceServerList = Schemas['ResourceServerList'];
/** Which resource servers to list (`page_size` at most 100; `page_token` is where it starts). */
export type ResourceServerListParams = PageParams;

/** A resource server to create. */
export type ResourceServerCreate = Input<Schemas['ResourceServerCreate']>;
/**
 * The fields of a resource server to change; omitted fields stay as they are. `scopes` replaces
 * the whole list, and roles keep their scopes: update them by hand.
 */
export type ResourceServerUpdate = Input<Schemas['ResourceServerUpdate']>;

const RESOURCE_SERVERS = {
  paths: [PATHS.servers, PATHS.server],
  ...wrapped<ResourceServerCreate, ResourceServerUpdate>('resource_server', {
    writable: { display_name: displayName, identifier: text, scopes: strings },
    readOnly: ['id', 'realm_id', 'tenant_id', 'is_managed'],
  }),
  params: PAGE_PARAMS,
  listQuery: (params: ResourceServerListParams) => pageQuery(params, MAX_SMALL_PAGE_SIZE),
  pages: serverPages,
} as const;

/**
 * The resource servers of a realm: create, list, get, update and delete, and their roles. The
 * management API itself is one (`is_managed`).
 */
export class ResourceServers extends crudResource(RESOURCE_SERVERS)<RealmScope> {
  /**
   * The roles of a resource server, with their members and scopes:
   * `resourceServers.roles.create(resourceServerId, role)`, list, get, update, delete.
   */
  readonly roles = new ResourceServerRoles(this.scope);
}
