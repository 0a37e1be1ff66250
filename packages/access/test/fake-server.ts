// A node:http fake of the family A API on 127.0.0.1 (port 0), for paging and batch tests.
import type { IncomingMessage } from 'node:http';
import { startTestServer } from '@x/testing';

/** A request the fake received. */
export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** Answers one request: status and JSON body. */
export type Handler = (request: Received) => { status: number; body?: unknown };

/** Starts a fake server; every request is recorded in `received` (the shared @x/testing server). */
export async function startFake(handler: Handler) {
  const received: Received[] = [];
  const server = await startTestServer((req, res) => {
    const request: Received = {
      method: req.method,
      url: new URL(req.url || '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: req.body ? JSON.parse(req.body) : undefined,
    };
    received.push(request);
    const { status, body } = handler(request);
    const payload = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  });
  return { url: server.url, received, close: () => server.close() };
}
