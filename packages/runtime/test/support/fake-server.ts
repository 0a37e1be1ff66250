// A local HTTP server for tests: records every request (method, raw request-line URL, headers,
// body) and answers from a handler. Listens on 127.0.0.1 with an ephemeral port.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** `req.url`: the request target exactly as the client sent it. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (
  request: RecordedRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  /** Resolves when the server has received `count` requests in total. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Answers with JSON (or a string as is) and optional headers. */
export function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(status, {
    'content-type': type,
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export async function startFakeServer(
  handler: Handler = (_req, res) => send(res, 200, {}),
): Promise<FakeServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      Promise.resolve(current(recorded, res, req)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
