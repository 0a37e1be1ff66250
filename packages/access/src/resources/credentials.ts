// The credentials bound to one identity: read, list and revoke them. New credentials are bound
// through credential binding jobs (`realm.credentialBindingJobs(identityId)`).
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { pageTokenPaging } from '@x/runtime/internal';
import type { components } from '../generated/schema.js';
import { IdentityScoped } from './identity-scoped.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery } from './lists.js';

const PATHS = {
  credentials: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credentials',
  credential:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credentials/{credential_id}',
  revoke:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credentials/{credential_id}:revoke',
} as const;

/** A credential bound to an identity (every field is assigned by the platform). */
export type Credential = components['schemas']['Credential'];
/** One page of credentials, as the server sent it. */
export type CredentialList = components['schemas']['CredentialList'];

const pages = pageTokenPaging<CredentialList, Credential>((page) => page.credentials);

/** `ACTIVE` or `REVOKED`. */
export type CredentialState = components['schemas']['CredentialState'];
/** Which credentials to list (`page_size` at most 200; `page_token` is where the list starts). */
export type CredentialListParams = SkipPageParams;

/** The credentials of one identity: `realm.credentials(identityId)`. */
export class Credentials extends IdentityScoped {
  /** Returns one credential. @throws NotFoundError when the identity has no such credential. */
  get(credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    return this.scope.api.get(PATHS.credential, { path: this.path(credentialId) }, options);
  }

  /** The identity's credentials, active and revoked. */
  list(
    params: CredentialListParams = {},
    options?: ListOptions,
  ): Paginator<Credential, CredentialList> {
    return this.scope.api.list(
      PATHS.credentials,
      pages,
      () => ({
        path: this.identityPath(),
        query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
      }),
      options,
    );
  }

  /**
   * Revokes a credential: it can no longer be used. Returns it in state `REVOKED`.
   * @throws NotFoundError when the identity has no such credential.
   */
  revoke(credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    // The published operation has no body.
    return this.scope.api.post(PATHS.revoke, { path: this.path(credentialId) }, options);
  }

  private path(credentialId: string) {
    return { ...this.identityPath(), credential_id: credentialId };
  }
}
