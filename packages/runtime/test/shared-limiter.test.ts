// `rateLimit` given a `RequestLimiter`: the client's requests go through that budget (one shared
// beyond the client, as `@x/fleet` provides) instead of a limiter of its own.
import { type AcquireOptions, createApiClient, type RequestLimiter } from '@x/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A limiter that records what the transport asks of it and lets every request go. */
function recordingLimiter() {
  const calls: string[] = [];
  const remaining: (string | null)[] = [];
  const limiter: RequestLimiter = {
    acquire(options: AcquireOptions) {
      calls.push(`acquire ${options.request?.method ?? '?'}`);
      return undefined;
    },
    release(headers) {
      calls.push('release');
      remaining.push(headers?.get('ratelimit-remaining') ?? null);
    },
    block(ms) {
      calls.push(`block ${ms}`);
    },
  };
  return { limiter, calls, remaining };
}

describe('a client given a RequestLimiter as rateLimit', () => {
  it('asks that limiter before each request and tells it the RateLimit headers after', async () => {
    server = await startFakeServer((_req, res) =>
      send(res, 200, { ok: true }, { 'ratelimit-remaining': '7', 'ratelimit-reset': '1' }),
    );
    const shared = recordingLimiter();
    const first = createApiClient({ baseUrl: server.url, rateLimit: shared.limiter });
    const second = createApiClient({ baseUrl: server.url, rateLimit: shared.limiter });
    await first.request('GET', '/v2/users/a');
    await second.request('GET', '/v2/users/b');
    expect(shared.calls).toEqual(['acquire GET', 'release', 'acquire GET', 'release']);
    expect(shared.remaining).toEqual(['7', '7']);
  });

  it('tells it to hold every request after a 429 with Retry-After', async () => {
    let count = 0;
    server = await startFakeServer((_req, res) => {
      count++;
      if (count === 1) send(res, 429, { code: 'too_many_requests' }, { 'retry-after': '0' });
      else send(res, 200, { ok: true });
    });
    const shared = recordingLimiter();
    const client = createApiClient({ baseUrl: server.url, rateLimit: shared.limiter });
    await client.request('GET', '/v2/users/a');
    expect(shared.calls.filter((call) => call.startsWith('block'))).toHaveLength(1);
    expect(shared.calls.filter((call) => call.startsWith('acquire'))).toHaveLength(2);
  });
});
