// The typed helpers a resource is written with: what goes on the wire, what comes back, the
// response beside the data, the User-Agent, and the checks before anything is sent.
import {
  ApiPromise,
  ConflictError,
  createApiClient,
  InvalidResponseError,
  NotFoundError,
  ResponseInfo,
  ValidationError,
} from '@x/runtime';
import { offsetPaging } from '@x/runtime/internal';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };
interface paths {
  '/v2/users': {
    get: {
      parameters: {
        query?: { page_size?: number; skip?: number; filter?: string; tag?: string[] };
      };
      responses: { 200: Json<{ users: { id: string }[]; total_size: number }> };
    };
    post: {
      requestBody: { content: { 'application/json': { user: { username: string } } } };
      responses: { 200: Json<{ id: string; username: string }> };
    };
  };
  '/v2/users/{user_id}': {
    get: {
      parameters: { path: { user_id: string }; header?: { 'x-correlation_id'?: string } };
      responses: { 200: Json<{ id: string }> };
    };
    delete: {
      parameters: { path: { user_id: string } };
      responses: { 200: { headers: Record<string, unknown>; content?: never } };
    };
  };
  '/v2/groups/{group_id}:addUsers': {
    post: {
      parameters: { path: { group_id: string } };
      requestBody: { content: { 'application/json': { user_ids: string[] } } };
      responses: { 200: Json<{ id: string; size: number }> };
    };
  };
}

let server: FakeServer;
let answer: (
  url: URL,
  body: string,
) => { status: number; body: unknown; headers?: Record<string, string> };
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    const a = answer(new URL(req.url, 'http://x'), req.body);
    send(res, a.status, a.body, a.headers);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clear();
  answer = () => ({ status: 200, body: { id: 'u1' } });
});

const client = (options: object = {}) =>
  createApiClient<paths>(
    { baseUrl: server.url, auth: { getToken: async () => 'tok-typed-1234' }, ...options },
    { name: 'test', version: '9.8.7' },
  );

