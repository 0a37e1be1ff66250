// One table of cases run against both senders over a local node:http server: the Node sender must
// send what fetchSender sends and answer or fail as it does (the invariant in undici-sender.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  AbortError,
  ConnectionError,
  type RequestContext,
  ResponseTooLargeError,
  TimeoutError,
} from '@x/runtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkedHeaders } from '../src/headers.js';
import { fetchSender } from '../src/transport/fetch-sender.js';
import { sendRequest } from '../src/transport/pipeline.js';
import { transportSettings } from '../src/transport/settings.js';
import { createUndiciSender } from '../src/transport/undici-sender.js';
import {
  type AttemptLimits,
  describe as describeFailure,
  type OutgoingRequest,
  type Sender,
} from '../src/transport/wire.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

const kit = {
  AbortError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  describe: describeFailure,
};
const SENDERS: [string, Sender][] = [
  ['fetch', fetchSender],
  ['undici', createUndiciSender(kit)],
];
const TOKEN = 'Bearer tok-contract-1234';
const CONTEXT: RequestContext = { method: 'GET', pathTemplate: '/t', path: '/t', attempts: 1 };

let server: FakeServer;
/** A second server: another origin (another port) for cross-origin redirects. */
let other: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
  other = await startFakeServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  server.clear();
  other.clear();
});

function outgoing(path: string, init: Partial<OutgoingRequest> = {}): OutgoingRequest {
  return {
    method: 'GET',
    url: `${server.url}${path}`,
    path,
    pathTemplate: path,
    headers: checkedHeaders({ authorization: TOKEN, 'x-extra': 'e' }, 'headers'),
    body: undefined,
    ...init,
  };
}

