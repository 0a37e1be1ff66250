// The fault catalogue: every way a server, a proxy or the network can fail one request, as a
// handler for the test server, with what the SDK must do about it. The expectations are data so
// that tests and docs/reliability.md read the same table.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RecordedRequest } from './server.js';

/** Which methods the SDK may send again after this fault. */
export type RetriedFor =
  /** Every method: the server did not process the request (429). */
  | 'any'
  /** GET, HEAD, PUT, DELETE, OPTIONS only: POST and PATCH are sent once. */
  | 'idempotent'
  /** No method: retrying cannot help. */
  | 'none';

/** The wait before each retry. */
export type FaultWait =
  | { kind: 'none' }
  /** Full-jitter backoff (`random` pinned by the test). */
  | { kind: 'backoff' }
  /** A wait the server asked for, in ms (RateLimit-Reset or Retry-After). */
  | { kind: 'fixed'; ms: number }
  /** The per-attempt timeout runs out first, then backoff. */
  | { kind: 'timeout-then-backoff' };

export interface Fault {
  /** Short stable name, used in test titles and the reliability matrix. */
  id: string;
  /** What the server does. */
  description: string;
  /** The SDK error class name the caller must get, or `ok` when the call must succeed. */
  error: string;
  retried: RetriedFor;
  wait: FaultWait;
  /** Answers (or fails) one request. */
  respond(request: RecordedRequest, res: ServerResponse, raw: IncomingMessage): void;
}

/** Bytes the oversized faults send; tests set the client's `maxResponseBytes` below it. */
export const OVERSIZED_BYTES = 256 * 1024;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  return (_req: RecordedRequest, res: ServerResponse) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  };
};

const text =
  (status: number, type: string, body: string) => (_r: RecordedRequest, res: ServerResponse) => {
    res.writeHead(status, {
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  };

/** A partial body, then the connection is reset. */
const cutOff = (status: number) => (_r: RecordedRequest, res: ServerResponse) => {
  const part = '{"message":"partial","items":[{"id":"1"},{"id":';
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': '4096' });
  res.write(part, () => setImmediate(() => res.socket?.destroy()));
};

const envelope = (status: number, code: string) => ({
  code,
  message: `upstream says ${status}`,
  details: [],
});

export const GATEWAY_HTML =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** Every fault the suite injects. */
export const FAULTS: readonly Fault[] = Object.freeze([
  {
    id: '429-ratelimit-headers',
    description: '429 with RateLimit-Limit/Remaining: 0/Reset: 2',
    error: 'RateLimitError',
    retried: 'any',
    wait: { kind: 'fixed', ms: 2000 },
    respond: json(429, envelope(429, 'resource_exhausted'), {
      'ratelimit-limit': '100',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '2',
    }),
  },
  {
    id: '429-retry-after',
    description: '429 with Retry-After: 3 only',
    error: 'RateLimitError',
    retried: 'any',
    wait: { kind: 'fixed', ms: 3000 },
    respond: json(429, envelope(429, 'resource_exhausted'), { 'retry-after': '3' }),
  },
  {
    id: '429-bare',
    description: '429 without any rate-limit header',
    error: 'RateLimitError',
    retried: 'any',
    wait: { kind: 'backoff' },
    respond: json(429, { message: 'slow down' }),
  },
  ...[500, 502, 503, 504].map(
    (status): Fault => ({
      id: String(status),
      description: `${status} with a JSON error envelope`,
      error: 'ServerError',
      retried: 'idempotent',
      wait: { kind: 'backoff' },
      respond: json(status, envelope(status, 'internal')),
    }),
  ),
  {
    id: '503-retry-after',
    description: '503 with Retry-After: 1',
    error: 'ServerError',
    retried: 'idempotent',
    wait: { kind: 'fixed', ms: 1000 },
    respond: json(503, envelope(503, 'unavailable'), { 'retry-after': '1' }),
  },
  {
    id: 'html-gateway-502',
    description: '502 with an HTML gateway page',
    error: 'ServerError',
    retried: 'idempotent',
    wait: { kind: 'backoff' },
    respond: text(502, 'text/html', GATEWAY_HTML),
  },
  {
    id: 'reset-before-headers',
    description: 'connection reset before any byte of the response',
    error: 'ConnectionError',
    retried: 'idempotent',
    wait: { kind: 'backoff' },
    respond: (_r, res) => {
      res.socket?.destroy();
    },
  },
  {
    id: 'reset-mid-body',
    description: '200 with Content-Length 4096, 47 bytes sent, then connection reset',
    error: 'ConnectionError',
    retried: 'idempotent',
    wait: { kind: 'backoff' },
    respond: cutOff(200),
  },
  {
    id: 'reset-mid-error-body',
    description: '503 with Content-Length 4096, 47 bytes sent, then connection reset',
    error: 'ServerError',
    retried: 'idempotent',
    wait: { kind: 'backoff' },
    respond: cutOff(503),
  },
  {
    id: 'no-headers',
    description: 'request read, headers never sent (timeout)',
    error: 'TimeoutError',
    retried: 'idempotent',
    wait: { kind: 'timeout-then-backoff' },
    respond: () => undefined,
  },
  {
    id: 'stall-mid-body',
    description: '200 headers and part of the body, then nothing (timeout)',
    error: 'TimeoutError',
    retried: 'idempotent',
    wait: { kind: 'timeout-then-backoff' },
    respond: (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"items":[');
    },
  },
  {
    id: 'truncated-json',
    description: '200 application/json, complete framing, body cut inside the JSON',
    error: 'InvalidResponseError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: text(200, 'application/json', '{"id":"abc","display_name":"Ad'),
  },
  {
    id: 'non-json-body',
    description: '200 text/plain "OK"',
    error: 'InvalidResponseError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: text(200, 'text/plain', 'OK'),
  },
  {
    id: 'html-200',
    description: '200 with an HTML page (captive portal, SSO login page)',
    error: 'InvalidResponseError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: text(200, 'text/html', '<html><body>Please sign in</body></html>'),
  },
  {
    id: 'wrong-content-type-xml',
    description: '200 application/xml with an XML body',
    error: 'InvalidResponseError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: text(200, 'application/xml', '<?xml version="1.0"?><user id="1"/>'),
  },
  {
    id: 'json-as-text-plain',
    description:
      '200 text/plain whose body is valid JSON (parsed: the SDK reads JSON whatever the type)',
    error: 'ok',
    retried: 'none',
    wait: { kind: 'none' },
    respond: text(200, 'text/plain', '{"id":"abc"}'),
  },
  {
    id: 'oversized-declared',
    description: `200 declaring and sending ${OVERSIZED_BYTES} bytes, above maxResponseBytes`,
    error: 'ResponseTooLargeError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: (_r, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(OVERSIZED_BYTES),
      });
      res.end(Buffer.alloc(OVERSIZED_BYTES, 0x20));
    },
  },
  {
    id: 'oversized-chunked',
    description: `200 chunked, ${OVERSIZED_BYTES} bytes without Content-Length`,
    error: 'ResponseTooLargeError',
    retried: 'none',
    wait: { kind: 'none' },
    respond: (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.alloc(16 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < OVERSIZED_BYTES && !res.destroyed) {
          sent += piece.byteLength;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        if (!res.destroyed) res.end();
      };
      res.on('error', () => undefined);
      more();
    },
  },
]);

/** A fault by id. */
export function fault(id: string): Fault {
  const found = FAULTS.find((f) => f.id === id);
  if (!found) throw new Error(`no fault "${id}"`);
  return found;
}
