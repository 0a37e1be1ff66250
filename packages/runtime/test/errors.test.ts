import {
  AbortError,
  ApiError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  createApiClient,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '@x/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  await server.close();
});

function client(options: { timeoutMs?: number } = {}) {
  return createApiClient({
    baseUrl: server.url,
    auth: { getToken: async () => 'test-token-1234' },
    retry: false,
    rateLimit: false,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('status to class', () => {
  const cases = [
    [400, BadRequestError, 'bad_request'],
    [401, UnauthorizedError, 'unauthorized'],
    [403, ForbiddenError, 'forbidden'],
    [404, NotFoundError, 'not_found'],
    [409, ConflictError, 'already_exists'],
    [412, PreconditionFailedError, 'failed_precondition'],
    [429, RateLimitError, 'too_many_requests'],
    [500, ServerError, 'internal'],
    [502, ServerError, 'bad_gateway'],
    [503, ServerError, 'unavailable'],
    [418, ApiError, 'teapot'],
  ] as const;
  for (const [status, ErrorClass, code] of cases) {
    it(`${status} gives ${ErrorClass.name} with status, code, message, method, path template, request id and raw body`, async () => {
      const body = { code, message: `the ${status} message`, details: [] };
      server.handle((_req, res) => send(res, status, body, { 'x-request-id': `req-${status}` }));
      const error = await failure(
        client().request('GET', '/v2/users/{user_id}', { params: { path: { user_id: 'u-1' } } }),
      );
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect(e.name).toBe(ErrorClass.name);
      expect(e.status).toBe(status);
      expect(e.code).toBe(code);
      expect(e.message).toContain(`the ${status} message`);
      expect(e.message).toContain('GET /v2/users/{user_id}');
      expect(e.request?.method).toBe('GET');
      expect(e.request?.pathTemplate).toBe('/v2/users/{user_id}');
      expect(e.request?.path).toBe('/v2/users/u-1');
      expect(e.requestId).toBe(`req-${status}`);
      expect(e.rawBody).toBe(JSON.stringify(body));
      expect(e.body).toEqual(body);
      expect(e.details).toEqual([]);
    });
  }

  it('400 exposes the FieldViolations details as fieldViolations', async () => {
    server.handle((_req, res) =>
      send(res, 400, {
        code: 'bad_request',
        message: 'invalid parameters',
        details: [
          {
            type: 'FieldViolations',
            field_violations: [
              { field: 'user.email', description: 'missing' },
              { field: 'user.user_name', description: 'too long' },
            ],
          },
          { type: 'Other', note: 'kept' },
        ],
      }),
    );
    const e = (await failure(
      client().request('POST', '/v2/users', { body: {} }),
    )) as BadRequestError;
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.fieldViolations).toEqual([
      { field: 'user.email', description: 'missing' },
      { field: 'user.user_name', description: 'too long' },
    ]);
    expect(e.details).toHaveLength(2);
  });

  it('404 exposes the ResourceInfo detail as resourceInfo', async () => {
    const info = {
      type: 'ResourceInfo',
      resource_type: 'user',
      id: 'u-404',
      description: 'no such user',
    };
    server.handle((_req, res) =>
      send(res, 404, { code: 'not_found', message: 'not found', details: [info] }),
    );
    const e = (await failure(client().request('GET', '/v2/users/u-404'))) as NotFoundError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.resourceInfo).toEqual(info);
  });

  it('429 exposes limit, remaining and resetSeconds from the RateLimit headers', async () => {
    server.handle((_req, res) =>
      send(
        res,
        429,
        { code: 'too_many_requests', message: 'slow down' },
        { 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-reset': '7' },
      ),
    );
    const e = (await failure(client().request('GET', '/v2/users'))) as RateLimitError;
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e.limit).toBe(100);
    expect(e.remaining).toBe(0);
    expect(e.resetSeconds).toBe(7);
  });
});

describe('other body formats', () => {
  it('the SCIM error object fills scim.scimType and scim.detail', async () => {
    const scim = {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '400',
      scimType: 'invalidValue',
      detail: 'userName is required',
    };
    server.handle((_req, res) => send(res, 400, scim));
    const e = (await failure(client().request('POST', '/scim/v2/Users', { body: {} }))) as ApiError;
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.scim?.scimType).toBe('invalidValue');
    expect(e.scim?.detail).toBe('userName is required');
    expect(e.scim?.status).toBe('400');
    expect(e.message).toContain('userName is required');
  });

  it("family E's {message} body gives the message, for 400, 401 and 403", async () => {
    for (const [status, ErrorClass] of [
      [400, BadRequestError],
      [401, UnauthorizedError],
      [403, ForbiddenError],
    ] as const) {
      server.handle((_req, res) =>
        send(res, status, { message: `start_time must be an integer ${status}` }),
      );
      const e = (await failure(client().request('GET', '/events'))) as ApiError;
      expect(e).toBeInstanceOf(ErrorClass);
      expect(e.message).toContain(`start_time must be an integer ${status}`);
      expect(e.code).toBeUndefined();
    }
  });

  it('the OAuth error response of a token endpoint gives code and message', async () => {
    server.handle((_req, res) =>
      send(res, 401, {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      }),
    );
    const e = (await failure(client().request('POST', '/v2/oauth2/token'))) as ApiError;
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect(e.code).toBe('invalid_client');
    expect(e.message).toContain('client authentication failed');
  });

  it('an HTML gateway page still gives the class of its status, the text kept in rawBody', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    server.handle((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(html);
    });
    const e = (await failure(client().request('GET', '/v2/users'))) as ApiError;
    expect(e).toBeInstanceOf(ServerError);
    expect(e.status).toBe(502);
    expect(e.rawBody).toBe(html);
    expect(e.body).toBeUndefined();
    expect(e.message).toContain('502 Bad Gateway');
  });

  it('a truncated JSON body still gives the class of its status, the text kept in rawBody', async () => {
    const cut = '{"code":"not_found","message":"no such us';
    server.handle((_req, res) => send(res, 404, cut));
    const e = (await failure(client().request('GET', '/v2/users/x'))) as ApiError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.rawBody).toBe(cut);
  });

  it('an error body cut off mid-stream (connection lost) still gives the class of its status', async () => {
    const partial = '{"code":"not_found","message":"no such';
    server.handle((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': '500' });
      res.write(partial, () => setImmediate(() => res.destroy()));
    });
    const e = (await failure(client().request('GET', '/v2/users/x'))) as ApiError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.rawBody).toBe(partial);
  });

  it('an empty error body gives the class and an empty rawBody', async () => {
    server.handle((_req, res) => send(res, 403));
    const e = (await failure(client().request('GET', '/v2/users'))) as ApiError;
    expect(e).toBeInstanceOf(ForbiddenError);
    expect(e.rawBody).toBe('');
  });
});

describe('failures without a response', () => {
  it('a connection the server destroys gives ConnectionError', async () => {
    server.handle((_req, _res, raw) => {
      raw.socket.destroy();
    });
    const e = await failure(client().request('GET', '/v2/users'));
    expect(e).toBeInstanceOf(ConnectionError);
    expect((e as ConnectionError).request?.method).toBe('GET');
  });

  it('a server that never sends headers gives TimeoutError after timeoutMs', async () => {
    server.handle(() => undefined);
    const e = await failure(client({ timeoutMs: 50 }).request('GET', '/v2/users'));
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).timeoutMs).toBe(50);
  });

  it('an aborted signal gives AbortError', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = failure(client().request('GET', '/v2/users', { signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
  });
});
