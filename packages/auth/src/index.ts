export { type ClientCredentialsOptions, clientCredentials } from './client-credentials.js';
export { decodeJwtClaims, readTokenId } from './jwt.js';
export * from './runtime-exports.js';
export { staticToken } from './static-token.js';
export {
  type AccessTokenUrlParts,
  accessTokenUrl,
  type TokenUrlOptions,
  workforceTokenUrl,
} from './token-urls.js';
