import { type CallOptions, unwrap } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';
import {
  checkPageSize,
  checkPageToken,
  type ListOptions,
  MAX_SMALL_PAGE_SIZE,
  type PageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';

/** An authenticator configuration (embedded SDK, hosted web, console or platform). */
export type AuthenticatorConfig = components['schemas']['AuthenticatorConfig'];
/**
 * The body that creates an authenticator configuration. Its wrapper key is not published, so it
 * is sent as given.
 */
export type AuthenticatorConfigCreateBody =
  components['schemas']['AuthenticatorConfigCreateRequest'];
/** The updatable attributes of an authenticator configuration. */
export type AuthenticatorConfigInput = components['schemas']['AuthenticatorConfigInput'];
/** One page of authenticator configurations, as the server sent it. */
export type AuthenticatorConfigList = components['schemas']['AuthenticatorConfigList'];
/** Parameters of the authenticator configurations list (`pageSize` at most 100). */
export interface ListAuthenticatorConfigsParams extends PageParams {
  /** A filter, sent as given (its grammar is not published). The page token keeps it. */
  filter?: string;
}

type Query = { page_size?: number; filter?: string };

/** The authenticator configurations of a realm. */
export class AuthenticatorConfigsResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * Creates an authenticator configuration from the body given (sent as is: its wrapper key is
   * not published). A top-level `display_name` is checked against the name rules.
   */
  async create(
    body: AuthenticatorConfigCreateBody,
    options?: CallOptions,
  ): Promise<AuthenticatorConfig> {
    requireObject(body, 'body');
    // The resource's own fields, when sent unwrapped, follow the name rules.
    if (body.display_name !== undefined) checkDisplayName(body.display_name, 'display_name');
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs', {
        params: { path },
        body,
        ...client.call(options),
      }),
    );
  }

  /** Lists the authenticator configurations, page by page as you iterate. */
  list(
    params: ListAuthenticatorConfigsParams = {},
    options?: ListOptions,
  ): TokenPaginator<AuthenticatorConfig, AuthenticatorConfigList> {
    const query = configsQuery(params);
    return tokenListing(
      (page_token, call) => this.fetch({ ...query, page_token }, call),
      (raw) => raw.authenticator_configs,
      options,
      params.pageToken,
    );
  }

  /** One page of authenticator configurations. */
  async listPage(
    params: ListAuthenticatorConfigsParams = {},
    options?: CallOptions,
  ): Promise<AuthenticatorConfigList> {
    return this.fetch(
      { ...configsQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Retrieves an authenticator configuration. */
  async get(authenticatorConfigId: string, options?: CallOptions): Promise<AuthenticatorConfig> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs/{authenticator_config_id}',
        { params: { path: this.pathOf(authenticatorConfigId) }, ...client.call(options) },
      ),
    );
  }

  /** Updates an authenticator configuration (only the attributes given change). */
  async update(
    authenticatorConfigId: string,
    input: AuthenticatorConfigInput,
    options?: CallOptions,
  ): Promise<AuthenticatorConfig> {
    const path = this.pathOf(authenticatorConfigId);
    requireObject(input, 'authenticator_config');
    if (input.display_name !== undefined)
      checkDisplayName(input.display_name, 'authenticator_config.display_name');
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs/{authenticator_config_id}',
        { params: { path }, body: { authenticator_config: input }, ...client.call(options) },
      ),
    );
  }

  /** Deletes an authenticator configuration. */
  async delete(authenticatorConfigId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs/{authenticator_config_id}',
        { params: { path: this.pathOf(authenticatorConfigId) }, ...client.call(options) },
      ),
    );
  }

  private async fetch(query: Query & { page_token?: string }, options?: CallOptions) {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private pathOf(authenticatorConfigId: string) {
    return {
      ...this.scope.path,
      authenticator_config_id: requireId(authenticatorConfigId, 'authenticatorConfigId'),
    };
  }
}

function configsQuery(params: ListAuthenticatorConfigsParams): Query {
  requireObject(params, 'params');
  const query: Query = { page_size: checkPageSize(params.pageSize, MAX_SMALL_PAGE_SIZE) };
  if (params.filter !== undefined) query.filter = requireId(params.filter, 'filter');
  return query;
}
