// One rate budget per tenant, against a real Redis: several processes' clients (each its own
// Redis connection and its own client) pace themselves through one budget, learned from the
// server's RateLimit headers, so that together they stay within the tenant's limit.
import { createApiClient } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { type LimitedApi, startLimitedApi } from './support/limited-api.js';
import { suiteRedis } from './support/suite-redis.js';

const redis = suiteRedis();
let api: LimitedApi | undefined;

async function limitedApi(
  limit: number,
  windowMs: number,
  firstAnswerDelayMs = 0,
): Promise<LimitedApi> {
  api = redis.closeAfterTest(await startLimitedApi(limit, windowMs, firstAnswerDelayMs));
  return api;
}

/** `count` processes' clients, all on the budget `tenant` of one fleet. */
async function clients(count: number, prefix: string) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const fleet = await redis.connect({ keyPrefix: prefix });
      return createApiClient({
        baseUrl: api!.url,
        rateLimit: fleet.rateBudget('tenant'),
        // A 429 would be retried after its reset and hidden: the server's count is the measure.
        retry: false,
      });
    }),
  );
}

describe('a shared rate budget', () => {
  it('4 processes sending 24 requests at once stay within a limit of 6 per window: no 429', async () => {
    const served = await limitedApi(6, 1000);
    const fleet = await clients(4, 'budget:');
    const results = await Promise.allSettled(
      fleet.flatMap((client, p) =>
        Array.from({ length: 6 }, (_, i) => client.request('GET', `/v2/users/p${p}-${i}`)),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(served.statuses()).toHaveLength(24);
    expect(served.statuses().filter((status) => status === 429)).toHaveLength(0);
  });

  it('a cold fleet learns the limit once: the first request goes, the others wait for its answer', async () => {
    const served = await limitedApi(3, 1000);
    const fleet = await clients(3, 'learning:');
    await Promise.all(fleet.map((client, p) => client.request('GET', `/v2/users/p${p}`)));
    await Promise.all(fleet.map((client, p) => client.request('GET', `/v2/users/q${p}`)));
    expect(served.statuses().filter((status) => status === 429)).toHaveLength(0);
  });

  it('a cold fleet waits for a slow first answer (slower than 1 s) instead of letting the others go', async () => {
    // 6 requests against a limit of 4: the learner's answer comes after 1.5 s; the others wait
    // for it, then 3 go and 2 wait for the next window. Let go before the answer, 5 would go.
    const served = await limitedApi(4, 3000, 1500);
    const fleet = await clients(3, 'slow-learning:');
    const results = await Promise.allSettled(
      fleet.flatMap((client, p) =>
        [0, 1].map((i) => client.request('GET', `/v2/users/p${p}-${i}`)),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(served.statuses()).toHaveLength(6);
    expect(served.statuses().filter((status) => status === 429)).toHaveLength(0);
  });
});
