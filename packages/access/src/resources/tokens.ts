// The tokens one application issued: list and revoke them. Issuing tokens is `@x/auth`'s job
// (`clientCredentials` with `accessTokenUrl`).
import { readTokenId } from '@x/auth';
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { onePage, optionalEnum, requireObject } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import type { components } from '../generated/schema.js';
import type { WireNames } from './lists.js';

const PATHS = {
  tokens: '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens',
  token:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/tokens/{token_id}',
} as const;

/** A token an application issued (every field is assigned by the platform). */
export type Token = components['schemas']['Token'];
/** An application's tokens, as the server sent them (at most 100; the list has no paging). */
export type TokenList = components['schemas']['TokenList'];
/**
 * Which tokens to list. The platform publishes only these two filters: the list has no page size
 * or page token, and comes back in one response.
 */
export interface TokenListParams {
  /** Only tokens issued to this kind of principal. */
  principalType?: 'application' | 'identity' | undefined;
  /** Only tokens issued to this application or identity id. */
  principalId?: string | undefined;
}
/** The wire names of `TokenListParams`. */
export const TOKEN_LIST_PARAMS = {
  principalType: 'principal_type',
  principalId: 'principal_id',
} as const satisfies WireNames<TokenListParams>;

// One response: the published list takes no page token, so its `next_page_token` cannot be sent.
const pages = onePage<TokenList, Token>((page) => page.tokens);
const PRINCIPAL_TYPES = ['application', 'identity'] as const;

/** The tokens one application issued: `realm.tokens(applicationId)`. */
export class Tokens {
  /** @internal */
  constructor(
    private readonly scope: RealmScope,
    /** The application that issued the tokens. */
    readonly applicationId: string,
  ) {}

  /**
   * The application's tokens, all of them or those of one principal, in one response (the
   * platform publishes no paging parameters for this list).
   * @throws ValidationError naming `params`, `principalType` or `principalId`.
   */
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
  requireObject(params, 'params');
  const principalId = params.principalId;
  if (principalId !== undefined && (typeof principalId !== 'string' || principalId === ''))
    throw new ValidationError('principalId', 'must be a non-empty string');
  return {
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