function limits(over: Partial<AttemptLimits> = {}): AttemptLimits {
  return {
    timeoutMs: 2000,
    maxBytes: 1024 * 1024,
    signal: undefined,
    context: CONTEXT,
    fetch: undefined,
    fetchOptions: undefined,
    ...over,
  };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The error a promise rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe.each(SENDERS)('the %s sender', (_name, sender) => {
  it('sends method, path, query, headers and body; answers status, headers and bytes', async () => {
    server.handle((req, res) =>
      send(res, 201, { got: req.body }, { 'x-request-id': 'r-1', 'set-cookie': 'a=1' }),
    );
    const response = await sender(
      outgoing('/v2/users/u%201?q=a%20b', {
        method: 'POST',
        body: '{"a":1}',
        headers: checkedHeaders(
          { authorization: TOKEN, 'content-type': 'application/json' },
          'headers',
        ),
      }),
      limits(),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Request-Id')).toBe('r-1');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(text(response.bytes))).toEqual({ got: '{"a":1}' });
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v2/users/u%201?q=a%20b');
    expect(sent?.headers.authorization).toBe(TOKEN);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['content-length']).toBe('7');
    expect(sent?.headers['accept-encoding']).toMatch(/gzip/);
  });

  it('joins a body that arrives in several chunks, byte for byte', async () => {
    const parts = ['{"items":[', '"a",'.repeat(30_000), '"é"]}'];
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(parts[0]);
      setTimeout(() => res.write(parts[1]), 10);
      setTimeout(() => res.end(parts[2]), 20);
    });
    const response = await sender(outgoing('/t'), limits());
    expect(text(response.bytes)).toBe(parts.join(''));
    expect(response.bytes.buffer.byteLength).toBe(response.bytes.byteLength);
  });

  it('answers a 204 with no bytes', async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const response = await sender(outgoing('/t'), limits());
    expect(response.status).toBe(204);
    expect(response.bytes.byteLength).toBe(0);
  });

  it('joins repeated response headers with ", " as fetch does', async () => {
    server.handle((_req, res) => {
      res.setHeader('x-many', ['a', 'b']);
      send(res, 200, {});
    });
    const response = await sender(outgoing('/t'), limits());
    expect(response.headers.get('x-many')).toBe('a, b');
    expect(Object.fromEntries(response.headers)['x-many']).toBe('a, b');
  });

  it('decodes a gzip body', async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item-${i}`) });
    server.handle((_req, res) => {
      const zipped = gzipSync(body);
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': zipped.byteLength });
      res.end(zipped);
    });
    const response = await sender(outgoing('/t'), limits());
    expect(text(response.bytes)).toBe(body);
  });

  it('decodes deflate and br bodies', async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item-${i}`) });
    server.handle((req, res) => {
      const coding = req.url === '/br' ? 'br' : 'deflate';
      const packed = coding === 'br' ? brotliCompressSync(body) : deflateSync(body);
      res.writeHead(200, { 'content-encoding': coding, 'content-length': packed.byteLength });
      res.end(packed);
    });
    expect(text((await sender(outgoing('/br'), limits())).bytes)).toBe(body);
    expect(text((await sender(outgoing('/deflate'), limits())).bytes)).toBe(body);
  });

  // undici (fetch's and ours) hands a connection back a moment after the body ends, so calls one
  // after another take turns on two connections; without keep-alive each would open its own.
  it('keeps connections alive between calls', async () => {
    const ports: (number | undefined)[] = [];
    server.handle((_req, res, raw) => {
      ports.push(raw.socket.remotePort);
      send(res, 200, {});
    });
    for (let i = 0; i < 6; i++) await sender(outgoing('/t'), limits());
    expect(ports).toHaveLength(6);
    expect(new Set(ports).size).toBeLessThanOrEqual(2);
  });

  it('sends a FormData as multipart and a Blob with its type', async () => {
    server.handle((req, res) =>
      send(res, 200, { type: req.headers['content-type'], body: req.body }),
    );
    const form = new FormData();
    form.append('name', 'ada');
    const multipart = JSON.parse(
      text((await sender(outgoing('/f', { method: 'POST', body: form }), limits())).bytes),
    ) as { type: string; body: string };
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(multipart.type)?.[1];
    expect(boundary).toBeDefined();
    expect(multipart.body).toContain(`--${boundary}\r\n`);
    expect(multipart.body).toContain('name="name"\r\n\r\nada\r\n');
    const blob = new Blob(['{"b":1}'], { type: 'application/json' });
    const typed = JSON.parse(
      text((await sender(outgoing('/b', { method: 'POST', body: blob }), limits())).bytes),
    );
    expect(typed).toEqual({ type: 'application/json', body: '{"b":1}' });
  });

  it('times out waiting for headers', async () => {
    server.handle(() => undefined);
    const error = await failure(sender(outgoing('/t'), limits({ timeoutMs: 150 })));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(150);
    expect((error as TimeoutError).request).toEqual(CONTEXT);
  });

  it('times out in the body of a 2xx', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const error = await failure(sender(outgoing('/t'), limits({ timeoutMs: 150 })));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).request).toEqual(CONTEXT);
  });

  it('keeps what arrived of an error body when the timeout cuts it off', async () => {
    server.handle((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.write('{"message":"overloa');
    });
    const response = await sender(outgoing('/t'), limits({ timeoutMs: 150 }));
    expect(response.status).toBe(503);
    expect(text(response.bytes)).toBe('{"message":"overloa');
  });

  it('keeps what arrived of an error body when the connection drops', async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.write('{"message":"bro', () => setTimeout(() => res.destroy(), 20));
    });
    const response = await sender(outgoing('/t'), limits());
    expect(response.status).toBe(500);
    expect(text(response.bytes)).toBe('{"message":"bro');
  });

  it('fails with ConnectionError when the connection drops in a 2xx body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":[', () => setTimeout(() => res.destroy(), 20));
    });
    const error = await failure(sender(outgoing('/t'), limits()));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).request).toEqual(CONTEXT);
  });

  it('fails with ConnectionError on a connection reset before any answer', async () => {
    server.handle((_req, res) => {
      res.destroy();
    });
    const error = await failure(sender(outgoing('/t'), limits()));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(/^connection failed: /);
    expect((error as ConnectionError).request).toEqual(CONTEXT);
  });

  it('fails with ConnectionError when nothing listens', async () => {
    const closed = await listenAndClose();
    const error = await failure(sender(outgoing('/t', { url: `${closed}/t` }), limits()));
    expect(error).toBeInstanceOf(ConnectionError);
  });

  it('sends nothing when the caller aborted before', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const settings = transportSettings({});
    const call = { signal: controller.signal, timeoutMs: 2000, retry: settings.retry };
    const error = await failure(sendRequest(settings, call, outgoing('/never-sent'), sender));
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('stop'));
    expect((error as AbortError).request).toMatchObject({ method: 'GET', path: '/never-sent' });
    expect(server.requests.filter((r) => r.url === '/never-sent')).toEqual([]);
  });

  it('ends with AbortError when the caller aborts while waiting for headers', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = sender(outgoing('/t'), limits({ signal: controller.signal }));
    await server.waitForRequests(server.requests.length + 1);
    controller.abort('bye');
    const error = await failure(pending);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe('bye');
  });

  it('ends with AbortError when the caller aborts in the body, even of an error answer', async () => {
    const controller = new AbortController();
    server.handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.write('{"message":', () => setTimeout(() => controller.abort('late'), 20));
    });
    const error = await failure(sender(outgoing('/t'), limits({ signal: controller.signal })));
    expect(error).toBeInstanceOf(AbortError);
  });

  it('refuses a body declared larger than the limit', async () => {
    server.handle((_req, res) => send(res, 200, 'x'.repeat(2000)));
    const error = await failure(sender(outgoing('/t'), limits({ maxBytes: 1000 })));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toBe('response body of 2000 bytes exceeds the limit of 1000');
    expect((error as ResponseTooLargeError).request).toEqual(CONTEXT);
  });

  it('refuses a streamed body that grows past the limit', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(600));
      setTimeout(() => res.end('y'.repeat(600)), 20);
    });
    const error = await failure(sender(outgoing('/t'), limits({ maxBytes: 1000 })));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toBe('response body exceeds the limit of 1000 bytes');
  });

  it('follows a same-origin redirect with the authorization', async () => {
    server.handle((req, res) => {
      if (req.url === '/from') {
        res.writeHead(302, { location: '/to?x=1' });
        res.end();
      } else send(res, 200, { at: req.url });
    });
    const response = await sender(outgoing('/from'), limits());
    expect(JSON.parse(text(response.bytes))).toEqual({ at: '/to?x=1' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([TOKEN, TOKEN]);
  });

  it('never sends the authorization to another origin on a redirect', async () => {
    other.handle((req, res) => send(res, 200, { at: req.url }));
    server.handle((_req, res) => {
      res.writeHead(301, { location: `${other.url}/elsewhere` });
      res.end();
    });
    const response = await sender(outgoing('/from'), limits());
    expect(JSON.parse(text(response.bytes))).toEqual({ at: '/elsewhere' });
    expect(server.requests[0]?.headers.authorization).toBe(TOKEN);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(other.requests[0]?.headers['x-extra']).toBe('e');
  });

  it('turns a POST into a GET without body on a 303, and resends the body on a 307', async () => {
    server.handle((req, res) => {
      if (req.url === '/see-other' || req.url === '/temporary') {
        res.writeHead(req.url === '/see-other' ? 303 : 307, { location: '/done' });
        res.end();
      } else send(res, 200, { method: req.method, body: req.body });
    });
    const post = (path: string) =>
      outgoing(path, {
        method: 'POST',
        body: '{"a":1}',
        headers: checkedHeaders({ 'content-type': 'application/json' }, 'headers'),
      });
    const seeOther = await sender(post('/see-other'), limits());
    expect(JSON.parse(text(seeOther.bytes))).toEqual({ method: 'GET', body: '' });
    expect(server.requests[1]?.headers['content-type']).toBeUndefined();
    const temporary = await sender(post('/temporary'), limits());
    expect(JSON.parse(text(temporary.bytes))).toEqual({ method: 'POST', body: '{"a":1}' });
  });

  it("answers the redirect itself in 'manual' mode and fails in 'error' mode", async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { location: '/to' });
      res.end();
    });
    const manual = await sender(outgoing('/from', { redirect: 'manual' }), limits());
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/to');
    const error = await failure(sender(outgoing('/from', { redirect: 'error' }), limits()));
    expect(error).toBeInstanceOf(ConnectionError);
  });

  it('stops after 20 redirects', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { location: '/again' });
      res.end();
    });
    const error = await failure(sender(outgoing('/again'), limits()));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(21);
  });

  it('sends the same body on every attempt of a retried call', async () => {
    let n = 0;
    server.handle((_req, res) => (++n < 3 ? send(res, 503, {}) : send(res, 200, { ok: true })));
    const settings = transportSettings({ retry: { baseDelayMs: 1 } });
    const result = await sendRequest(
      settings,
      { signal: undefined, timeoutMs: 2000, retry: settings.retry },
      outgoing('/t', {
        method: 'PUT',
        body: new TextEncoder().encode('{"same":true}') as Uint8Array<ArrayBuffer>,
        headers: checkedHeaders({ 'content-type': 'application/json' }, 'headers'),
      }),
      sender,
    );
    expect(result.response.status).toBe(200);
    expect(result.request.attempts).toBe(3);
    expect(server.requests.map((r) => r.body)).toEqual(Array(3).fill('{"same":true}'));
  });
});

/** A loopback address where nothing listens any more. */
async function listenAndClose(): Promise<string> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
