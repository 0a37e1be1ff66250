import { type CallOptions, unwrap, ValidationError } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';
import {
  checkPageSize,
  checkPageToken,
  type ListOptions,
  MAX_PAGE_SIZE,
  type PageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';

/** A single sign-on configuration of a realm. */
export type SsoConfig = components['schemas']['SsoConfig'];
/** The kind of an SSO configuration, for example `generic_saml`. */
export type SsoConfigType = components['schemas']['SsoConfigType'];
/** The typed payload of an SSO configuration (its fields per kind are not published). */
export type SsoConfigPayload = components['schemas']['SsoConfigPayload'];
/** The attributes of an SSO configuration to create (`display_name` and `payload` required). */
export type SsoConfigInput = components['schemas']['SsoConfigInput'];
/** One page of SSO configurations, as the server sent it. */
export type SsoConfigList = components['schemas']['SsoConfigList'];
/** The groups associated with an SSO configuration (the body's shape is not published). */
export type SsoConfigGroupListing = components['schemas']['SsoConfigGroupListing'];
/** The empty object returned when an identity is assigned to an SSO configuration. */
export type IdentityAssignedResponse = components['schemas']['IdentityAssignedResponse'];

/** Parameters of the SSO configurations list (`pageSize` at most 200). */
export interface ListSsoConfigsParams extends PageParams {
  /** Only configurations of these kinds. */
  types?: readonly SsoConfigType[];
  /** Only configurations that were (true) or were not (false) added by a migration script. */
  isMigrated?: boolean;
  /** Sort order, sent as given (its grammar is not published). */
  orderBy?: string;
  /**
   * The `x-correlation_id` sent with every page request of this listing. Default: the
   * `x-correlation_id` of `options.headers`, else a fresh random UUID per listing.
   */
  correlationId?: string;
}

const SSO_CONFIG_TYPES: readonly SsoConfigType[] = [
  'bookmark',
  'cloud_directory_external_auth_methods',
  'generic_oidc',
  'generic_oidc_idp',
  'generic_saml',
  'partner_idp',
  'partner_sso_vendor_idp',
  'scim',
  'ws_fed',
];

type Query = {
  page_size?: number;
  type?: SsoConfigType[];
  is_migrated?: boolean;
  order_by?: string;
};

/** The SSO configurations of a realm: create, list, retrieve, and their assignments. */
export class SsoConfigsResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /** Creates an SSO configuration. */
  async create(input: SsoConfigInput, options?: CallOptions): Promise<SsoConfig> {
    requireObject(input, 'sso_config');
    checkDisplayName(input.display_name, 'sso_config.display_name');
    requireObject(input.payload, 'sso_config.payload');
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs', {
        params: { path },
        body: { sso_config: input },
        ...client.call(options),
      }),
    );
  }

  /**
   * Lists the SSO configurations, page by page as you iterate. Every page request of one
   * listing carries the same query and the same `x-correlation_id`.
   */
  list(
    params: ListSsoConfigsParams = {},
    options?: ListOptions,
  ): TokenPaginator<SsoConfig, SsoConfigList> {
    const query = ssoConfigsQuery(params);
    const correlationId = correlationIdOf(params, options);
    return tokenListing(
      (page_token, call) => this.fetch({ ...query, page_token }, correlationId, call),
      (raw) => raw.sso_configs,
      options,
      params.pageToken,
    );
  }

  /** One page of SSO configurations. */
  async listPage(params: ListSsoConfigsParams = {}, options?: CallOptions): Promise<SsoConfigList> {
    const query = ssoConfigsQuery(params);
    const correlationId = correlationIdOf(params, options);
    return this.fetch(
      { ...query, page_token: checkPageToken(params.pageToken) },
      correlationId,
      options,
    );
  }

  /** Retrieves an SSO configuration. */
  async get(ssoConfigId: string, options?: CallOptions): Promise<SsoConfig> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs/{sso_config_id}', {
        params: { path: this.pathOf(ssoConfigId) },
        ...client.call(options),
      }),
    );
  }

  /** The groups associated with an SSO configuration. */
  async listGroups(ssoConfigId: string, options?: CallOptions): Promise<SsoConfigGroupListing> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs/{sso_config_id}/groups',
        { params: { path: this.pathOf(ssoConfigId) }, ...client.call(options) },
      ),
    );
  }

  /**
   * Checks whether an identity is assigned to an SSO configuration: resolves with an empty
   * object when it is. (The answer for an unassigned identity is not published; a 404 arrives
   * as NotFoundError.)
   */
  async checkIdentityAssignment(
    ssoConfigId: string,
    identityId: string,
    options?: CallOptions,
  ): Promise<IdentityAssignedResponse> {
    const path = { ...this.pathOf(ssoConfigId), identity_id: requireId(identityId, 'identityId') };
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/sso-configs/{sso_config_id}/is-identity-assigned',
        { params: { path }, ...client.call(options) },
      ),
    );
  }

  private async fetch(
    query: Query & { page_token?: string },
    correlationId: string,
    options?: CallOptions,
  ): Promise<SsoConfigList> {
    const { client, path } = this.scope;
    const headers = { ...options?.headers, 'x-correlation_id': correlationId };
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs', {
        params: { path, query, header: { 'x-correlation_id': correlationId } },
        ...client.call({ ...options, headers }),
      }),
    );
  }

  private pathOf(ssoConfigId: string) {
    return { ...this.scope.path, sso_config_id: requireId(ssoConfigId, 'ssoConfigId') };
  }
}

function ssoConfigsQuery(params: ListSsoConfigsParams): Query {
  requireObject(params, 'params');
  const query: Query = { page_size: checkPageSize(params.pageSize, MAX_PAGE_SIZE) };
  if (params.types !== undefined) {
    if (!Array.isArray(params.types))
      throw new ValidationError('types', 'must be an array of SSO config types');
    params.types.forEach((type, i) => {
      if (!SSO_CONFIG_TYPES.includes(type))
        throw new ValidationError(`types[${i}]`, `must be one of ${SSO_CONFIG_TYPES.join(', ')}`);
    });
    if (params.types.length > 0) query.type = [...params.types];
  }
  if (params.isMigrated !== undefined) {
    if (typeof params.isMigrated !== 'boolean')
      throw new ValidationError('isMigrated', 'must be a boolean');
    query.is_migrated = params.isMigrated;
  }
  if (params.orderBy !== undefined) query.order_by = requireId(params.orderBy, 'orderBy');
  return query;
}

function correlationIdOf(params: ListSsoConfigsParams, options?: CallOptions): string {
  if (params.correlationId !== undefined) return requireId(params.correlationId, 'correlationId');
  const fromHeaders = Object.entries(options?.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'x-correlation_id',
  )?.[1];
  return fromHeaders || globalThis.crypto.randomUUID();
}
