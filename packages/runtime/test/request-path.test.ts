// How a call reaches the network. Without user middleware the client sends through a
// middleware-free openapi-fetch client with a plain request object and returns a buffered
// Response; with user middleware they get real Request objects, never the token, and still see a
// non-2xx response before it becomes an ApiError. Both ways must look the same to the caller.
import { createApiClient, type FetchLike, NotFoundError, ServerError } from '@x/runtime';
import type { Middleware } from 'openapi-fetch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import type { paths } from './support/paths.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
  server.handle((req, res) => {
    if (req.url.startsWith('/v2/users/missing')) send(res, 404, { code: 'not_found' });
    else send(res, 200, { id: 'u1', echo: req.body }, { 'x-request-id': 'r-1' });
  });
});
afterEach(async () => {
  await server.close();
});

const TOKEN = 'tok-request-path-1234';
const client = (fetch?: FetchLike) =>
  createApiClient<paths>({
    baseUrl: server.url,
    auth: { getToken: async () => TOKEN },
    retry: { baseDelayMs: 1 },
    ...(fetch ? { fetch } : {}),
  });
const getUser = (c: ReturnType<typeof client>, id = 'u1', init: object = {}) =>
  c.raw.GET('/v2/users/{user_id}', { params: { path: { user_id: id } }, ...init });

/** A middleware that records what it was given. */
function recorder() {
  const seen: { requests: unknown[]; authorization: (string | null)[]; statuses: number[] } = {
    requests: [],
    authorization: [],
    statuses: [],
  };
  const middleware: Middleware = {
    onRequest({ request }) {
      seen.requests.push(request);
      seen.authorization.push(request.headers.get('authorization'));
      const next = new Request(request);
      next.headers.set('x-from-middleware', 'yes');
      return next;
    },
    onResponse({ request, response }) {
      seen.requests.push(request);
      seen.authorization.push(request.headers.get('authorization'));
      seen.statuses.push(response.status);
    },
  };
  return { seen, middleware };
}

describe('without user middleware', () => {
  it('sends the token, the body and the headers, and returns a consumed Response', async () => {
    const c = client();
    const { data, response } = await c.raw.POST('/v2/groups/{group_id}:addUsers', {
      params: { path: { group_id: 'g1' } },
      body: { user_ids: ['u1'] },
      headers: { 'x-extra': 'e' },
    });
    expect(data).toEqual({ id: 'u1', echo: '{"user_ids":["u1"]}' });
    const [sent] = server.requests;
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['x-extra']).toBe('e');
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it.each([
    ['text', (d: unknown) => JSON.parse(d as string)],
    ['arrayBuffer', (d: unknown) => JSON.parse(new TextDecoder().decode(d as ArrayBuffer))],
    ['blob', async (d: unknown) => JSON.parse(await (d as Blob).text())],
    ['stream', async (d: unknown) => JSON.parse(await new Response(d as ReadableStream).text())],
  ] as const)('parseAs %s gives the whole body', async (parseAs, decode) => {
    const { data } = await getUser(client(), 'u1', { parseAs });
    expect(await decode(data)).toEqual({ id: 'u1', echo: '' });
  });

  it.each([204, 205])('a %s answer has no body', async (status) => {
    server.handle((_req, res) => {
      res.writeHead(status);
      res.end();
    });
    const { data, response } = await getUser(client());
    expect(data).toBeUndefined();
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
  });

  it('a POST retried after a 503 sends the same body each time', async () => {
    let n = 0;
    server.handle((_req, res) => (++n < 3 ? send(res, 503, {}) : send(res, 200, { id: 'u1' })));
    const c = client();
    await c.request('POST', '/v2/users', {
      body: { a: 1 },
      retry: { retryNonIdempotent: true },
    });
    expect(server.requests.map((r) => r.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it('a fetch passed in ClientOptions gets a Request with the token and the attempt signal', async () => {
    const got: { request: unknown; signal: unknown }[] = [];
    const c = client(async (request, init) => {
      got.push({ request, signal: init?.signal });
      return globalThis.fetch(request, init);
    });
    expect((await getUser(c)).data).toEqual({ id: 'u1', echo: '' });
    const [first] = got;
    expect(first?.request).toBeInstanceOf(Request);
    expect((first!.request as Request).headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(first?.signal).toBeInstanceOf(AbortSignal);
  });

  it('a fetch of its own for one call gets openapi-fetch’s Request, as without the SDK', async () => {
    const got: unknown[] = [];
    const c = client();
    const own = async (request: Request) => {
      got.push(request);
      return new Response('{"id":"own"}', { headers: { 'content-type': 'application/json' } });
    };
    const { data } = await c.raw.GET('/v2/users/{user_id}', {
      params: { path: { user_id: 'u1' } },
      fetch: own,
    });
    expect(data).toEqual({ id: 'own' });
    expect(got[0]).toBeInstanceOf(Request);
  });

  it('path parameters are still refused before anything is sent', async () => {
    const error = await getUser(client(), '..').catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ValidationError',
      request: { method: 'GET', pathTemplate: '/v2/users/{user_id}' },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('a non-2xx response is the typed error, with template, path and attempts', async () => {
    const error = await getUser(client(), 'missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).request).toEqual({
      method: 'GET',
      pathTemplate: '/v2/users/{user_id}',
      path: '/v2/users/missing',
      attempts: 1,
    });
  });
});

describe('with user middleware', () => {
  it('registered on the client: real Requests without the token, then plain calls after eject', async () => {
    const c = client();
    const { seen, middleware } = recorder();
    c.raw.use(middleware);
    expect((await getUser(c)).data).toEqual({ id: 'u1', echo: '' });
    expect(seen.requests).toHaveLength(2);
    for (const request of seen.requests) expect(request).toBeInstanceOf(Request);
    expect(seen.authorization).toEqual([null, null]);
    expect(server.requests[0]?.headers['x-from-middleware']).toBe('yes');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    c.raw.eject(middleware);
    expect((await getUser(c)).data).toEqual({ id: 'u1', echo: '' });
    expect(seen.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['x-from-middleware']).toBeUndefined();
  });

  it('given for one call: the same', async () => {
    const c = client();
    const { seen, middleware } = recorder();
    await getUser(c, 'u1', { middleware: [middleware] });
    expect(seen.requests.every((r) => r instanceof Request)).toBe(true);
    expect(seen.authorization).toEqual([null, null]);
    expect(server.requests[0]?.headers['x-from-middleware']).toBe('yes');
  });

  it('sees a non-2xx response before it becomes the typed error', async () => {
    const c = client();
    const { seen, middleware } = recorder();
    c.raw.use(middleware);
    const error = await getUser(c, 'missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).request).toMatchObject({
      pathTemplate: '/v2/users/{user_id}',
      path: '/v2/users/missing',
    });
    expect(seen.statuses).toEqual([404]);
  });

  it('the retry layer still runs under it (one request seen, three attempts sent)', async () => {
    server.handle((_req, res) => send(res, 503, {}));
    const c = client();
    const { seen, middleware } = recorder();
    c.raw.use(middleware);
    const error = await getUser(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).request?.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(seen.statuses).toEqual([503]);
  });
});
