// No error, no event, no stack ever carries a credential or a binding short_code, even when the
// server echoes the Authorization header and a short_code in its error body.
import { inspect } from 'node:util';
import { type ClientEvent, createApiClient } from '@x/runtime';
import { redactAuthorization, SecretScrubber } from '@x/runtime/internal';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

const TOKEN = 'eyJhbGciOi.secret-bearer-token-9f8e7d.sig';
const SHORT_CODE = 'SC-739-514';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  await server.close();
});

/** Every form in which an error can reach a log. */
function renderings(error: unknown): string[] {
  const e = error as Error;
  return [
    String(e),
    e.message,
    e.stack ?? '',
    inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    JSON.stringify(e),
    (e as { rawBody?: string }).rawBody ?? '',
    JSON.stringify((e as { body?: unknown }).body ?? null),
    JSON.stringify((e as { details?: unknown }).details ?? null),
    JSON.stringify((e as { scim?: unknown }).scim ?? null),
    JSON.stringify((e as { headers?: unknown }).headers ?? null),
  ];
}

function expectClean(texts: string[], forbidden: string[]) {
  for (const text of texts) for (const secret of forbidden) expect(text).not.toContain(secret);
}

type EchoBody = (authorization: string) => string | object;
const bodies: [string, number, EchoBody][] = [
  [
    'W/A envelope with details',
    400,
    (auth) => ({
      code: 'bad_request',
      message: `token ${auth} is invalid; binding short_code=${SHORT_CODE}`.replace(
        `short_code=${SHORT_CODE}`,
        'short_code attached',
      ),
      details: [
        {
          type: 'FieldViolations',
          field_violations: [{ field: 'authorization', description: `got ${auth}` }],
        },
        { type: 'BindingJob', short_code: SHORT_CODE, echoed: auth },
      ],
      short_code_delivery_details: { short_code: SHORT_CODE },
    }),
  ],
  [
    'SCIM error object',
    401,
    (auth) => ({
      schemas: [SCIM_ERROR],
      status: '401',
      scimType: 'invalidValue',
      detail: `Authorization ${auth} not accepted`,
      short_code: SHORT_CODE,
    }),
  ],
  ['family E message', 403, (auth) => ({ message: `${auth} not active`, short_code: SHORT_CODE })],
  ['bare token echoed', 404, (auth) => ({ message: auth.slice('Bearer '.length) })],
  [
    'HTML page',
    502,
    (auth) => `<html><body>Authorization: ${auth}<br>"short_code": "${SHORT_CODE}"</body></html>`,
  ],
  [
    'truncated JSON',
    500,
    (auth) => `{"message":"${auth}","short_code":"${SHORT_CODE}","details":[{"x":"${auth}`,
  ],
];

describe('secrets never leak from API errors', () => {
  for (const [name, status, body] of bodies) {
    it(`${name} (${status}) echoing the Authorization header and a short_code`, async () => {
      const events: ClientEvent[] = [];
      server.handle((req, res) => {
        const echoed = body(String(req.headers.authorization));
        send(res, status, echoed, {
          'x-request-id': String(req.headers.authorization),
          'www-authenticate': String(req.headers.authorization),
        });
      });
      const client = createApiClient({
        baseUrl: server.url,
        auth: { getToken: async () => TOKEN },
        onEvent: (e) => events.push(e),
        retry: { baseDelayMs: 1 },
      });
      const error = await client.request('GET', '/v2/users/u1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      // The server did receive the token: the echo really happened.
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expectClean(
        [...renderings(error), ...events.map((e) => JSON.stringify(e))],
        [TOKEN, `Bearer ${TOKEN}`, SHORT_CODE],
      );
      expect(events.length).toBeGreaterThan(0);
    });
  }

  it('masks Basic credentials and client secrets given as client secrets', async () => {
    const secret = 'client-secret-value-42';
    const basic = Buffer.from(`my-client:${secret}`).toString('base64');
    server.handle((req, res) =>
      send(res, 401, {
        code: 'unauthorized',
        message: `bad ${req.headers.authorization}`,
        details: [{ type: 'Echo', secret_was: secret, header: `Basic ${basic}` }],
      }),
    );
    const client = createApiClient({
      baseUrl: server.url,
      secrets: [secret, basic],
      retry: false,
    });
    const error = await client
      .request('POST', '/v2/oauth2/token', { headers: { authorization: `Basic ${basic}` } })
      .catch((e: unknown) => e);
    expect(server.requests[0]!.headers.authorization).toBe(`Basic ${basic}`);
    expectClean(renderings(error), [secret, basic]);
  });

  it('a connection error does not carry the token', async () => {
    server.handle((_req, _res, raw) => {
      raw.socket.destroy();
    });
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      auth: { getToken: async () => TOKEN },
      onEvent: (e) => events.push(e),
      retry: { baseDelayMs: 1 },
    });
    const error = await client.request('GET', '/v2/users').catch((e: unknown) => e);
    expect(server.requests).toHaveLength(3);
    expectClean([...renderings(error), ...events.map((e) => JSON.stringify(e))], [TOKEN]);
  });
});

describe('scrubbing helpers', () => {
  it('redactAuthorization masks Bearer and Basic values', () => {
    expect(redactAuthorization(`a Bearer ${TOKEN} b Basic dXNlcjpwYXNz== c`)).toBe(
      'a Bearer [redacted] b Basic [redacted] c',
    );
  });
  it('SecretScrubber masks every remembered value', () => {
    const scrubber = new SecretScrubber();
    scrubber.add('s3cr3t-value');
    expect(scrubber.scrub('x s3cr3t-value y s3cr3t-value')).toBe('x [redacted] y [redacted]');
  });
});
