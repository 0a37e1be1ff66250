import { readTokenId } from '@x/auth';
import { type CallOptions, unwrap, ValidationError } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireObject } from '../ids.js';

/** A token issued by an application (the token record's fields are not published). */
export type Token = components['schemas']['Token'];
/** The tokens of an application, as the server sent them. */
export type TokenList = components['schemas']['TokenList'];
/** Filters of the token list. */
export interface ListTokensParams {
  /** Only tokens issued to this kind of principal. */
  principalType?: 'application' | 'identity';
  /** Only tokens issued to this application or identity id. */
  principalId?: string;
}

/**
 * The tokens one application issued: list and revoke. Issuing tokens is `@x/auth`'s job
 * (`clientCredentials` with `accessTokenUrl`).
 */
export class TokensResource {
  /** @internal */
  constructor(
    private readonly scope: RealmScope,
    private readonly applicationId: string,
  ) {}

  /** Lists the application's tokens (one response; the list is not paged). */
  async list(params: ListTokensParams = {}, options?: CallOptions): Promise<TokenList> {
    requireObject(params, 'params');
    const query: { principal_type?: 'application' | 'identity'; principal_id?: string } = {};
    if (params.principalType !== undefined) {
      if (params.principalType !== 'application' && params.principalType !== 'identity')
        throw new ValidationError('principalType', 'must be "application" or "identity"');
      query.principal_type = params.principalType;
    }
    if (params.principalId !== undefined) {
      if (typeof params.principalId !== 'string' || params.principalId === '')
        throw new ValidationError('principalId', 'must be a non-empty string');
      query.principal_id = params.principalId;
    }
    const { client } = this.scope;
    return unwrap(
      client.raw.GET(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens',
        {
          params: { path: { ...this.scope.path, application_id: this.applicationId }, query },
          ...client.call(options),
        },
      ),
    );
  }

  /**
   * Revokes a token this application issued. Pass the token id (the `jti` claim) or the JWS
   * access token itself, whose `jti` is read (without verifying the signature). The token
   * itself is never sent.
   * @throws ValidationError when a JWS has no `jti` (such tokens are revoked through the
   * RFC 7009 endpoint, whose address is not published).
   */
  async revoke(tokenIdOrAccessToken: string, options?: CallOptions): Promise<void> {
    const tokenId = tokenIdOf(tokenIdOrAccessToken);
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE(
        '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens/{token_id}',
        {
          params: {
            path: { ...this.scope.path, application_id: this.applicationId, token_id: tokenId },
          },
          ...client.call(options),
        },
      ),
    );
  }
}

/** A compact JWS has three dot-separated parts; anything else is taken as the token id. */
function tokenIdOf(value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('tokenId', 'must be a token id or a JWS access token');
  return value.split('.').length === 3 ? readTokenId(value) : value;
}
