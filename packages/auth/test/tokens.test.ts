import { decodeJwtClaims, readTokenId, staticToken } from '@x/auth';
import { createApiClient, ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { jsonResponse, scriptedFetch } from '../../runtime/test/support/fake-fetch.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jws = (claims: unknown) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`;

describe('readTokenId', () => {
  it('reads jti without verifying the signature', () => {
    expect(readTokenId(jws({ jti: 'tok-id-42', sub: 'x' }))).toBe('tok-id-42');
    expect(readTokenId(`${jws({ jti: 'ü-id' }).split('.').slice(0, 2).join('.')}.bogus`)).toBe(
      'ü-id',
    );
    expect(decodeJwtClaims(jws({ exp: 1, jti: 'a' }))).toEqual({ exp: 1, jti: 'a' });
  });

  it('refuses malformed tokens without putting the token into the error', () => {
    const secretish = 'SECRETPART';
    const bad = [
      secretish,
      `${secretish}.${secretish}`,
      `a.${secretish}!!.c`,
      `a.${Buffer.from(`not json ${secretish}`).toString('base64url')}.c`,
      `a.${b64([secretish])}.c`,
      `a.${b64(`${secretish}`)}.c`,
      `a.${b64({ sub: secretish })}.c`,
      `a.${b64({ jti: '' })}.c`,
      `a..c`,
      `a.b.c.${secretish}`,
    ];
    for (const token of bad) {
      let error: unknown;
      try {
        readTokenId(token);
      } catch (e) {
        error = e;
      }
      expect(error, token).toBeInstanceOf(ValidationError);
      const e = error as ValidationError;
      expect(e.message).not.toContain(secretish);
      expect(JSON.stringify(e)).not.toContain(secretish);
      expect(String(e.stack)).not.toContain(secretish);
      expect(e.cause).toBeUndefined();
    }
    expect(() => readTokenId(undefined as unknown as string)).toThrow(ValidationError);
  });
});

describe('staticToken', () => {
  it('supplies the token as a bearer credential and lists it as a secret', async () => {
    const provider = staticToken('console-token-123');
    expect(await provider.getToken()).toBe('console-token-123');
    expect(provider.secrets).toEqual(['console-token-123']);
    expect(provider.invalidate).toBeUndefined();
    const api = scriptedFetch(() => jsonResponse(200, {}));
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      auth: provider,
      fetch: api.fetch,
    });
    await client.request('GET', '/v2/users');
    expect(api.calls[0]!.headers.get('authorization')).toBe('Bearer console-token-123');
  });

  it('refuses empty tokens and header-splitting characters, without echoing the token', () => {
    for (const bad of ['', '   ', 'abc\r\nX-Evil: 1', 'tab\there', undefined]) {
      let error: unknown;
      try {
        staticToken(bad as string);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      if (bad?.trim()) expect((error as Error).message).not.toContain(bad.trim());
    }
  });
});
