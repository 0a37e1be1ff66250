// One reusable fake/fault HTTP server for every test of the repository. It listens on 127.0.0.1
// only (ephemeral port), records each request exactly as it arrived (method, raw request-target,
// headers, body), answers from a handler that can be replaced at any time, and is bounded: it
// refuses more than `maxRequests` requests and bodies above `maxBodyBytes`. `close()` destroys
// every socket it ever accepted, so no test is left with an open handle.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** `req.url`: the request-target exactly as the client sent it (path and query, undecoded). */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text ('' when there was none). */
  body: string;
  /** 1-based arrival number. */
  number: number;
  /** `Date.now()` when the request was complete (a faked clock is honoured). */
  receivedAt: number;
}

/** Answers one request. Throwing (or rejecting) destroys the connection. */
export type Handler = (
  request: RecordedRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface TestServerOptions {
  /** Requests accepted before the server answers 503 and records nothing. Default 100000. */
  maxRequests?: number;
  /** Largest request body accepted; a larger one gets 413 and is not recorded. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Keep connections open between requests. Default true. With false every response carries
   * `Connection: close`, so the client holds no idle socket (nor its idle timer) between calls.
   */
  keepAlive?: boolean;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  /** Resolves when the server has received `count` requests in total. */
  waitForRequests(count: number): Promise<void>;
  /** Forgets the recorded requests (the arrival number keeps counting). */
  clear(): void;
  /** Sockets currently open on the server side. */
  openSockets(): number;
  /** Destroys every socket and stops listening. */
  close(): Promise<void>;
}

/** Answers with JSON (or a string as is, as text/plain) and optional headers. */
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

/** Starts a server on 127.0.0.1 with a free port. */
export async function startTestServer(
  handler: Handler = (_req, res) => send(res, 200, {}),
  options: TestServerOptions = {},
): Promise<TestServer> {
  const maxRequests = options.maxRequests ?? 100_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let current = handler;
  let arrived = 0;
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    if (options.keepAlive === false) res.shouldKeepAlive = false;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.byteLength;
      if (size > maxBodyBytes) tooLarge = true;
      else chunks.push(c);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (tooLarge)
        return send(res, 413, { message: 'request body too large for the test server' });
      if (arrived >= maxRequests)
        return send(res, 503, { message: 'test server request limit reached' });
      arrived++;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        number: arrived,
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      for (const w of waiters.filter((w) => arrived >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      try {
        Promise.resolve(current(recorded, res, req)).catch(() => res.destroy());
      } catch {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that gives up mid-request is not an error of the server.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    waitForRequests(count) {
      if (arrived >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    clear() {
      requests.length = 0;
    },
    openSockets: () => sockets.size,
    async close() {
      const closed = [...sockets].map(
        (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
      );
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(closed);
    },
  };
}
