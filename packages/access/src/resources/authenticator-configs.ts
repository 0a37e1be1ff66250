// The authenticator configurations of a realm: how users authenticate (an embedded SDK, a hosted
// web page, the console, the platform authenticator). Their `config` is selected by `type`.
import { pageTokenPaging, paramTable, requireId, requireObject } from '@x/runtime/internal';
import { displayName, flag, oneOf, strings, text } from '../checks.js';
import { listAuthenticatorConfigsQuery } from '../generated/queries.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { byType, listOf, nullable, shape } from '../shape-checks.js';
import { crudResource, wrapped } from './crud.js';
import type { PageParams } from './lists.js';
import { MAX_SMALL_PAGE_SIZE, pageQuery } from './lists.js';

type Schemas = components['schemas'];

/**
 * An authenticator configuration. `id`, `realm_id` and `tenant_id` are always returned; `config`
 * is a known kind (see `isKnownAuthenticatorSettings`) or a kind the platform added, read as a
 * plain object.
 */
export type AuthenticatorConfig = Schemas['AuthenticatorConfig'];
/** An authenticator configuration to create (sent as `{ authenticator_config: … }`). */
export type AuthenticatorConfigCreate = Input<Schemas['AuthenticatorConfigCreate']>;
/**
 * The fields of an authenticator configuration to change; omitted fields stay as they are. A
 * `config` is sent whole, with its `type`.
 */
export type AuthenticatorConfigUpdate = Input<Schemas['AuthenticatorConfigUpdate']>;
/** One page of authenticator configurations, as the server sent it. */
export type AuthenticatorConfigList = Schemas['AuthenticatorConfigList'];
/** Which authenticator configurations to list (`page_size` at most 100). */
export interface AuthenticatorConfigListParams extends PageParams {
  /** A filter, sent as given (its grammar is not published). The page token keeps it. */
  filter?: string | undefined;
}
/** The parameters of `authenticatorConfigs.list`. */
export const AUTHENTICATOR_CONFIG_LIST_PARAMS = /* @__PURE__ */ paramTable(
  listAuthenticatorConfigsQuery,
);

/** An authenticator configuration's `config` as returned, known kind or not. */
export type AuthenticatorConfigSettings = NonNullable<AuthenticatorConfig['config']>;
/**
 * A `config` as sent, selected by `type`: `embedded` (`invoke_url`, `trusted_origins`),
 * `hosted_web` (`authentication_methods`, `trusted_origins`), `console`
 * (`onboarding_configuration`) or `platform`.
 */
export type AuthenticatorConfigSettingsCreate = Input<Schemas['KnownAuthenticatorConfigSettings']>;

const AUTHENTICATION_METHODS = listOf(
  shape({
    writable: {
      type: oneOf([
        'email_one_time_password',
        'software_passkey',
        'webauthn_passkey',
      ] satisfies Schemas['AuthenticationMethod']['type'][]),
    },
    required: ['type'],
  }),
);

/** The four kinds of `config`, as sent. */
const SETTINGS = byType({
  embedded: {
    writable: {
      invocation_type: oneOf(['automatic', 'manual']),
      invoke_url: text,
      trusted_origins: strings,
      authentication_methods: AUTHENTICATION_METHODS,
    },
    required: ['invoke_url', 'trusted_origins'],
  },
  hosted_web: {
    writable: { authentication_methods: AUTHENTICATION_METHODS, trusted_origins: strings },
    required: ['authentication_methods', 'trusted_origins'],
  },
  console: {
    writable: {
      onboarding_configuration: shape({
        writable: {
          verification_method: byType({
            idp: { writable: { idp_id: text }, required: ['idp_id'] },
            none: { writable: {} },
          }),
        },
        required: ['verification_method'],
      }),
    },
    required: ['onboarding_configuration'],
  },
  platform: {
    writable: {
      trusted_origins: nullable(strings),
      roaming_auth_config: shape({
        writable: {
          enabled: flag,
          allow_unknown_user: flag,
          allowed_source_ips: strings,
          allowed_user_group_ids: strings,
          allowed_user_ids: strings,
        },
        required: ['enabled'],
      }),
    },
  },
});

const AUTHENTICATOR_CONFIGS = {
  paths: [
    '/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs',
    '/v1/tenants/{tenant_id}/realms/{realm_id}/authenticator-configs/{authenticator_config_id}',
  ],
  ...wrapped<AuthenticatorConfigCreate, AuthenticatorConfigUpdate>('authenticator_config', {
    writable: { display_name: displayName, config: SETTINGS },
    readOnly: ['id', 'realm_id', 'tenant_id'],
  }),
  params: AUTHENTICATOR_CONFIG_LIST_PARAMS,
  listQuery: configsQuery,
  pages: pageTokenPaging<AuthenticatorConfigList, AuthenticatorConfig>(
    (page) => page.authenticator_configs,
  ),
} as const;

/** The authenticator configurations of a realm: create, list (with a filter), get, update, delete. */
export class AuthenticatorConfigs extends crudResource(AUTHENTICATOR_CONFIGS) {}

function configsQuery(params: AuthenticatorConfigListParams) {
  requireObject(params, 'params');
  const filter = params.filter === undefined ? undefined : requireId(params.filter, 'filter');
  return {
    ...pageQuery(params, MAX_SMALL_PAGE_SIZE),
    filter,
  };
}
