// One token per fleet, against a real Redis: 8 processes (each its own Redis connection and its
// own provider, as 8 pods have) share one token request, one refresh, and a 401's invalidation.
import { clientCredentials } from '@x/auth';
import type { connectFleet, Fleet } from '@x/fleet';
import type { TokenProvider } from '@x/runtime';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { fakeClock } from './support/fake-clock.js';
import { suiteRedis } from './support/suite-redis.js';
import { startTokenServer, type TokenServer } from './support/token-server.js';

const redis = suiteRedis();
/** The token endpoint of the running test. */
let tokens: TokenServer | undefined;

/** A token endpoint for this test, closed after it. */
async function tokenServer(expiresIn: number): Promise<TokenServer> {
  tokens = redis.closeAfterTest(await startTokenServer(expiresIn));
  return tokens;
}

/** `count` processes of one fleet (own connection, own provider), with a prefix of this test. */
async function processes(
  count: number,
  prefix: string,
  options: Partial<Parameters<typeof connectFleet>[0]> = {},
): Promise<{ fleet: Fleet; auth: TokenProvider }[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const fleet = await redis.connect({ ...options, keyPrefix: prefix });
      const auth = clientCredentials({
        tokenUrl: tokens!.url,
        clientId: 'sync-job',
        clientSecret: 'the-client-secret',
        tokenStore: fleet.tokenStore,
      });
      return { fleet, auth };
    }),
  );
}

describe('a shared token', () => {
  it('8 processes starting cold make 1 token request and all use its token', async () => {
    const endpoint = await tokenServer(3600);
    const fleet = await processes(8, 'cold:');
    const got = await Promise.all(fleet.map(({ auth }) => auth.getToken()));
    expect(endpoint.requests()).toBe(1);
    expect(new Set(got)).toEqual(new Set(['token-1']));
    // And again, warm: no further request.
    await Promise.all(fleet.map(({ auth }) => auth.getToken()));
    expect(endpoint.requests()).toBe(1);
  });

  it('is stored with a time to live ending before its refresh time, less the skew', async () => {
    await tokenServer(3600);
    const [first] = await processes(1, 'ttl:', { tokenSkewMs: 5000 });
    await first!.auth.getToken();
    const inspect = new Redis(redis.url);
    try {
      const keys = await inspect.keys('ttl:token:*');
      expect(keys.filter((key) => !key.endsWith(':lock'))).toHaveLength(1);
      // 3600 s less the provider's 60 s refresh window, less the 5 s skew.
      const ttl = await inspect.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(3_400_000);
      expect(ttl).toBeLessThanOrEqual(3_535_000);
      // The key is a digest: neither the client id nor the token URL is readable in Redis.
      expect(keys[0]).not.toContain('sync-job');
    } finally {
      inspect.disconnect();
    }
  });

  it('at expiry 8 processes refresh it with 1 token request', async () => {
    // 2 s tokens: refreshed after half their life (1 s), less a 200 ms skew.
    const endpoint = await tokenServer(2);
    const fleet = await processes(8, 'expiry:', { tokenSkewMs: 200 });
    await Promise.all(fleet.map(({ auth }) => auth.getToken()));
    expect(endpoint.requests()).toBe(1);
    const inspect = new Redis(redis.url);
    try {
      // Wait until Redis itself has let the token expire (whatever the machine's speed).
      while ((await inspect.keys('expiry:token:*')).length > 0)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      inspect.disconnect();
    }
    const got = await Promise.all(fleet.map(({ auth }) => auth.getToken()));
    expect(endpoint.requests()).toBe(2);
    expect(new Set(got)).toEqual(new Set(['token-2']));
  });

  it('a 401 invalidates it for every process; a late 401 of the old token keeps the new one', async () => {
    const endpoint = await tokenServer(3600);
    const clock = fakeClock();
    const [a, b, c] = await processes(3, 'invalidate:', { clock });
    expect(await a!.auth.getToken()).toBe('token-1');
    expect(await b!.auth.getToken()).toBe('token-1');
    // The API answered a's call 401: a drops token-1 for the fleet and fetches token-2.
    a!.auth.invalidate!('token-1');
    expect(await a!.auth.getToken()).toBe('token-2');
    expect(endpoint.requests()).toBe(2);
    // A process that had not seen token-1 gets token-2 from Redis, without a request.
    expect(await c!.auth.getToken()).toBe('token-2');
    // b's own 401 of token-1 comes later: the compare-and-delete keeps token-2.
    b!.auth.invalidate!('token-1');
    expect(await b!.auth.getToken()).toBe('token-2');
    expect(endpoint.requests()).toBe(2);
  });

  it('a process that saw no 401 reads the new token once its local copy is a second old', async () => {
    const endpoint = await tokenServer(3600);
    const clock = fakeClock();
    const [a, b] = await processes(2, 'local-copy:', { clock });
    expect(await a!.auth.getToken()).toBe('token-1');
    expect(await b!.auth.getToken()).toBe('token-1');
    a!.auth.invalidate!('token-1');
    expect(await a!.auth.getToken()).toBe('token-2');
    // b still uses its copy for up to a second, then reads Redis: token-2, no request of its own.
    expect(await b!.auth.getToken()).toBe('token-1');
    clock.advance(1001);
    expect(await b!.auth.getToken()).toBe('token-2');
    expect(endpoint.requests()).toBe(2);
  });

  it('a failed token request releases the lock: the next caller asks again', async () => {
    await tokenServer(3600);
    const [first] = await processes(1, 'failure:');
    const failing = clientCredentials({
      tokenUrl: 'http://127.0.0.1:1/v2/oauth2/token',
      clientId: 'sync-job',
      clientSecret: 'the-client-secret',
      retry: false,
      tokenStore: first!.fleet.tokenStore,
    });
    await expect(failing.getToken()).rejects.toThrow();
    const inspect = new Redis(redis.url);
    try {
      expect(await inspect.keys('failure:token:*')).toEqual([]);
    } finally {
      inspect.disconnect();
    }
  });
});
