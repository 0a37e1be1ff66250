export { type ClientCredentialsOptions, clientCredentials } from './client-credentials.js';
export { decodeJwtClaims, readTokenId } from './jwt.js';
export * from './runtime-exports.js';
export { staticToken } from './static-token.js';
export {
  memoryTokenStore,
  type StoredToken,
  type TokenRequest,
  type TokenStore,
} from './token-store.js';
export {
  type AccessTokenUrlParts,
  accessTokenUrl,
  type TokenUrlOptions,
  workforceTokenUrl,
} from './token-urls.js';
