import { type CallOptions, unwrap } from '@x/runtime';
import type { TenantScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';
import {
  checkPageToken,
  type ListOptions,
  pagingQuery,
  type SkipPageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';

/** A realm of the tenant. */
export type Realm = components['schemas']['Realm'];
/** `SECURE_WORKFORCE` or `SECURE_CUSTOMER`. */
export type RealmClassification = components['schemas']['RealmClassification'];
/** The attributes of a realm to create or update. */
export type RealmInput = components['schemas']['RealmInput'];
/** One page of realms, as the server sent it. */
export type RealmList = components['schemas']['RealmList'];
/** Parameters of the realms list (`pageSize` at most 200). */
export type ListRealmsParams = SkipPageParams;

/** The realms of the tenant: create, list, get, update and delete. */
export class RealmsResource {
  /** @internal */
  constructor(private readonly scope: TenantScope) {}

  /**
   * Creates a realm.
   * @throws ValidationError when `display_name` breaks the name rules, before anything is sent.
   */
  async create(input: RealmInput, options?: CallOptions): Promise<Realm> {
    const realm = realmInput(input);
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms', {
        params: { path },
        body: { realm },
        ...client.call(options),
      }),
    );
  }

  /**
   * Lists the realms, page by page as you iterate (`for await (const realm of access.realms.list())`).
   * @throws ValidationError (synchronously) when `pageSize` or `skip` is out of range.
   */
  list(params: ListRealmsParams = {}, options?: ListOptions): TokenPaginator<Realm, RealmList> {
    const query = pagingQuery(params);
    return tokenListing(
      (page_token, call) => this.fetch({ ...query, page_token }, call),
      (raw) => raw.realms,
      options,
      params.pageToken,
    );
  }

  /** One page of realms; pass its `next_page_token` as `pageToken` for the next one. */
  async listPage(params: ListRealmsParams = {}, options?: CallOptions): Promise<RealmList> {
    return this.fetch(
      { ...pagingQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Retrieves a realm. */
  async get(realmId: string, options?: CallOptions): Promise<Realm> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}', {
        params: { path: this.pathOf(realmId) },
        ...client.call(options),
      }),
    );
  }

  /** Updates a realm (only the attributes given change). */
  async update(realmId: string, input: RealmInput, options?: CallOptions): Promise<Realm> {
    const path = this.pathOf(realmId);
    const realm = realmInput(input);
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}/realms/{realm_id}', {
        params: { path },
        body: { realm },
        ...client.call(options),
      }),
    );
  }

  /**
   * Deletes a realm. Succeeds only when it has no identities, groups or roles.
   * @throws ConflictError (409) while the realm still has dependents.
   */
  async delete(realmId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE('/v1/tenants/{tenant_id}/realms/{realm_id}', {
        params: { path: this.pathOf(realmId) },
        ...client.call(options),
      }),
    );
  }

  private async fetch(
    query: { page_size?: number; skip?: number; page_token?: string },
    options?: CallOptions,
  ): Promise<RealmList> {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private pathOf(realmId: string) {
    return { tenant_id: this.scope.path.tenant_id, realm_id: requireId(realmId, 'realmId') };
  }
}

function realmInput(input: RealmInput): RealmInput {
  requireObject(input, 'realm');
  if (input.display_name !== undefined) checkDisplayName(input.display_name, 'realm.display_name');
  return input;
}
