// Operations a family marks retry-safe (set-like or idempotent in the reference) are retried after
// a 5xx like a GET, through the typed calls and the raw client; other POSTs are sent once; a call
// opts in or out with `retry: { retryNonIdempotent }`.
import { createApiClient } from '@x/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
let failures = 0;
beforeAll(async () => {
  server = await startFakeServer((_req, res) => {
    if (failures > 0) {
      failures--;
      return send(res, 503, { code: 'unavailable' });
    }
    send(res, 200, { id: 'g1' });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clear();
  failures = 1;
});

type Paths = {
  '/v2/groups/{group_id}:addUsers': { post: { parameters: { path: { group_id: string } } } };
  '/v2/groups': { post: object };
};

const client = () =>
  createApiClient<Paths>(
    { baseUrl: server.url, retry: { baseDelayMs: 1 } },
    { name: 'test', version: '0.0.0', retrySafe: ['POST /v2/groups/{group_id}:addUsers'] },
  );
const addUsers = { path: { group_id: 'g1' } };

describe('retry-safe operations', () => {
  it('a marked POST is retried after a 503', async () => {
    await expect(client().post('/v2/groups/{group_id}:addUsers', addUsers)).resolves.toEqual({
      id: 'g1',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('through the raw client too', async () => {
    const { data } = await client().raw.POST('/v2/groups/{group_id}:addUsers', {
      params: addUsers,
    } as never);
    expect(data).toEqual({ id: 'g1' });
    expect(server.requests).toHaveLength(2);
  });

  it('an unmarked POST is sent once', async () => {
    await expect(client().post('/v2/groups', {})).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it('a call opts out of a marked operation, or into an unmarked one', async () => {
    await expect(
      client().post('/v2/groups/{group_id}:addUsers', addUsers, {
        retry: { retryNonIdempotent: false },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    server.clear();
    failures = 1;
    await expect(
      client().post('/v2/groups', {}, { retry: { retryNonIdempotent: true } }),
    ).resolves.toEqual({ id: 'g1' });
    expect(server.requests).toHaveLength(2);
  });

  it('a call that changes other retry settings keeps the mark', async () => {
    await expect(
      client().post('/v2/groups/{group_id}:addUsers', addUsers, { retry: { maxRetries: 1 } }),
    ).resolves.toEqual({ id: 'g1' });
    expect(server.requests).toHaveLength(2);
  });
});
