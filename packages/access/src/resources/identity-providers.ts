// The external identity providers of a realm (OIDC today). Every call carries a correlation id:
// the options' `correlationId`, sent as `x-correlation_id`, and returned as `x-correlation-id`.
import type { ApiPromise, Paginator } from '@x/runtime';
import { pageTokenPaging } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { checkBody, displayName, flag, oneOf, strings, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { byType, nullable, type ShapeFields, shape } from '../shape-checks.js';
import * as correlation from './correlation.js';
import { CrudResource } from './crud.js';
import { PAGE_PARAMS, type PageParams, pageQuery } from './lists.js';

type Schemas = components['schemas'];

/**
 * An identity provider of a realm: `id`, `tenant_id`, `realm_id`, `display_name` and
 * `protocol_config` are always returned. `protocol_config` is a known kind (`oidc_idp`: see
 * `isKnownIdentityProviderConfig`) or a kind the platform added, read as a plain object.
 */
export type IdentityProvider = Schemas['IdentityProvider'];
/**
 * The identity provider a create answers: `display_name` and `protocol_config`; `id`,
 * `tenant_id` and `realm_id` may be absent (the published create response requires none).
 */
export type CreatedIdentityProvider = Schemas['CreatedIdentityProvider'];
/** An identity provider's protocol configuration as returned, known kind or not. */
export type IdentityProviderProtocolConfig = IdentityProvider['protocol_config'];
/** An identity provider to create: `display_name` and a whole `protocol_config` (sent unwrapped). */
export type IdentityProviderCreate = Input<Schemas['IdentityProviderCreate']>;
/**
 * The fields of an identity provider to change; omitted fields stay as they are, also inside
 * `protocol_config`, which names its `type`.
 */
export type IdentityProviderUpdate = Input<Schemas['IdentityProviderUpdate']>;
/** One page of identity providers, as the server sent it. */
export type IdentityProviderList = Schemas['IdentityProviderList'];
/** Which identity providers to list (`page_token` is where it starts; no maximum page size is published). */
export type IdentityProviderListParams = PageParams;

/** The fields of an `oidc_idp` configuration, as sent (the server assigns `redirect_url`). */
const OIDC_IDP: ShapeFields = {
  writable: {
    client_id: text,
    client_secret: text,
    token_scopes: strings,
    identity_attribute: oneOf([
      'id',
      'email',
      'username',
      'external_id',
    ] satisfies Schemas['SubjectField'][]),
    pkce: oneOf(['disabled', 'plain', 's256'] satisfies Schemas['PkceConfig'][]),
    jwks_url: text,
    token_url: text,
    authorize_url: text,
    identifying_claim_name: text,
    oauth_2_par_enabled: flag,
    oauth_2_par_endpoint: nullable(text),
    claims: text,
    token_endpoint_auth_method: oneOf([
      'client_secret_basic',
      'client_secret_post',
    ] satisfies Schemas['OidcIdpTokenEndpointAuthMethod'][]),
  },
  readOnly: ['redirect_url'],
};

const CREATE = {
  writable: {
    display_name: displayName,
    protocol_config: byType({
      oidc_idp: {
        ...OIDC_IDP,
        required: [
          'client_id',
          'client_secret',
          'token_scopes',
          'identity_attribute',
          'pkce',
          'jwks_url',
          'token_url',
          'authorize_url',
          'identifying_claim_name',
          'oauth_2_par_enabled',
          'token_endpoint_auth_method',
        ],
      },
    }),
  },
  readOnly: ['id', 'tenant_id', 'realm_id'],
  required: ['display_name', 'protocol_config'],
};
const UPDATE = {
  writable: { display_name: displayName, protocol_config: byType({ oidc_idp: OIDC_IDP }) },
  readOnly: CREATE.readOnly,
};

const IDENTITY_PROVIDERS = {
  paths: [
    '/v1/tenants/{tenant_id}/realms/{realm_id}/identity-providers',
    '/v1/tenants/{tenant_id}/realms/{realm_id}/identity-providers/{identity_provider_id}',
  ],
  // The create body is the identity provider itself; the update body wraps it.
  createBody: (input: IdentityProviderCreate) =>
    shape(CREATE)(input, 'identity_provider') as object,
  updateBody: (changes: IdentityProviderUpdate) => ({
    identity_provider: checkBody(changes, UPDATE, 'identity_provider'),
  }),
  params: PAGE_PARAMS,
  listQuery: (params: IdentityProviderListParams) => pageQuery(params, Number.MAX_SAFE_INTEGER),
  pages: pageTokenPaging<IdentityProviderList, IdentityProvider>((page) => page.identity_providers),
  headers: { call: correlation.correlationHeader, list: correlation.listingCorrelationHeader },
} as const;

/**
 * The identity providers of a realm: create, list, get, update and delete. Each call takes a
 * `correlationId` option, sent as `x-correlation_id`; the response's `x-correlation-id` is
 * `response.requestId` of `withResponse()`.
 */
export class IdentityProviders extends CrudResource<
  IdentityProvider,
  IdentityProviderCreate,
  IdentityProviderUpdate,
  IdentityProviderList,
  IdentityProviderListParams,
  RealmScope,
  CreatedIdentityProvider
> {
  /** @internal */
  constructor(scope: RealmScope) {
    super(scope, IDENTITY_PROVIDERS);
  }

  /**
   * Creates an identity provider.
   * @throws ValidationError naming the field (`identity_provider.protocol_config.client_id`),
   * before anything is sent; BadRequestError when the platform refuses it.
   */
  override create(
    identityProvider: IdentityProviderCreate,
    options?: correlation.CorrelatedCallOptions,
  ): ApiPromise<CreatedIdentityProvider> {
    return super.create(identityProvider, options);
  }

  /** Returns one identity provider. @throws BadRequestError, ForbiddenError, … */
  override get(
    identityProviderId: string,
    options?: correlation.CorrelatedCallOptions,
  ): ApiPromise<IdentityProvider> {
    return super.get(identityProviderId, options);
  }

  /**
   * Changes the fields given (a partial update, also inside `protocol_config`).
   * @throws ValidationError naming the field, before anything is sent.
   */
  override update(
    identityProviderId: string,
    changes: IdentityProviderUpdate,
    options?: correlation.CorrelatedCallOptions,
  ): ApiPromise<IdentityProvider> {
    return super.update(identityProviderId, changes, options);
  }

  /** Deletes an identity provider. */
  override delete(
    identityProviderId: string,
    options?: correlation.CorrelatedCallOptions,
  ): ApiPromise<void> {
    return super.delete(identityProviderId, options);
  }

  /**
   * The realm's identity providers: `await` it for the first page, `for await` for every one.
   * Every page request carries one correlation id (the option's, or one made for the listing).
   */
  override list(
    params: IdentityProviderListParams = {},
    options?: correlation.CorrelatedListOptions,
  ): Paginator<IdentityProvider, IdentityProviderList> {
    return super.list(params, options);
  }
}