describe('typed calls', () => {
  it('GET sends path parameters encoded, header parameters and the token; resolves to the data', async () => {
    const user = await client().get('/v2/users/{user_id}', {
      path: { user_id: 'a b/c' },
      header: { 'x-correlation_id': 'corr-1' },
    });
    expect(user).toEqual({ id: 'u1' });
    const [sent] = server.requests;
    expect(sent?.url).toBe('/v2/users/a%20b%2Fc');
    expect(sent?.headers['x-correlation_id']).toBe('corr-1');
    expect(sent?.headers.authorization).toBe('Bearer tok-typed-1234');
  });

  it('POST sends JSON; query arrays are exploded as openapi-fetch does', async () => {
    await client().post('/v2/users', { body: { user: { username: 'ada' } } });
    await client().get('/v2/users', {
      query: { filter: 'a eq "b"', tag: ['x', 'y'], skip: undefined },
    });
    expect(server.requests[0]?.body).toBe('{"user":{"username":"ada"}}');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[1]?.url).toBe('/v2/users?filter=a%20eq%20%22b%22&tag=x&tag=y');
  });

  it('an empty 200 body is undefined; a body that is not JSON is an InvalidResponseError', async () => {
    answer = () => ({ status: 200, body: '' });
    expect(
      await client().delete('/v2/users/{user_id}', { path: { user_id: 'u1' } }),
    ).toBeUndefined();
    answer = () => ({ status: 200, body: '<html>sign in</html>' });
    const error = await client()
      .get('/v2/users/{user_id}', { path: { user_id: 'u1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).request).toMatchObject({
      method: 'GET',
      pathTemplate: '/v2/users/{user_id}',
      path: '/v2/users/u1',
      attempts: 1,
    });
  });

  it('a non-2xx answer is the typed error with status, code, correlation id and the call', async () => {
    answer = () => ({
      status: 404,
      body: { code: 'not_found', message: 'no such user', details: [] },
      headers: { 'x-correlation-id': 'corr-404' },
    });
    const error = await client()
      .get('/v2/users/{user_id}', { path: { user_id: 'u9' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const e = error as NotFoundError;
    expect(e.code).toBe('not_found');
    expect(e.requestId).toBe('corr-404');
    expect(e.correlationId).toBe('corr-404');
    expect(e.request).toEqual({
      method: 'GET',
      pathTemplate: '/v2/users/{user_id}',
      path: '/v2/users/u9',
      attempts: 1,
    });
  });

  it('refuses bad ids before sending, naming the argument; the promise rejects', async () => {
    for (const bad of ['', '  ', '.', '..', 7, null, undefined]) {
      const call = client().get('/v2/users/{user_id}', { path: { user_id: bad as string } });
      expect(call).toBeInstanceOf(ApiPromise);
      const error = await call.catch((e: unknown) => e);
      expect(error, String(bad)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('userId');
      expect((error as ValidationError).request).toEqual({
        method: 'GET',
        pathTemplate: '/v2/users/{user_id}',
      });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses call headers that are not an object of strings before sending; a name is one field in any case', async () => {
    for (const [headers, field] of [
      [null, 'headers'],
      [{ 'x-n': 1 }, 'headers.x-n'],
      [{ 'bad name': 'v' }, 'headers'],
    ] as const) {
      const error = await client()
        .get(
          '/v2/users/{user_id}',
          { path: { user_id: 'u1' } },
          {
            headers: headers as unknown as Record<string, string>,
          },
        )
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(headers)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
    }
    expect(server.requests).toHaveLength(0);
    await client({ headers: { 'X-Team': 'a' } }).get(
      '/v2/users/{user_id}',
      { path: { user_id: 'u1' }, header: { 'x-correlation_id': 'p' } },
      { headers: { 'x-TEAM': 'b' } },
    );
    // One field whatever the case each side wrote: the call's value, not "a, b".
    expect(server.requests[0]?.headers).toMatchObject({ 'x-team': 'b', 'x-correlation_id': 'p' });
  });

  it('a check that throws in an init function rejects the call instead of throwing', async () => {
    const call = client().post('/v2/users', () => {
      throw new ValidationError('user.username', 'must be a string');
    });
    await expect(call).rejects.toThrow(/user\.username/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('withResponse()', () => {
  it('gives the data and the response of the same request: status, headers, request id, rate limit, attempts', async () => {
    answer = () => ({
      status: 200,
      body: { id: 'u1' },
      headers: {
        'x-request-id': 'req-7',
        'ratelimit-limit': '100',
        'ratelimit-remaining': '99',
        'ratelimit-reset': '30',
      },
    });
    const call = client().get('/v2/users/{user_id}', { path: { user_id: 'u1' } });
    const { data, response } = await call.withResponse();
    expect(data).toEqual({ id: 'u1' });
    expect(response).toBeInstanceOf(ResponseInfo);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-7');
    expect(response.requestId).toBe('req-7');
    expect(response.rateLimit).toEqual({ limit: 100, remaining: 99, resetSeconds: 30 });
    expect(response.attempts).toBe(1);
    // Awaiting the same call gives the data without a second request.
    expect(await call).toEqual({ id: 'u1' });
    expect(server.requests).toHaveLength(1);
  });

  it('a response without RateLimit headers has no rateLimit', async () => {
    const { response } = await client()
      .get('/v2/users/{user_id}', { path: { user_id: 'u1' } })
      .withResponse();
    expect(response.rateLimit).toBeUndefined();
  });
});

describe('User-Agent', () => {
  it('is x-sdk-<family>/<version> (<runtime>/<version>)', async () => {
    await client().get('/v2/users/{user_id}', { path: { user_id: 'u1' } });
    expect(server.requests[0]?.headers['user-agent']).toBe(
      `x-sdk-test/9.8.7 (node/${process.versions.node})`,
    );
  });

  it("the client's own user-agent header wins", async () => {
    await client({ headers: { 'user-agent': 'my-app/1' } }).get('/v2/users/{user_id}', {
      path: { user_id: 'u1' },
    });
    expect(server.requests[0]?.headers['user-agent']).toBe('my-app/1');
  });

  it('the raw client sends it too', async () => {
    await client().raw.GET('/v2/users/{user_id}', { params: { path: { user_id: 'u1' } } });
    expect(server.requests[0]?.headers['user-agent']).toMatch(/^x-sdk-test\/9\.8\.7 \(node\//);
  });
});

describe('list and batch', () => {
  it('list starts at the position in the query and pages on from it', async () => {
    answer = (url) => {
      const skip = Number(url.searchParams.get('skip'));
      const ids = ['a', 'b', 'c', 'd', 'e'].slice(skip, skip + 2).map((id) => ({ id }));
      return { status: 200, body: { users: ids, total_size: 5 } };
    };
    const list = client().list(
      '/v2/users',
      offsetPaging((raw: { users: { id: string }[]; total_size: number }) => raw.users),
      { query: { page_size: 2, skip: 1 } },
    );
    const first = await list;
    expect(first.items.map((u) => u.id)).toEqual(['b', 'c']);
    expect(first.next).toBe(3);
    expect((await list.toArray()).map((u) => u.id)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('list refuses bad parameters when awaited or iterated, never where the list is made', async () => {
    const make = () =>
      client().list(
        '/v2/users',
        offsetPaging((raw: { users: { id: string }[]; total_size: number }) => raw.users),
        () => {
          throw new ValidationError('pageSize', 'must be an integer from 1 to 1000');
        },
      );
    expect(make).not.toThrow();
    await expect(make()).rejects.toBeInstanceOf(ValidationError);
    await expect(make()).rejects.toThrow(/pageSize/);
    await expect(make().toArray()).rejects.toThrow(/pageSize/);
    const iterate = async () => {
      for await (const _ of make()) break;
    };
    await expect(iterate()).rejects.toBeInstanceOf(ValidationError);
    const pages = make().pages();
    await expect(pages.next()).rejects.toThrow(/pageSize/);
    // The refusal names the call it refused.
    await expect(make()).rejects.toMatchObject({
      request: { method: 'GET', pathTemplate: '/v2/users' },
    });
  });

  it('batch sends deduplicated chunks in order; a failed chunk is its own error class with batch', async () => {
    let calls = 0;
    answer = (_url, body) => {
      calls++;
      const size = (JSON.parse(body) as { user_ids: string[] }).user_ids.length;
      return calls === 2
        ? { status: 409, body: { code: 'conflict', message: 'busy' } }
        : { status: 200, body: { id: 'g1', size } };
    };
    const api = client();
    const ids = Array.from({ length: 2500 }, (_, i) => `u${i}`);
    const error = await api
      .batch([...ids, 'u0'], (chunk) =>
        api.post('/v2/groups/{group_id}:addUsers', {
          path: { group_id: 'g1' },
          body: { user_ids: chunk },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).batch).toMatchObject({
      chunkIndex: 1,
      chunkCount: 3,
      succeededIds: ids.slice(0, 1000),
      chunkIds: ids.slice(1000, 2000),
      pendingIds: ids.slice(2000),
    });
    expect(server.requests).toHaveLength(2);
  });
});

describe('withResponse on every call', () => {
  it("a batch gives its data and the last request's response (status, request id, rate limit, attempts)", async () => {
    let calls = 0;
    answer = (_url, body) => {
      calls++;
      const size = (JSON.parse(body) as { user_ids: string[] }).user_ids.length;
      return {
        status: 200,
        body: { id: 'g1', size },
        headers: {
          'x-request-id': `req-${calls}`,
          'ratelimit-limit': '100',
          'ratelimit-remaining': String(100 - calls),
          'ratelimit-reset': '30',
        },
      };
    };
    const api = client();
    const ids = Array.from({ length: 1500 }, (_, i) => `u${i}`);
    const batch = () =>
      api.batch(ids, (chunk) =>
        api.post('/v2/groups/{group_id}:addUsers', {
          path: { group_id: 'g1' },
          body: { user_ids: chunk },
        }),
      );
    const { data, response } = await batch().withResponse();
    expect(data).toEqual([
      { id: 'g1', size: 1000 },
      { id: 'g1', size: 500 },
    ]);
    expect(response.status).toBe(200);
    expect(response.requestId).toBe('req-2');
    expect(response.rateLimit).toEqual({ limit: 100, remaining: 98, resetSeconds: 30 });
    expect(response.attempts).toBe(1);
    expect(response.headers.get('x-request-id')).toBe('req-2');
    // Awaited, it is the data alone; a refused batch rejects, it never throws.
    expect(await batch()).toHaveLength(2);
    const refused = () =>
      api.batch([''], () => api.post('/v2/users', { body: { user: { username: 'a' } } }));
    expect(() => refused().catch(() => undefined)).not.toThrow();
    await expect(refused().withResponse()).rejects.toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(4);
  });

  it('an allowed empty batch sends nothing: status 204, zero attempts', async () => {
    const api = client();
    const { data, response } = await api
      .batch([], () => api.post('/v2/users', { body: { user: { username: 'a' } } }), {
        allowEmpty: true,
      })
      .withResponse();
    expect(data).toEqual([]);
    expect(response.status).toBe(204);
    expect(response.attempts).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('a list gives its first page with its response; every page carries its own', async () => {
    let calls = 0;
    answer = (url) => {
      calls++;
      const skip = Number(url.searchParams.get('skip'));
      const ids = ['a', 'b', 'c'].slice(skip, skip + 2).map((id) => ({ id }));
      return {
        status: 200,
        body: { users: ids, total_size: 3 },
        headers: { 'x-request-id': `page-${calls}`, 'ratelimit-remaining': String(10 - calls) },
      };
    };
    const list = client().list(
      '/v2/users',
      offsetPaging((raw: { users: { id: string }[]; total_size: number }) => raw.users),
      { query: { page_size: 2, skip: 0 } },
    );
    const { data: first, response } = await list.withResponse();
    expect(first.items.map((u) => u.id)).toEqual(['a', 'b']);
    expect(response.status).toBe(200);
    expect(response.requestId).toBe('page-1');
    expect(response.attempts).toBe(1);
    const seen = [];
    for await (const page of list.pages())
      seen.push([page.number, page.response.requestId, page.response.rateLimit?.remaining]);
    // The first page is the awaited one, not fetched again.
    expect(seen).toEqual([
      [1, 'page-1', 9],
      [2, 'page-2', 8],
    ]);
    const second = await first.nextPage();
    expect(second?.response.requestId).toBe('page-3');
  });
});
