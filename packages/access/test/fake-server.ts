// A node:http fake of the family A API on 127.0.0.1 (port 0), for paging and batch tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received. */
export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** Answers one request: status and JSON body. */
export type Handler = (request: Received) => { status: number; body?: unknown };

/** Starts a fake server; every request is recorded in `received`. */
export async function startFake(handler: Handler) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
