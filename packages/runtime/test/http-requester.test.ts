// The lean requester: one request through the transport, without openapi-fetch or the rate
// limiter. Most tests run against a real loopback server; backoff waits run on a fake clock with an
// injected fetch.
import { inspect } from 'node:util';
import {
  AbortError,
  type ApiError,
  BadRequestError,
  type ClientEvent,
  ConnectionError,
  createHttpRequester,
  InvalidResponseError,
  NotFoundError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { capture } from '@x/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch } from './support/fake-fetch.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import { settle } from './support/timers.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const fast = { retry: { baseDelayMs: 1 } };

describe('a successful request', () => {
  it('returns the parsed JSON body and sends the method, URL and headers as given', async () => {
    server.handle((_req, res) => send(res, 200, { id: 'u1', tags: ['a'] }));
    const http = createHttpRequester();
    const body = await http.request('GET', `${server.url}/v2/users/u1?view=full`, {
      headers: { accept: 'application/json', 'x-trace': 't-1' },
    });
    expect(body).toEqual({ id: 'u1', tags: ['a'] });
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/v2/users/u1?view=full');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['x-trace']).toBe('t-1');
    expect(req.headers['content-type']).toBeUndefined();
    expect(req.body).toBe('');
  });

  it('accepts a URL object', async () => {
    server.handle((_req, res) => send(res, 200, { ok: true }));
    const url = new URL('/token', server.url);
    expect(await createHttpRequester().request('POST', url)).toEqual({ ok: true });
    expect(server.requests[0]!.url).toBe('/token');
  });

  it('returns undefined for an empty 2xx body and for 204', async () => {
    const http = createHttpRequester();
    server.handle((_req, res) => send(res, 200));
    expect(await http.request('DELETE', `${server.url}/v2/users/u1`)).toBeUndefined();
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await http.request('DELETE', `${server.url}/v2/users/u1`)).toBeUndefined();
  });

  it('sends a body as JSON by default', async () => {
    server.handle((_req, res) => send(res, 201, { id: 'g1' }));
    const http = createHttpRequester();
    const created = await http.request('POST', `${server.url}/v2/groups`, {
      body: { display_name: 'Ops & Dev', members: [1, 2] },
    });
    expect(created).toEqual({ id: 'g1' });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ display_name: 'Ops & Dev', members: [1, 2] });
  });

  it('uses the injected fetch, handing it a Request', async () => {
    const f = scriptedFetch(() => jsonResponse(200, { via: 'injected' }));
    const http = createHttpRequester({ fetch: f.fetch });
    const body = await http.request('PUT', 'https://api.example.test/v2/things/t1', {
      body: { a: 1 },
    });
    expect(body).toEqual({ via: 'injected' });
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]!.method).toBe('PUT');
    expect(f.calls[0]!.url).toBe('https://api.example.test/v2/things/t1');
    expect(f.calls[0]!.body).toBe('{"a":1}');
  });

  it('sends the bearer token of `auth`, and refreshes it once after a 401', async () => {
    let n = 0;
    const invalidated: string[] = [];
    const auth = {
      getToken: async () => `tok-${++n}-abcdef`,
      invalidate: (t: string) => {
        invalidated.push(t);
      },
    };
    server.handle((req, res) =>
      req.headers.authorization === 'Bearer tok-1-abcdef'
        ? send(res, 401, { code: 'unauthorized' })
        : send(res, 200, { ok: true }),
    );
    const body = await createHttpRequester({ auth }).request('POST', `${server.url}/v2/x`);
    expect(body).toEqual({ ok: true });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-1-abcdef',
      'Bearer tok-2-abcdef',
    ]);
    expect(invalidated).toEqual(['tok-1-abcdef']);
  });
});

