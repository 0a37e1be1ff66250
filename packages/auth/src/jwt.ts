import { ValidationError } from '@x/runtime';

/**
 * Reads the `jti` (token id) claim of a JWS access token WITHOUT verifying it. Family A revokes
 * tokens by this id. Never use the result for an authorization decision.
 */
export function readTokenId(accessToken: string): string {
  const claims = decodeJwtClaims(accessToken);
  const jti = claims.jti;
  if (typeof jti !== 'string' || jti === '')
    throw new ValidationError('accessToken', 'has no jti claim');
  return jti;
}

/** Decodes the claims of a compact JWS without verifying its signature. */
export function decodeJwtClaims(token: string): Record<string, unknown> {
  // The token is never put into the error message: it is a credential.
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || !parts[1])
    throw new ValidationError('accessToken', 'is not a compact JWS (three dot-separated parts)');
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    throw new ValidationError('accessToken', 'has a payload that is not Base64url-encoded JSON');
  }
  if (claims === null || typeof claims !== 'object' || Array.isArray(claims))
    throw new ValidationError('accessToken', 'has a payload that is not a JSON object');
  return claims as Record<string, unknown>;
}

function base64UrlDecode(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 =
    segment.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (segment.length % 4)) % 4);
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
