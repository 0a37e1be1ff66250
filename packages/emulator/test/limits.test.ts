// Per-tenant rate limits (off unless asked) and seeded faults: latency, statuses, 429 bursts
// and connection resets, the same from run to run for the same seed.

import type { FaultOptions } from '@x/emulator';
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

describe('rate limits', () => {
  it('are off by default: no RateLimit headers', async () => {
    const h = await harness();
    const res = await h.workforce('GET', '/v2/users');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('count per tenant on the emulator clock and answer 429 with the headers', async () => {
    const h = await harness({
      rateLimits: { limit: 3, windowSeconds: 10 },
      clock: { frozen: true },
    });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.workforce('GET', '/v2/users');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await h.workforce('GET', '/v2/users');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-reset')).toBe('10');
    h.em.advanceClock(4_000);
    expect((await h.workforce('GET', '/v2/users')).headers.get('ratelimit-reset')).toBe('6');
    h.em.advanceClock(6_000);
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
    // Events and legacy are not rate limited (not published for them).
    for (let i = 0; i < 5; i++) expect((await h.events('?ordering=asc')).status).toBe(200);
  });

  it('can be changed at run time, per tenant', async () => {
    const h = await harness();
    const tenant = h.em.credentials.workforce.tenantId;
    h.em.setRateLimits({
      limit: 100,
      windowSeconds: 60,
      tenants: { [tenant]: { limit: 1, windowSeconds: 60 } },
    });
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
    expect((await h.workforce('GET', '/v2/users')).status).toBe(429);
    h.em.setRateLimits(undefined);
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
  });
});

describe('faults', () => {
  const plan: FaultOptions = {
    seed: 42,
    rules: [
      { operationId: 'listUsers', effect: { kind: 'status', status: 503 }, probability: 0.3 },
      {
        method: 'GET',
        path: '/v2/users',
        effect: { kind: 'rateLimit', resetSeconds: 2 },
        probability: 0.2,
      },
    ],
  };

  async function outcomes(seed?: number) {
    const h = await harness({ faults: { ...plan, ...(seed === undefined ? {} : { seed }) } });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await h.workforce('GET', '/v2/users')).status);
    return statuses;
  }

  it('repeat exactly for the same seed, and differ for another', async () => {
    const first = await outcomes();
    expect(await outcomes()).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(429);
    expect(first).toContain(200);
    expect(await outcomes(7)).not.toEqual(first);
  });

  it('answer in the family format and mark injected answers', async () => {
    const h = await harness({
      faults: { rules: [{ operationId: 'getUser', effect: { kind: 'status', status: 500 } }] },
    });
    const res = await h.workforce('GET', '/v2/users/anything');
    expect(res.status).toBe(500);
    expect(res.headers.get('x-emulator-fault')).toBe('500');
    expect(res.body).toEqual({ code: 'internal_server_error', message: 'injected fault' });
    // Other routes are untouched.
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
  });

  it('burst 429s a given number of times with RateLimit headers', async () => {
    const h = await harness();
    h.em.setFaults({
      rules: [{ mount: 'workforce', effect: { kind: 'rateLimit', resetSeconds: 5 }, times: 2 }],
    });
    const first = await h.workforce('GET', '/v2/users');
    expect(first.status).toBe(429);
    expect(first.headers.get('ratelimit-reset')).toBe('5');
    expect((await h.workforce('GET', '/v2/users')).status).toBe(429);
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
  });

  it('add latency and reset connections', async () => {
    const h = await harness({
      faults: {
        rules: [
          { operationId: 'listUsers', effect: { kind: 'latency', ms: 60 } },
          { operationId: 'getUser', effect: { kind: 'reset' } },
        ],
      },
    });
    const started = performance.now();
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    await expect(
      h.em.fetch(`${h.em.urls.workforce}/v2/users/x`, {
        headers: { authorization: `Bearer ${h.token}` },
      }),
    ).rejects.toThrow('fetch failed');
  });

  it('refuse invalid rules', async () => {
    const h = await harness();
    expect(() => h.em.setFaults({ rules: [{ effect: { kind: 'status', status: 200 } }] })).toThrow(
      RangeError,
    );
    expect(() => h.em.setFaults({ rules: [{ effect: { kind: 'latency', ms: [10, 5] } }] })).toThrow(
      RangeError,
    );
  });
});
