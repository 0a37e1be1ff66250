// Every attempt a tracer sees start (`request`) ends in `response` or `error`, and a call that fails
// for good ends in one `failure` event, logged at error or warn. A hook or listener that returns a
// rejected promise is swallowed like one that throws: it must not become an unhandled rejection.
import { type ClientEvent, createApiClient, type Logger } from '@x/runtime';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    if (req.url?.startsWith('/hang')) return; // never answers
    if (req.url?.startsWith('/missing')) return send(res, 404, { code: 'not_found' });
    if (req.url?.startsWith('/broken')) return send(res, 503, { code: 'unavailable' });
    send(res, 200, { ok: true });
  });
});
afterAll(() => server.close());

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets pending rejections surface as `unhandledRejection` (Node reports them after microtasks). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function recorder() {
  const events: ClientEvent[] = [];
  const lines: string[] = [];
  const at = (level: string) => (message: string) => lines.push(`${level}: ${message}`);
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return { events, lines, logger, onEvent: (e: ClientEvent) => void events.push(e) };
}

describe('listeners that return a rejected promise', () => {
  it('are swallowed: the call succeeds and no unhandled rejection is left', async () => {
    const rejecting = () => Promise.reject(new Error('an async listener failed'));
    const client = createApiClient({
      baseUrl: server.url,
      onEvent: rejecting,
      hooks: { onRequest: rejecting, onResponse: rejecting },
      logger: { debug: rejecting, info: rejecting, warn: rejecting, error: rejecting } as Logger,
      logLevel: 'debug',
    });
    await expect(client.request('GET', '/ok')).resolves.toEqual({ ok: true });
    await settle();
    expect(unhandled).toEqual([]);
  });
});

describe('every attempt and every call closes', () => {
  it('a timeout: request, error (timeout), failure; logged at error', async () => {
    const r = recorder();
    const client = createApiClient({ baseUrl: server.url, onEvent: r.onEvent, logger: r.logger });
    await expect(
      client.request('GET', '/hang', { timeoutMs: 50, retry: false }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(r.events.map((e) => e.type)).toEqual(['request', 'error', 'failure']);
    expect(r.events[1]).toMatchObject({ reason: 'timeout', errorName: 'TimeoutError', attempt: 1 });
    expect(r.events[2]).toMatchObject({ attempts: 1, errorName: 'TimeoutError' });
    expect(r.lines).toEqual([
      expect.stringMatching(/^error: GET \/hang failed after 1 attempt\(s\): TimeoutError$/),
    ]);
  });

  it('an abort mid-request: request, error (abort), failure; not logged', async () => {
    const r = recorder();
    const client = createApiClient({ baseUrl: server.url, onEvent: r.onEvent, logger: r.logger });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    await expect(
      client.request('GET', '/hang', { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(r.events.map((e) => e.type)).toEqual(['request', 'error', 'failure']);
    expect(r.events[1]).toMatchObject({ reason: 'abort', errorName: 'AbortError' });
    expect(r.lines).toEqual([]);
  });

  it('a refused connection, retried: each attempt closes with error, then one failure', async () => {
    const closed = await startFakeServer((_req, res) => send(res, 200, {}));
    const url = closed.url;
    await closed.close();
    const r = recorder();
    const client = createApiClient({
      baseUrl: url,
      onEvent: r.onEvent,
      logger: r.logger,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ name: 'ConnectionError' });
    expect(r.events.map((e) => e.type)).toEqual([
      'request',
      'error',
      'retry',
      'request',
      'error',
      'failure',
    ]);
    expect(r.events[1]).toMatchObject({ reason: 'connection', errorName: 'ConnectionError' });
    expect(r.events[5]).toMatchObject({ attempts: 2 });
    expect(r.lines.filter((l) => !l.startsWith('info:'))).toEqual([
      expect.stringMatching(/^error: GET \/x failed after 2 attempt\(s\): ConnectionError$/),
    ]);
  });

  it('a final 503 is logged at error, a 404 at warn; a success emits no failure', async () => {
    const r = recorder();
    const client = createApiClient({
      baseUrl: server.url,
      onEvent: r.onEvent,
      logger: r.logger,
      logLevel: 'warn',
      retry: false,
    });
    await expect(client.request('GET', '/broken')).rejects.toMatchObject({ status: 503 });
    await expect(client.request('GET', '/missing')).rejects.toMatchObject({ status: 404 });
    await client.request('GET', '/ok');
    expect(r.events.filter((e) => e.type === 'failure')).toEqual([
      expect.objectContaining({ status: 503, errorName: 'ServerError', attempts: 1 }),
      expect.objectContaining({ status: 404, errorName: 'NotFoundError', attempts: 1 }),
    ]);
    expect(r.lines).toEqual([
      'error: GET /broken failed after 1 attempt(s): ServerError 503',
      'warn: GET /missing failed after 1 attempt(s): NotFoundError 404',
    ]);
  });
});
