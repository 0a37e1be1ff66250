// The credentials bound to one identity: read, list and revoke them. New credentials are bound
// through credential binding jobs (`realm.identities.credentialBindingJobs`).
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { pageTokenPaging } from '@x/runtime/internal';
import type { components } from '../generated/schema.js';
import { IdentityChild } from './identity-scoped.js';
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

/**
 * The credentials bound to identities: `realm.identities.credentials.list(identityId)`, get,
 * revoke. Each call names the identity first.
 */
export class IdentityCredentials extends IdentityChild {
  /** Returns one credential. @throws NotFoundError when the identity has no such credential. */
  get(identityId: string, credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    return this.scope.api.get(
      PATHS.credential,
      { path: this.path(identityId, credentialId) },
      options,
    );
  }

  /** The identity's credentials, active and revoked. */
  list(
    identityId: string,
    params: CredentialListParams = {},
    options?: ListOptions,
  ): Paginator<Credential, CredentialList> {
    return this.scope.api.list(
      PATHS.credentials,
      pages,
      () => ({
        path: this.identityPath(identityId),
        query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
      }),
      options,
    );
  }

  /**
   * Revokes a credential: it can no longer be used. Returns it in state `REVOKED`.
   * @throws NotFoundError when the identity has no such credential.
   */
  revoke(identityId: string, credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    // The published operation has no body.
    return this.scope.api.post(
      PATHS.revoke,
      { path: this.path(identityId, credentialId) },
      options,
    );
  }

  private path(identityId: string, credentialId: string) {
    return { ...this.identityPath(identityId), credential_id: credentialId };
  }
}

/**
 * The credentials of one identity, as 0.2 reached them.
 * @deprecated Use `realm.identities.credentials`, whose calls name the identity first
 * (`realm.identities.credentials.list(identityId)`). Removed in the next minor.
 */
export class Credentials {
  /** @internal */
  constructor(
    private readonly of: IdentityCredentials,
    /** The identity whose credentials these are. */
    readonly identityId: string,
  ) {}

  /** @deprecated Use `realm.identities.credentials.get(identityId, credentialId)`. */
  get(credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    return this.of.get(this.identityId, credentialId, options);
  }

  /** @deprecated Use `realm.identities.credentials.list(identityId, params)`. */
  list(
    params?: CredentialListParams,
    options?: ListOptions,
  ): Paginator<Credential, CredentialList> {
    return this.of.list(this.identityId, params, options);
  }

  /** @deprecated Use `realm.identities.credentials.revoke(identityId, credentialId)`. */
  revoke(credentialId: string, options?: CallOptions): ApiPromise<Credential> {
    return this.of.revoke(this.identityId, credentialId, options);
  }
}
