// The OAuth 2.0 and OIDC applications of a realm. Their protocol configuration is selected by
// `type`; the tokens they issued are `realm.tokens(applicationId)`.
import type { ApiPromise } from '@x/runtime';
import { pageTokenPaging } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { displayName, oneOf, strings, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { byType, enumList, integer, shape } from '../shape-checks.js';
import { type CorrelatedCallOptions, correlationHeader } from './correlation.js';
import { crudResource, wrapped } from './crud.js';
import { MAX_SMALL_PAGE_SIZE, PAGE_PARAMS, type PageParams, pageQuery } from './lists.js';
import { ApplicationTokens } from './tokens.js';

type Schemas = components['schemas'];

/**
 * An application of a realm. `id`, `realm_id` and `tenant_id` are always returned;
 * `protocol_config` is a known kind (`oauth2`, `oidc`: see `isKnownProtocolConfig`) or a kind
 * the platform added, read as a plain object.
 */
export type Application = Schemas['Application'];
/** An application to create. */
export type ApplicationCreate = Input<Schemas['ApplicationCreate']>;
/**
 * The fields of an application to change; omitted fields stay as they are. A `protocol_config`
 * is sent whole, with its `type`. No read-only field.
 */
export type ApplicationUpdate = Input<Schemas['ApplicationUpdate']>;
/** One page of applications, as the server sent it. */
export type ApplicationList = Schemas['ApplicationList'];
/** Which applications to list (`page_size` at most 100; `page_token` is where it starts). */
export type ApplicationListParams = PageParams;
/** The SSO configuration an application belongs to. */
export type ApplicationSsoConfigId = Schemas['ApplicationSsoConfigId'];

/** An application's protocol configuration as returned, known kind or not. */
export type ApplicationProtocolConfig = NonNullable<Application['protocol_config']>;
/**
 * An application's protocol configuration as sent, selected by `type`: `oauth2` or `oidc`, each
 * with its fields (`client_id` and `client_secret` are assigned by the server).
 */
export type ApplicationProtocolConfigCreate = Input<Schemas['ApplicationProtocolConfigCreate']>;

/** The fields of both protocol kinds, as sent. */
const PROTOCOL = {
  writable: {
    allowed_scopes: strings,
    confidentiality: oneOf(['confidential', 'public'] satisfies Schemas['Confidentiality'][]),
    token_endpoint_auth_method: oneOf([
      'client_secret_basic',
      'client_secret_post',
      'none',
    ] satisfies Schemas['TokenEndpointAuthMethod'][]),
    grant_type: enumList(['authorization_code', 'client_credentials']),
    redirect_uris: strings,
    token_configuration: shape({
      writable: {
        expires_after: integer(0),
        token_signing_algorithm: oneOf(['RS256']),
        subject_field: oneOf(['id', 'email', 'username']),
      },
      required: ['expires_after'],
    }),
    pkce: oneOf(['disabled', 'plain', 's256'] satisfies Schemas['PkceConfig'][]),
    token_format: oneOf(['self_contained', 'referential'] satisfies Schemas['TokenFormat'][]),
  },
  // Assigned by the server: left out when a configuration read back is sent again.
  readOnly: ['client_id', 'client_secret'],
};

/** Where an application's SSO configuration id is read. */
const SSO_CONFIG_ID =
  '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/sso-configs-id';

const APPLICATIONS = {
  paths: [
    '/v1/tenants/{tenant_id}/realms/{realm_id}/applications',
    '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}',
  ],
  ...wrapped<ApplicationCreate, ApplicationUpdate>('application', {
    writable: {
      resource_server_id: text,
      authenticator_config_id: text,
      display_name: displayName,
      protocol_config: byType({ oauth2: PROTOCOL, oidc: PROTOCOL }),
    },
    readOnly: ['id', 'realm_id', 'tenant_id', 'is_managed'],
  }),
  params: PAGE_PARAMS,
  listQuery: (params: ApplicationListParams) => pageQuery(params, MAX_SMALL_PAGE_SIZE),
  pages: pageTokenPaging<ApplicationList, Application>((page) => page.applications),
} as const;

/**
 * The applications of a realm: create, list, get, update and delete, their SSO configuration, and
 * the tokens they issued (`applications.tokens`).
 */
export class Applications extends crudResource(APPLICATIONS) {
  readonly #scope: RealmScope;
  /** The tokens an application issued: `applications.tokens.list(applicationId)`, revoke. */
  readonly tokens: ApplicationTokens;

  /** @internal */
  constructor(scope: RealmScope) {
    super(scope);
    this.#scope = scope;
    this.tokens = new ApplicationTokens(scope);
  }

  /**
   * The SSO configuration the application belongs to (`sso-configs-id`). The call carries the
   * options' `correlationId` as `x-correlation_id`.
   * @throws BadRequestError, ForbiddenError, … when the platform refuses it.
   */
  getSsoConfigId(
    applicationId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<ApplicationSsoConfigId> {
    const init = () => ({
      path: { ...this.#scope.path, application_id: applicationId },
      header: correlationHeader(options),
    });
    return this.#scope.api.get(SSO_CONFIG_ID, init, options);
  }
}
