// Access tokens of the client-credentials endpoints: JWTs signed with the instance's HMAC key
// (jose), recorded by `jti` so that an unknown, revoked or expired token (on the emulator's
// clock) is refused, and a token of one family never works on another.
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { ApiFailure } from '../http/errors.js';
import { fromBase64url, newId } from '../random.js';
import type { EmulatorState, TokenRecord } from '../state.js';

/** What a token endpoint answers (RFC 6749 section 5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** What to issue a token for. */
export interface TokenGrant {
  /** The family the token is for (its audience). */
  family: string;
  tenantId: string;
  clientId: string;
  scope: string;
  extra?: Record<string, string>;
}

const ISSUER = 'x-emulator';

/** Issues and checks the instance's tokens. */
export class TokenService {
  private readonly verified = new Map<string, string>();
  private keyText = '';
  private key: Uint8Array = new Uint8Array();

  constructor(
    private readonly state: () => EmulatorState,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number,
  ) {}

  private signingKey(): Uint8Array {
    const text = this.state().signing_key;
    if (text !== this.keyText) {
      // A restored state brings its own key: tokens verified under the old one are forgotten.
      this.keyText = text;
      this.key = fromBase64url(text);
      this.verified.clear();
    }
    return this.key;
  }

  /** Signs a new token and records it. */
  async issue(grant: TokenGrant): Promise<TokenResponse> {
    const iat = Math.floor(this.clock.now() / 1000);
    const exp = iat + this.lifetimeSeconds;
    const jti = newId();
    const access_token = await new SignJWT({
      scope: grant.scope,
      tenant_id: grant.tenantId,
      client_id: grant.clientId,
      ...(grant.extra ?? {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(grant.family)
      .setSubject(grant.clientId)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.signingKey());
    const record: TokenRecord = {
      jti,
      family: grant.family,
      tenant_id: grant.tenantId,
      client_id: grant.clientId,
      scope: grant.scope,
      iat,
      exp,
      revoked: false,
      ...(grant.extra ? { extra: grant.extra } : {}),
    };
    this.state().tokens[jti] = record;
    return {
      access_token,
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      scope: grant.scope,
    };
  }

  /**
   * The record of a bearer token valid for `family` now.
   * @throws ApiFailure 401 when it is unknown, of another family, revoked or expired.
   */
  async verify(token: string, family: string): Promise<TokenRecord> {
    const key = this.signingKey();
    let jti = this.verified.get(token);
    if (jti === undefined) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: new Date(this.clock.now()),
        });
        jti = typeof payload.jti === 'string' ? payload.jti : '';
      } catch (error) {
        const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw unauthorized(expired ? 'token expired' : 'token not recognised');
      }
      // Signature checks are the costly part; the record is still read on every request.
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(token, jti);
    }
    const record = this.state().tokens[jti];
    if (!record || record.family !== family) throw unauthorized('token not recognised');
    if (record.revoked) throw unauthorized('token revoked');
    if (record.exp * 1000 <= this.clock.now()) throw unauthorized('token expired');
    return record;
  }

  /** Revokes a token by its `jti`; false when there is no such token. */
  revoke(jti: string): boolean {
    const record = this.state().tokens[jti];
    if (!record) return false;
    record.revoked = true;
    return true;
  }
}

/** 401 in the family's format. */
export const unauthorized = (message = 'token not recognised') =>
  new ApiFailure(401, message, { code: 'unauthorized' });

/** The bearer token of a request, or undefined. */
export function bearerOf(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const m = header ? /^Bearer[ \t]+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/** The client id and secret of an HTTP Basic header, or undefined. */
export function basicOf(request: Request): { id: string; secret: string } | undefined {
  const header = request.headers.get('authorization');
  const m = header ? /^Basic[ \t]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(fromBase64url(m[1]!.replace(/=+$/, '')));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // RFC 6749 section 2.3.1: the id and secret are form-encoded before Basic encoding.
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}
