// The same retry rules against a real socket: the server destroys the connection, or never sends
// headers. Backoff is shortened (baseDelayMs: 1); only counts are asserted.
import { ConnectionError, createApiClient, ServerError, TimeoutError } from '@x/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  await server.close();
});

let timeoutMs = 5000;
const client = () =>
  createApiClient({
    baseUrl: server.url,
    auth: { getToken: async () => 'tok-1234' },
    retry: { baseDelayMs: 1 },
    timeoutMs,
  });
const body = (method: string) => (method === 'POST' || method === 'PATCH' ? { a: 1 } : undefined);

const failures = {
  'the server destroys the socket': {
    handler: (_req: unknown, _res: unknown, raw: { socket: { destroy(): void } }) => {
      raw.socket.destroy();
    },
    ErrorClass: ConnectionError,
  },
  'the server never sends headers': { handler: () => undefined, ErrorClass: TimeoutError },
  'the server answers 503': {
    handler: (_req: unknown, res: Parameters<typeof send>[0]) => send(res, 503, { code: 'x' }),
    ErrorClass: ServerError,
  },
};

describe.each(Object.entries(failures))('when %s', (_name, { handler, ErrorClass }) => {
  beforeEach(() => {
    server.handle(handler as Parameters<FakeServer['handle']>[0]);
    // Short only where the timeout is the failure under test.
    timeoutMs = ErrorClass === TimeoutError ? 100 : 5000;
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE'] as const)('%s is sent three times', async (method) => {
    const error = await client()
      .request(method, '/v2/users/u1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(server.requests.map((r) => r.method)).toEqual([method, method, method]);
  });

  it.each(['POST', 'PATCH'] as const)('%s is sent exactly once', async (method) => {
    const error = await client()
      .request(method, '/v2/users', { body: body(method) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(server.requests).toHaveLength(1);
  });

  it.each(['POST', 'PATCH'] as const)(
    '%s with retry: { retryNonIdempotent: true } is retried',
    async (method) => {
      const error = await client()
        .request(method, '/v2/users', { body: body(method), retry: { retryNonIdempotent: true } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(server.requests).toHaveLength(3);
      expect(server.requests.every((r) => r.body === '{"a":1}')).toBe(true);
    },
  );
});