describe('form encoding', () => {
  it('encodes a record as application/x-www-form-urlencoded when the content type says so', async () => {
    server.handle((_req, res) => send(res, 200, { access_token: 'a' }));
    const http = createHttpRequester();
    await http.request('POST', `${server.url}/oauth2/token`, {
      body: { grant_type: 'client_credentials', scope: 'read write', note: 'a&b=c+ü' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toBe('grant_type=client_credentials&scope=read+write&note=a%26b%3Dc%2B%C3%BC');
    const form = new URLSearchParams(req.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      scope: 'read write',
      note: 'a&b=c+ü',
    });
  });

  it('recognises the content type whatever the header name case, with parameters', async () => {
    server.handle((_req, res) => send(res, 200, {}));
    const http = createHttpRequester();
    await http.request('POST', `${server.url}/form`, {
      body: { a: '1', b: 'two words' },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(req.body).toBe('a=1&b=two+words');
  });

  it('sends the same encoded form on every retry', async () => {
    server.handle((_req, res) => send(res, 503, { message: 'busy' }));
    const http = createHttpRequester(fast);
    const error = await http
      .request('POST', `${server.url}/oauth2/token`, {
        body: { grant_type: 'client_credentials' },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        retry: { retryNonIdempotent: true },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests.map((r) => r.body)).toEqual([
      'grant_type=client_credentials',
      'grant_type=client_credentials',
      'grant_type=client_credentials',
    ]);
  });
});

describe('a non-2xx response', () => {
  it('400 becomes BadRequestError with the parsed payload and the request context', async () => {
    server.handle((_req, res) =>
      send(
        res,
        400,
        { error: 'invalid_scope', error_description: 'scope "admin" is not allowed' },
        { 'x-request-id': 'req-42' },
      ),
    );
    const error = await createHttpRequester()
      .request('POST', `${server.url}/oauth2/token?x=1`, { body: { scope: 'admin' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as BadRequestError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('invalid_scope');
    expect(e.requestId).toBe('req-42');
    expect(e.request).toEqual({
      method: 'POST',
      path: '/oauth2/token',
      pathTemplate: '/oauth2/token',
      attempts: 1,
    });
    expect(e.message).toBe(
      'POST /oauth2/token failed with 400 invalid_scope: scope "admin" is not allowed (request id req-42)',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('404 becomes NotFoundError naming the given path template', async () => {
    server.handle((_req, res) => send(res, 404, { code: 'not_found', message: 'no such user' }));
    const error = await createHttpRequester()
      .request('GET', `${server.url}/v2/users/u%2F1`, { pathTemplate: '/v2/users/{user_id}' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).request).toEqual({
      method: 'GET',
      path: '/v2/users/u%2F1',
      pathTemplate: '/v2/users/{user_id}',
      attempts: 1,
    });
    expect((error as Error).message).toMatch(/^GET \/v2\/users\/\{user_id\} failed with 404/);
  });

  it('a 5xx of a POST is not retried by default and becomes ServerError', async () => {
    server.handle((_req, res) => send(res, 500, { message: 'boom' }));
    const error = await createHttpRequester(fast)
      .request('POST', `${server.url}/v2/jobs`, { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(500);
    expect((error as ServerError).request?.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('an HTML error page keeps its class, its text in rawBody', async () => {
    server.handle((_req, res) => send(res, 502, '<html>Bad gateway</html>'));
    const error = await createHttpRequester({ retry: false })
      .request('GET', `${server.url}/v2/users`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).rawBody).toBe('<html>Bad gateway</html>');
    expect((error as ServerError).body).toBeUndefined();
  });
});

describe('retries', () => {
  it('a GET answered 503, 503, 200 returns the body after two retries', async () => {
    let n = 0;
    server.handle((_req, res) =>
      ++n < 3 ? send(res, 503, { message: 'busy' }) : send(res, 200, { id: 'u1' }),
    );
    const events: ClientEvent[] = [];
    const http = createHttpRequester({ ...fast, onEvent: (e) => events.push(e) });
    expect(await http.request('GET', `${server.url}/v2/users/u1`)).toEqual({ id: 'u1' });
    expect(server.requests).toHaveLength(3);
    const retries = events.filter((e) => e.type === 'retry');
    expect(retries).toHaveLength(2);
    expect(retries.every((e) => e.type === 'retry' && e.reason === 'server-error')).toBe(true);
    expect(
      events.filter((e) => e.type === 'response').map((e) => 'status' in e && e.status),
    ).toEqual([503, 503, 200]);
  });

  it('a 503 that stays reports the attempts in the error', async () => {
    server.handle((_req, res) => send(res, 503, { message: 'busy' }));
    const error = await createHttpRequester(fast)
      .request('GET', `${server.url}/v2/users/u1`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).request?.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
  });

  it('a POST is retried after a 503 when retryNonIdempotent is set for the call', async () => {
    let n = 0;
    server.handle((_req, res) =>
      ++n < 2 ? send(res, 503, {}) : send(res, 200, { access_token: 'tok' }),
    );
    const http = createHttpRequester(fast);
    const body = await http.request('POST', `${server.url}/token`, {
      body: {},
      retry: { retryNonIdempotent: true },
    });
    expect(body).toEqual({ access_token: 'tok' });
    expect(server.requests).toHaveLength(2);
  });

  it("waits for a 503's Retry-After, with jitter from the injected random otherwise", async () => {
    vi.useFakeTimers();
    const f = scriptedFetch(
      () => jsonResponse(503, {}, { 'retry-after': '2' }),
      () => jsonResponse(503, {}),
      () => jsonResponse(200, { done: true }),
    );
    const events: ClientEvent[] = [];
    const http = createHttpRequester({
      fetch: f.fetch,
      random: () => 0.5,
      onEvent: (e) => events.push(e),
    });
    const call = capture(http.request('GET', 'https://api.example.test/v2/report'));
    await settle();
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(2);
    // No Retry-After: full jitter, half of the 1000 ms ceiling of the second retry.
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(f.calls).toHaveLength(3);
    await call.settled;
    expect(call.value).toEqual({ done: true });
    expect(
      events.filter((e) => e.type === 'retry').map((e) => 'delayMs' in e && e.delayMs),
    ).toEqual([2000, 500]);
  });

  it('retry: false sends once', async () => {
    server.handle((_req, res) => send(res, 503, {}));
    const error = await createHttpRequester()
      .request('GET', `${server.url}/v2/users`, { retry: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('a 2xx body that is not JSON', () => {
  const SECRET_IN_BODY = 'session=sk_live_abcdef123456';

  for (const [name, text] of [
    ['an HTML page', `<html><body>Please sign in ${SECRET_IN_BODY}</body></html>`],
    ['a body cut inside the JSON', `{"id":"u1","note":"${SECRET_IN_BODY}`],
  ] as const) {
    it(`${name} becomes InvalidResponseError without quoting the body`, async () => {
      server.handle((_req, res) => send(res, 200, text));
      const error = await createHttpRequester()
        .request('GET', `${server.url}/v2/users/u1`)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      const e = error as InvalidResponseError;
      expect(e.message).toBe('GET /v2/users/u1 answered 2xx with a body that is not valid JSON');
      // The whole context of the call: method, route, path and attempts.
      expect(e.request).toEqual({
        method: 'GET',
        pathTemplate: '/v2/users/u1',
        path: '/v2/users/u1',
        attempts: 1,
      });
      for (const s of [
        e.message,
        e.stack ?? '',
        inspect(e, { showHidden: true }),
        JSON.stringify(e),
      ])
        expect(s).not.toContain('sk_live');
    });
  }
});

describe('secrets', () => {
  const SECRET = 'cs_live_5ecr3t-Value+/=';
  const BASIC = Buffer.from(`client-1:${SECRET}`).toString('base64');

  it('are masked in every error and event, even when the server echoes them', async () => {
    server.handle((req, res) =>
      send(
        res,
        401,
        {
          error: 'invalid_client',
          error_description: `rejected ${req.headers.authorization} with secret ${SECRET}`,
          client_secret: SECRET,
          details: [{ echoed: BASIC }],
        },
        { 'x-request-id': `id-${SECRET}` },
      ),
    );
    const events: ClientEvent[] = [];
    const http = createHttpRequester({
      secrets: [SECRET, BASIC],
      onEvent: (e) => events.push(e),
    });
    const error = await http
      .request('POST', `${server.url}/oauth2/token`, {
        body: { grant_type: 'client_credentials' },
        headers: {
          authorization: `Basic ${BASIC}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    // The secret did reach the server: it is the error that must not carry it.
    expect(server.requests[0]!.headers.authorization).toBe(`Basic ${BASIC}`);
    const e = error as ApiError;
    expect(e.message).toContain('[redacted]');
    const texts = [
      String(e),
      e.message,
      e.stack ?? '',
      e.rawBody,
      JSON.stringify(e),
      JSON.stringify(e.body),
      JSON.stringify(e.headers),
      inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      JSON.stringify(events),
    ];
    for (const text of texts)
      for (const secret of [SECRET, BASIC, encodeURIComponent(SECRET)])
        expect(text).not.toContain(secret);
  });

  it('a header value that cannot be sent is refused without quoting it, nothing sent', async () => {
    const error = await createHttpRequester()
      .request('POST', `${server.url}/oauth2/token`, {
        headers: { authorization: `Basic ${SECRET}\r\nX-Evil: 1` },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).not.toContain(SECRET);
    expect(server.requests).toHaveLength(0);
  });
});

describe('timeouts and failures without a response', () => {
  it('an attempt past timeoutMs becomes TimeoutError with the request context', async () => {
    server.handle(() => undefined); // never answers
    const started = Date.now();
    const error = await createHttpRequester({ timeoutMs: 100, retry: false })
      .request('POST', `${server.url}/oauth2/token`, { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
    expect((error as TimeoutError).request).toMatchObject({
      method: 'POST',
      path: '/oauth2/token',
      pathTemplate: '/oauth2/token',
      attempts: 1,
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('the per-call timeoutMs wins, and a GET that times out is retried', async () => {
    server.handle(() => undefined);
    const error = await createHttpRequester({ timeoutMs: 60_000, ...fast })
      .request('GET', `${server.url}/v2/users`, { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
    expect(server.requests).toHaveLength(3);
  });

  it('a destroyed connection becomes ConnectionError', async () => {
    server.handle((_req, _res, raw) => {
      raw.socket.destroy();
    });
    const error = await createHttpRequester({ retry: false })
      .request('GET', `${server.url}/v2/users`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).request).toMatchObject({
      method: 'GET',
      pathTemplate: '/v2/users',
    });
  });

  it("the caller's signal aborts the call", async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = createHttpRequester()
      .request('GET', `${server.url}/v2/users`, { signal: controller.signal })
      .catch((e: unknown) => e);
    await server.waitForRequests(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
  });

  it('a body over maxResponseBytes becomes ResponseTooLargeError', async () => {
    server.handle((_req, res) => send(res, 200, { data: 'x'.repeat(2000) }));
    const error = await createHttpRequester({ maxResponseBytes: 1000 })
      .request('GET', `${server.url}/v2/big`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });
});

describe('invalid arguments are refused before anything is sent', () => {
  it.each([
    ['a relative URL', '/v2/users'],
    ['plain http to a remote host', 'http://api.example.com/v2/users'],
    ['credentials in the URL', 'https://user:pa55word@api.example.com/v2/users'],
    ['another scheme', 'ftp://api.example.com/file'],
  ])('%s', async (_name, url) => {
    const error = await createHttpRequester()
      .request('GET', url)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('url');
    expect((error as Error).message).not.toContain('pa55word');
  });

  it('a body on a GET', async () => {
    const error = await createHttpRequester()
      .request('GET', `${server.url}/v2/users`, { body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it('bad requester options', () => {
    expect(() => createHttpRequester({ timeoutMs: -1 })).toThrow(ValidationError);
    expect(() => createHttpRequester({ maxResponseBytes: Number.NaN })).toThrow(ValidationError);
    expect(() => createHttpRequester(null as never)).toThrow(TypeError);
  });
});
