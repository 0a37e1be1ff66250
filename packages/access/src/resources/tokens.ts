// The tokens one application issued: list and revoke them. Issuing tokens is `@x/auth`'s job
// (`clientCredentials` with `accessTokenUrl`).
import { readTokenId } from '@x/auth';
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { optionalEnum, pageTokenPaging } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import type { components } from '../generated/schema.js';
import type { PageParams, WireNames } from './lists.js';
import { MAX_SMALL_PAGE_SIZE, PAGE_PARAMS, pageQuery } from './lists.js';

const PATHS = {
  tokens: '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens',
  token:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens/{token_id}',
} as const;

/** A token an application issued (every field is assigned by the platform). */
export type Token = components['schemas']['Token'];
/** One page of an application's tokens, as the server sent it. */
export type TokenList = components['schemas']['TokenList'];
/** Which tokens to list (`pageSize` at most 100; `pageToken` is where the list starts). */
export interface TokenListParams extends PageParams {
  /** Only tokens issued to this kind of principal. */
  principalType?: 'application' | 'identity' | undefined;
  /** Only tokens issued to this application or identity id. */
  principalId?: string | undefined;
}
/** The wire names of `TokenListParams`. */
export const TOKEN_LIST_PARAMS = {
  ...PAGE_PARAMS,
  principalType: 'principal_type',
  principalId: 'principal_id',
} as const satisfies WireNames<TokenListParams>;

const pages = pageTokenPaging<TokenList, Token>((page) => page.tokens);
const PRINCIPAL_TYPES = ['application', 'identity'] as const;

/** The tokens one application issued: `realm.tokens(applicationId)`. */
export class Tokens {
  /** @internal */
  constructor(
    private readonly scope: RealmScope,
    /** The application that issued the tokens. */
    readonly applicationId: string,
  ) {}

  /** The application's tokens, all of them or those of one principal. */
  list(params: TokenListParams = {}, options?: ListOptions): Paginator<Token, TokenList> {
    const init = () => ({ path: this.path(), query: tokensQuery(params) });
    return this.scope.api.list(PATHS.tokens, pages, init, options);
  }

  /**
   * Revokes a token the application issued. Pass the token id (its `jti` claim) or the JWS access
   * token itself, whose `jti` is read (without verifying the signature); the token itself is never
   * sent.
   * @throws ValidationError naming `tokenId` when a JWS has no `jti` (such tokens are revoked
   * through the RFC 7009 endpoint, whose address is not published); NotFoundError when the
   * application issued no such token.
   */
  revoke(tokenIdOrAccessToken: string, options?: CallOptions): ApiPromise<void> {
    const init = () => ({ path: { ...this.path(), token_id: tokenIdOf(tokenIdOrAccessToken) } });
    return this.scope.api.delete(PATHS.token, init, options);
  }

  private path() {
    return { ...this.scope.path, application_id: this.applicationId };
  }
}

function tokensQuery(params: TokenListParams) {
  const query = pageQuery(params, MAX_SMALL_PAGE_SIZE);
  const principalId = params.principalId;
  if (principalId !== undefined && (typeof principalId !== 'string' || principalId === ''))
    throw new ValidationError('principalId', 'must be a non-empty string');
  return {
    ...query,
    [TOKEN_LIST_PARAMS.principalType]: optionalEnum(
      params.principalType,
      'principalType',
      PRINCIPAL_TYPES,
    ),
    [TOKEN_LIST_PARAMS.principalId]: principalId,
  };
}

/** A compact JWS has three dot-separated parts; anything else is taken as the token id. */
function tokenIdOf(value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('tokenId', 'must be a token id or a JWS access token');
  return value.split('.').length === 3 ? readTokenId(value) : value;
}
