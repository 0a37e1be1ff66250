// Hooks, the event listener and the logger see requests, responses, retries and limiter waits;
// none of them can break a call, and nothing they get holds a credential.
import { inspect } from 'node:util';
import { type ClientEvent, createApiClient, type Logger } from '@x/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

const TOKEN = 'tok-observe-secret-5678';
let server: FakeServer;
let statuses: number[] = [];
beforeAll(async () => {
  server = await startFakeServer((_req, res) => {
    const status = statuses.shift() ?? 200;
    send(res, status, status === 200 ? { id: 'u1' } : { code: 'unavailable' }, {
      'x-request-id': `echo ${TOKEN}`,
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  statuses = [];
});

function recordingLogger() {
  const lines: { level: string; message: string; details: unknown }[] = [];
  const at = (level: string) => (message: string, details?: unknown) =>
    lines.push({ level, message, details });
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return { logger, lines };
}

describe('hooks and onEvent', () => {
  it('see each request, response and retry in order; a throwing hook breaks nothing', async () => {
    statuses = [503];
    const seen: string[] = [];
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      auth: { getToken: async () => TOKEN },
      retry: { baseDelayMs: 1 },
      onEvent: (e) => events.push(e),
      hooks: {
        onRequest: (e) => {
          seen.push(`request ${e.method} ${e.path} #${e.attempt}`);
          throw new Error('a broken hook');
        },
        onResponse: (e) => seen.push(`response ${e.status} #${e.attempt}`),
        onRetry: (e) => seen.push(`retry ${e.reason} ${e.status} after #${e.attempt}`),
      },
    });
    expect(await client.request('GET', '/v2/users/u1')).toEqual({ id: 'u1' });
    expect(seen).toEqual([
      'request GET /v2/users/u1 #1',
      'response 503 #1',
      'retry server-error 503 after #1',
      'request GET /v2/users/u1 #2',
      'response 200 #2',
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'request',
      'response',
      'retry',
      'request',
      'response',
    ]);
    const text = JSON.stringify(events) + inspect(events, { depth: 9 });
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('echo [redacted]');
  });
});

describe('logger', () => {
  it('logs retries at info by default, and every request and response at debug', async () => {
    statuses = [503];
    const info = recordingLogger();
    await createApiClient({
      baseUrl: server.url,
      retry: { baseDelayMs: 1 },
      logger: info.logger,
    }).request('GET', '/v2/users/u1');
    expect(info.lines.map((l) => `${l.level}: ${l.message}`)).toEqual([
      expect.stringMatching(
        /^info: GET \/v2\/users\/u1 attempt 1 failed \(server-error 503\); retrying in \d+ ms$/,
      ),
    ]);

    const debug = recordingLogger();
    await createApiClient({ baseUrl: server.url, logger: debug.logger, logLevel: 'debug' }).request(
      'GET',
      '/v2/users/u1',
    );
    expect(debug.lines.map((l) => l.level)).toEqual(['debug', 'debug']);
    expect(debug.lines[1]?.message).toMatch(/^GET \/v2\/users\/u1 -> 200 in \d+ ms$/);
  });

  it('logs nothing at off, or without a logger; a throwing logger breaks nothing', async () => {
    const off = recordingLogger();
    await createApiClient({ baseUrl: server.url, logger: off.logger, logLevel: 'off' }).request(
      'GET',
      '/v2/users/u1',
    );
    expect(off.lines).toEqual([]);
    const throwing: Logger = {
      debug: () => {
        throw new Error('x');
      },
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    };
    await expect(
      createApiClient({ baseUrl: server.url, logger: throwing, logLevel: 'debug' }).request(
        'GET',
        '/v2/users/u1',
      ),
    ).resolves.toEqual({ id: 'u1' });
  });
});
