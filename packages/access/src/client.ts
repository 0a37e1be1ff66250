// The family A client: the runtime client of the management API, the tenant's resources, and one
// realm scope per `realm(id)` with that realm's SCIM client. Configured by hand
// (`createAccessClient`) or from the environment (`fromEnv`).
import { accessTokenUrl, clientCredentials, staticToken, type TokenStore } from '@x/auth';
import {
  type ClientOptions,
  ConfigurationError,
  createApiClient,
  type TokenProvider,
  ValidationError,
} from '@x/runtime';
import {
  familyEnv,
  normalizeBaseUrl,
  processEnv,
  requireId,
  secretSafe,
} from '@x/runtime/internal';
import type {
  AccessApi,
  AccessApiPaths,
  AccessScimApi,
  AccessScimPaths,
  RealmScope,
} from './api.js';
import { ACCESS_ENV } from './environment.js';
import { AccessRealm } from './realm.js';
import { Realms } from './resources/realms.js';
import { TenantResource } from './resources/tenant.js';
import { VERSION } from './version.js';

export type { AccessApi, AccessScimApi } from './api.js';

/** Options of the access client: `baseUrl` is your region's `{access_api_url}`. */
export interface AccessClientOptions extends ClientOptions {
  /** The tenant every call is scoped to. */
  tenantId: string;
  /**
   * The SCIM server's base URL for every realm, instead of each realm's own
   * `{baseUrl}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2` (for a proxy or a mock).
   */
  scimBaseUrl?: string | undefined;
  /** The token provider of SCIM calls. Default: `auth`. */
  scimAuth?: TokenProvider | undefined;
}

/** The family A client, scoped to one tenant. */
export interface AccessClient {
  /** The tenant's id. */
  readonly tenantId: string;
  /** The tenant itself: get and update. */
  readonly tenant: TenantResource;
  /** The tenant's realms: create, list, get, update, delete. */
  readonly realms: Realms;
  /**
   * Everything inside one realm: groups, identities, credentials, roles, tokens, … and its SCIM
   * server.
   * @throws ValidationError when `realmId` is not a non-empty string.
   */
  realm(realmId: string): AccessRealm;
  /**
   * The typed openapi-fetch client for every management API operation (`/v1/...`), with the same
   * auth, retries and errors. A realm's SCIM paths are on `realm(id).scim.raw`.
   */
  readonly raw: AccessApi['raw'];
  /** Untyped requests to `baseUrl`, for anything the spec does not describe. */
  readonly request: AccessApi['request'];
}

/**
 * Creates a client for the access management API (family A), scoped to one tenant.
 * @throws ValidationError when `tenantId`, `baseUrl` or `scimBaseUrl` is invalid.
 * @example
 * const access = createAccessClient({ baseUrl: 'https://access.example.com', tenantId, auth: staticToken(token) });
 * const realm = access.realm(realmId);
 * const [ada] = await realm.identities.list({ username: 'ada' }).toArray({ limit: 1 });
 */
export function createAccessClient(options: AccessClientOptions): AccessClient {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'client options are required');
  const { tenantId: rawTenantId, scimBaseUrl, scimAuth, ...clientOptions } = options;
  const tenantId = requireId(rawTenantId, 'tenantId');
  const identity = { name: 'access', version: VERSION };
  const api = createApiClient<AccessApiPaths>(clientOptions, identity);
  const scimBase =
    scimBaseUrl === undefined
      ? undefined
      : normalizeBaseUrl(scimBaseUrl, 'scimBaseUrl', options.allowInsecureHttp === true);
  const scimAuthProvider = scimAuth ?? clientOptions.auth;

  // One SCIM client per realm, made on first use and kept: the realm's SCIM server has its own
  // base URL and rate limit, whichever `realm(id)` object reaches it.
  const scimClients = new Map<string, AccessScimApi>();
  const scimOf = (realmId: string): AccessScimApi => {
    let scim = scimClients.get(realmId);
    if (!scim) {
      const baseUrl =
        scimBase ??
        `${api.baseUrl}/v1/tenants/${encodeURIComponent(tenantId)}/realms/${encodeURIComponent(realmId)}/scim/v2`;
      scim = createApiClient<AccessScimPaths>(
        { ...clientOptions, baseUrl, ...(scimAuthProvider ? { auth: scimAuthProvider } : {}) },
        identity,
      );
      scimClients.set(realmId, scim);
    }
    return scim;
  };

  const tenantScope = Object.freeze({ api, path: Object.freeze({ tenant_id: tenantId }) });
  const client: AccessClient = {
    tenantId,
    tenant: new TenantResource(tenantScope),
    realms: new Realms(tenantScope),
    realm(realmId: string) {
      const path = Object.freeze({ tenant_id: tenantId, realm_id: requireId(realmId, 'realmId') });
      const scope: RealmScope = Object.freeze({
        api,
        path,
        get scim() {
          return scimOf(path.realm_id);
        },
      });
      return new AccessRealm(scope);
    },
    raw: api.raw,
    request: api.request,
  };
  return Object.freeze(secretSafe(client, () => `AccessClient(${api.baseUrl})`));
}

