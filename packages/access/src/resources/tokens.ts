// The tokens applications issued (`realm.applications.tokens`): list and revoke them. Issuing tokens is `@x/auth`'s job
// (`clientCredentials` with `accessTokenUrl`).
import { readTokenId } from '@x/auth';
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { onePage, optionalEnum, paramTable, requireObject } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { listTokensQuery } from '../generated/queries.js';
import type { components } from '../generated/schema.js';

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
  principal_type?: 'application' | 'identity' | undefined;
  /** Only tokens issued to this application or identity id. */
  principal_id?: string | undefined;
  /** @deprecated 0.2's name of `principal_type`; removed in the next minor. */
  principalType?: 'application' | 'identity' | undefined;
  /** @deprecated 0.2's name of `principal_id`; removed in the next minor. */
  principalId?: string | undefined;
}
/** The parameters of `applications.tokens.list`. */
export const TOKEN_LIST_PARAMS = /* @__PURE__ */ paramTable(listTokensQuery);

// One response: the published list takes no page token, so its `next_page_token` cannot be sent.
const pages = onePage<TokenList, Token>((page) => page.tokens);
const PRINCIPAL_TYPES = ['application', 'identity'] as const;

/**
 * The tokens applications issued: `realm.applications.tokens.list(applicationId)`, revoke. Each
 * call names the application first.
 */
export class ApplicationTokens {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * The application's tokens, all of them or those of one principal, in one response (the
   * platform publishes no paging parameters for this list).
   * @throws ValidationError naming `params`, `principal_type` or `principal_id`.
   */
  list(
    applicationId: string,
    params: TokenListParams = {},
    options?: ListOptions,
  ): Paginator<Token, TokenList> {
    const init = () => ({
      path: this.path(applicationId),
      query: tokensQuery(this.scope.api.wireParams(params, TOKEN_LIST_PARAMS)),
    });
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
  revoke(
    applicationId: string,
    tokenIdOrAccessToken: string,
    options?: CallOptions,
  ): ApiPromise<void> {
    const init = () => ({
      path: { ...this.path(applicationId), token_id: tokenIdOf(tokenIdOrAccessToken) },
    });
    return this.scope.api.delete(PATHS.token, init, options);
  }

  private path(applicationId: string) {
    return { ...this.scope.path, application_id: applicationId };
  }
}

/**
 * The tokens one application issued, as 0.2 reached them (`realm.tokens(applicationId)`).
 * @deprecated Use `realm.applications.tokens`, whose calls name the application first
 * (`realm.applications.tokens.list(applicationId)`). Removed in the next minor.
 */
export class Tokens {
  /** @internal */
  constructor(
    private readonly of: ApplicationTokens,
    /** The application that issued the tokens. */
    readonly applicationId: string,
  ) {}

  /** @deprecated Use `realm.applications.tokens.list(applicationId, params)`. */
  list(params?: TokenListParams, options?: ListOptions): Paginator<Token, TokenList> {
    return this.of.list(this.applicationId, params, options);
  }

  /** @deprecated Use `realm.applications.tokens.revoke(applicationId, tokenId)`. */
  revoke(tokenIdOrAccessToken: string, options?: CallOptions): ApiPromise<void> {
    return this.of.revoke(this.applicationId, tokenIdOrAccessToken, options);
  }
}

function tokensQuery(params: TokenListParams) {
  requireObject(params, 'params');
  const principal_id = params.principal_id;
  if (principal_id !== undefined && (typeof principal_id !== 'string' || principal_id === ''))
    throw new ValidationError('principal_id', 'must be a non-empty string');
  return {
    principal_type: optionalEnum(params.principal_type, 'principal_type', PRINCIPAL_TYPES),
    principal_id,
  };
}

/** A compact JWS has three dot-separated parts; anything else is taken as the token id. */
function tokenIdOf(value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('tokenId', 'must be a token id or a JWS access token');
  return value.split('.').length === 3 ? readTokenId(value) : value;
}
