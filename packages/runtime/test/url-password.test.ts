// The password of a URL (fleet mode's Redis URL), as the CLI and @x/fleet find and mask it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskUrlPassword, urlPassword } from '../src/url-password.js';

/** A Redis URL with a user and a password, each written percent-encoded into the URL. */
const redisUrl = fc.record({
  scheme: fc.constantFrom('redis', 'rediss'),
  user: fc.string({ maxLength: 12 }),
  password: fc.string({ minLength: 1, maxLength: 24 }),
  port: fc.integer({ min: 1, max: 65535 }),
  db: fc.nat({ max: 15 }),
});
const written = (u: { scheme: string; user: string; password: string; port: number; db: number }) =>
  `${u.scheme}://${encodeURIComponent(u.user)}:${encodeURIComponent(u.password)}@redis.internal:${u.port}/${u.db}`;

describe('urlPassword', () => {
  it('is the password as written before encoding, for any password', () => {
    fc.assert(
      fc.property(redisUrl, (u) => {
        expect(urlPassword(written(u))).toBe(u.password);
      }),
    );
  });

  it('is undefined without a password and for text that is no URL', () => {
    expect(urlPassword('redis://127.0.0.1:6379')).toBeUndefined();
    expect(urlPassword('redis://ops@127.0.0.1:6379')).toBeUndefined();
    expect(urlPassword('not a url :secret@')).toBeUndefined();
  });

  it('returns a password that does not percent-decode as it is written', () => {
    expect(urlPassword('redis://:%zz-secret@127.0.0.1:6379')).toBe('%zz-secret');
  });
});

describe('maskUrlPassword', () => {
  it('shows *** for the password and keeps every other part, for any URL', () => {
    fc.assert(
      fc.property(redisUrl, (u) => {
        const masked = new URL(maskUrlPassword(written(u)));
        const original = new URL(written(u));
        expect(masked.password).toBe('***');
        expect([masked.protocol, masked.username, masked.host, masked.pathname]).toEqual([
          original.protocol,
          original.username,
          original.host,
          original.pathname,
        ]);
      }),
    );
  });

  it('never shows the encoded password of a long secret', () => {
    fc.assert(
      fc.property(redisUrl, fc.string({ minLength: 16, maxLength: 32 }), (u, secret) => {
        const url = written({ ...u, password: `${secret}-x` });
        expect(maskUrlPassword(url)).not.toContain(encodeURIComponent(`${secret}-x`));
      }),
    );
  });

  it('leaves a URL without a password as it is (normalised), and hides text that is no URL', () => {
    expect(maskUrlPassword('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(maskUrlPassword('hunter2-secret')).toBe('<not a URL>');
    expect(maskUrlPassword('hunter2-secret', '<unparsable Redis URL>')).toBe(
      '<unparsable Redis URL>',
    );
  });
});
