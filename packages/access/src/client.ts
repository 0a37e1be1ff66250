import {
  type ApiClient,
  type ClientOptions,
  createApiClient,
  type TokenProvider,
  ValidationError,
} from '@x/runtime';
import { requireId } from './ids.js';
import type { AccessApiPaths, AccessScimPaths } from './paths.js';
import { AccessRealm } from './resources/realm.js';
import { RealmsResource } from './resources/realms.js';
import { TenantResource } from './resources/tenant.js';
import { ScimResource } from './scim/scim.js';

/** Options of the access client: `baseUrl` is your region's `{access_api_url}`. */
export interface AccessClientOptions extends ClientOptions {
  /** The tenant every call is scoped to. */
  tenantId: string;
  /**
   * The full base URL of the SCIM 2.0 server (`{access_scim_url}`, including its path prefix,
   * which the reference does not publish). Required only for `realm(…).scim`.
   */
  scimBaseUrl?: string;
  /** The token provider for SCIM calls. Default: `auth`. */
  scimAuth?: TokenProvider;
}

/** The family A client, scoped to one tenant. */
export interface AccessClient {
  /** The tenant's id. */
  readonly tenantId: string;
  /** The tenant itself: get and update. */
  readonly tenant: TenantResource;
  /** The tenant's realms: create, list, get, update, delete. */
  readonly realms: RealmsResource;
  /**
   * Everything inside one realm: groups, identities, themes, applications, authenticator and
   * SSO configurations, roles, tokens and SCIM.
   * @throws ValidationError when `realmId` is not a non-empty string.
   */
  realm(realmId: string): AccessRealm;
  /**
   * The typed openapi-fetch client for every management API operation (`/v1/...`), with the same
   * auth, retries and errors. SCIM paths are on `realm(…).scim.raw`, which sends to `scimBaseUrl`.
   */
  readonly raw: ApiClient<AccessApiPaths>['raw'];
  /** Untyped requests to `baseUrl` for anything the spec does not describe (see GAPS.md). */
  readonly request: ApiClient<AccessApiPaths>['request'];
}

/**
 * Creates a client for the access management API (family A), scoped to one tenant.
 * @throws ValidationError when `tenantId`, `baseUrl` or `scimBaseUrl` is invalid.
 * @example
 * const access = createAccessClient({ baseUrl: process.env.ACCESS_API_URL!, auth: staticToken(token), tenantId });
 * const realm = access.realm(realmId);
 * for await (const identity of realm.identities.list({ username: 'ada' })) console.log(identity.id);
 */
export function createAccessClient(options: AccessClientOptions): AccessClient {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'client options are required');
  const { tenantId: rawTenantId, scimBaseUrl, scimAuth, ...clientOptions } = options;
  const tenantId = requireId(rawTenantId, 'tenantId');
  const client = createApiClient<AccessApiPaths>(clientOptions);
  const scimClient =
    scimBaseUrl === undefined
      ? undefined
      : createApiClient<AccessScimPaths>({
          ...clientOptions,
          baseUrl: scimBaseUrl,
          ...(scimAuth || clientOptions.auth ? { auth: scimAuth ?? clientOptions.auth } : {}),
        });
  const scim = new ScimResource(() => {
    if (!scimClient)
      throw new ValidationError(
        'scimBaseUrl',
        'SCIM calls need the SCIM server base URL: pass scimBaseUrl to createAccessClient',
      );
    return scimClient;
  });
  const tenantScope = Object.freeze({ client, path: Object.freeze({ tenant_id: tenantId }) });
  return Object.freeze({
    tenantId,
    tenant: new TenantResource(tenantScope),
    realms: new RealmsResource(tenantScope),
    realm(realmId: string) {
      const path = Object.freeze({ tenant_id: tenantId, realm_id: requireId(realmId, 'realmId') });
      return new AccessRealm(Object.freeze({ client, path }), scim);
    },
    raw: client.raw,
    request: client.request,
  });
}