/** The client credential variables, all needed when there is no `X_ACCESS_TOKEN`. */
const CREDENTIALS = [
  ACCESS_ENV.authUrl,
  ACCESS_ENV.realmId,
  ACCESS_ENV.applicationId,
  ACCESS_ENV.clientId,
  ACCESS_ENV.clientSecret,
] as const;

/**
 * A client configured from the environment: `X_ACCESS_URL`, `X_ACCESS_TENANT_ID`, and either
 * `X_ACCESS_TOKEN` or the client credentials of an application configured for the management API
 * (`X_ACCESS_AUTH_URL`, `X_ACCESS_REALM_ID`, `X_ACCESS_APPLICATION_ID`, `X_ACCESS_CLIENT_ID`,
 * `X_ACCESS_CLIENT_SECRET`, optional `X_ACCESS_SCOPE`), and `X_LOG_LEVEL` to log to the console.
 * `X_ALLOW_INSECURE_HTTP=1` allows plain http to a host that is not loopback. Options given here
 * win over the environment (and make their variables optional). A token and client credentials
 * set together are an error. `tokenStore` is where client credentials keep their token (a store
 * shared by many processes, `@x/fleet`'s).
 * @throws ConfigurationError naming every variable that is missing, or the token and the client
 * credentials when both are set.
 */
export function fromEnv(
  given: Partial<AccessClientOptions> & { tokenStore?: TokenStore | undefined } = {},
  env: Record<string, string | undefined> = processEnv(),
): AccessClient {
  const { tokenStore, ...options } = given;
  const { values, settings } = familyEnv(ACCESS_ENV, env, options.auth !== undefined);
  const missing: string[] = [];
  if (!options.baseUrl && !values[ACCESS_ENV.url]) missing.push(ACCESS_ENV.url);
  if (!options.tenantId && !values[ACCESS_ENV.tenantId]) missing.push(ACCESS_ENV.tenantId);
  const byCredentials = !options.auth && !values[ACCESS_ENV.token];
  // Without a token, client credentials: all five when any is set, else the token is what's missing.
  if (byCredentials) {
    const absent = CREDENTIALS.filter((name) => !values[name]);
    missing.push(...(absent.length === CREDENTIALS.length ? [ACCESS_ENV.token] : absent));
  }
  if (missing.length > 0)
    throw new ConfigurationError(
      `the access client needs the environment variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` +
        (missing.includes(ACCESS_ENV.token)
          ? ` (or, instead of ${ACCESS_ENV.token}, ${CREDENTIALS.join(', ')})`
          : ''),
      missing,
    );
  const auth =
    options.auth ??
    (byCredentials
      ? credentialsFrom(values, { ...settings, ...options }, tokenStore)
      : staticToken(values[ACCESS_ENV.token]!));
  return createAccessClient({
    ...settings,
    ...options,
    baseUrl: options.baseUrl ?? values[ACCESS_ENV.url]!,
    tenantId: options.tenantId ?? values[ACCESS_ENV.tenantId]!,
    auth,
  });
}

/** Client credentials at `{access_auth_url}/v1/tenants/…/applications/{application_id}/token`. */
function credentialsFrom(
  values: Partial<Record<string, string>>,
  options: Partial<AccessClientOptions>,
  tokenStore: TokenStore | undefined,
): TokenProvider {
  return clientCredentials({
    tokenUrl: accessTokenUrl({
      accessAuthUrl: values[ACCESS_ENV.authUrl]!,
      tenantId: options.tenantId ?? values[ACCESS_ENV.tenantId]!,
      realmId: values[ACCESS_ENV.realmId]!,
      applicationId: values[ACCESS_ENV.applicationId]!,
      ...(options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    }),
    ...(options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    clientId: values[ACCESS_ENV.clientId]!,
    clientSecret: values[ACCESS_ENV.clientSecret]!,
    ...(values[ACCESS_ENV.scope] ? { scope: values[ACCESS_ENV.scope] } : {}),
    // The token request goes through the same proxy or TLS settings as the API calls.
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.fetchOptions ? { fetchOptions: options.fetchOptions } : {}),
    ...(tokenStore ? { tokenStore } : {}),
  });
}
