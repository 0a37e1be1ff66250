// The sender over node:http and node:https, with a keep-alive agent per client. settings.ts chooses
// it on Node when the caller passed no `fetch` and no `fetchOptions`; node-sender-loader.ts loads it
// on the first request (never on import), and browser bundles resolve it to a stub
// (`#node-sender` in package.json `imports`).
//
// Invariant, checked by test/sender-contract.test.ts (one table of cases run against this sender
// and fetchSender over a local node:http server): for the same request and the same server
// behaviour, it sends what fetchSender sends and answers or fails as fetchSender does. The same
// status, headers and body bytes; TimeoutError once the attempt's timeout passes, waiting for
// headers or for the body; AbortError when the caller's signal fires, before or during; a
// ConnectionError for a refused or lost connection; ResponseTooLargeError for a body over the limit,
// declared or streamed; an error body that is cut off kept as far as it came; redirects followed as
// fetch's `follow` does, never sending `authorization` to another origin; a body sent whole again
// on every attempt. Every error is built with the attempt's context.
//
// It imports no value of the runtime: the error classes come from its loader (`SenderKit`), so that
// the ESM and CommonJS builds load this one file and callers catch the classes they import.
import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type {
  AbortError,
  ConnectionError,
  RequestContext,
  ResponseTooLargeError,
  TimeoutError,
} from '../core/errors.js';
import type {
  AttemptLimits,
  OutgoingRequest,
  ReceivedResponse,
  RequestHeaders,
  ResponseHeaders,
  Sender,
} from './wire.js';

/** What the sender needs from the runtime, passed in by its loader. */
export interface SenderKit {
  readonly AbortError: typeof AbortError;
  readonly ConnectionError: typeof ConnectionError;
  readonly ResponseTooLargeError: typeof ResponseTooLargeError;
  readonly TimeoutError: typeof TimeoutError;
  /** A failure's message with its cause's. */
  readonly describe: (error: unknown) => string;
  /** Sends the bodies this sender leaves to fetch: FormData and Blob (multipart, typed blobs). */
  readonly fallback: Sender;
}

/** Idle keep-alive sockets close after this long (or sooner, when the server's Keep-Alive says). */
const IDLE_SOCKET_MS = 4000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
const NULL_BODY = new Set([101, 204, 205, 304]);
/** The request-body headers fetch drops when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];
/** The credentials fetch (undici) drops when a redirect goes to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Methods whose request Node would send chunked without a length: an empty one gets length 0. */
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);
const ZLIB_FLUSH = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/** A sender with its own keep-alive agents (one per protocol, made on first use). */
export function createNodeSender(kit: SenderKit): Sender {
  let http: HttpAgent | undefined;
  let https: HttpsAgent | undefined;
  const agents = {
    'http:': () =>
      (http ??= new HttpAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' })),
    'https:': () =>
      (https ??= new HttpsAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' })),
  };
  return (request, limits) => {
    const { body } = request;
    if (
      body !== undefined &&
      typeof body !== 'string' &&
      !(body instanceof Uint8Array) &&
      !(body instanceof URLSearchParams)
    )
      return kit.fallback(request, limits);
    return new Promise((resolve, reject) =>
      exchange(kit, agents, request, limits, resolve, reject),
    );
  };
}

type Agents = Record<'http:' | 'https:', () => HttpAgent>;

/** One attempt: the request, its redirects and the body, under one timer. */
function exchange(
  kit: SenderKit,
  agents: Agents,
  request: OutgoingRequest,
  limits: AttemptLimits,
  resolve: (response: ReceivedResponse) => void,
  reject: (error: Error) => void,
): void {
  const { signal, context, timeoutMs, maxBytes } = limits;
  if (signal?.aborted) {
    reject(abortError(kit, signal, context));
    return;
  }
  const mode = request.redirect ?? 'follow';
  let url = request.url;
  let method = request.method;
  let headers = request.headers;
  let body = request.body as string | Uint8Array | URLSearchParams | undefined;
  let redirects = 0;
  let current: ClientRequest | undefined;
  let settled = false;
  let timedOut = false;
  /** Set while the body of a non-2xx answer is read: what arrived, if the rest never does. */
  let partial: (() => ReceivedResponse) | undefined;

  const settle = () => {
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  const succeed = (response: ReceivedResponse) => {
    if (settled) return;
    settle();
    resolve(response);
  };
  const fail = (error: Error) => {
    if (settled) return;
    settle();
    current?.destroy();
    reject(error);
  };
  /**
   * The connection failed or the timer fired. An error answer cut off in its body is still that
   * answer (the caller gets the class of its status); the caller's abort always wins.
   */
  const lost = (error: unknown) => {
    if (settled) return;
    if (signal?.aborted) fail(abortError(kit, signal, context));
    else if (partial) {
      succeed(partial());
      current?.destroy();
    } else if (timedOut) fail(new kit.TimeoutError(timeoutMs, { request: context }));
    else fail(connectionError(kit, error, context));
  };
  const onAbort = () => fail(abortError(kit, signal!, context));
  const timer = setTimeout(() => {
    timedOut = true;
    lost(undefined);
  }, timeoutMs);
  signal?.addEventListener('abort', onAbort, { once: true });

  const onResponse = (incoming: IncomingMessage) => {
    if (settled) {
      incoming.destroy();
      return;
    }
    const status = incoming.statusCode ?? 0;
    const received = new NodeResponseHeaders(incoming.rawHeaders);
    if (REDIRECTS.has(status) && mode !== 'manual') {
      const location = received.get('location');
      if (location !== null) {
        incoming.resume();
        follow(location, status);
        return;
      }
    }
    const declared = lengthOf(received.get('content-length'));
    if (declared !== undefined && declared > maxBytes) {
      fail(
        new kit.ResponseTooLargeError(
          `response body of ${declared} bytes exceeds the limit of ${maxBytes}`,
          { request: context },
        ),
      );
      return;
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    const answer = (): ReceivedResponse => ({
      status,
      statusText: incoming.statusMessage ?? '',
      headers: received,
      bytes: joined(chunks, total),
    });
    if (status < 200 || status > 299) partial = answer;
    const stream = decoded(incoming, received, method, status, lost);
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.byteLength;
      if (total > maxBytes) {
        fail(
          new kit.ResponseTooLargeError(`response body exceeds the limit of ${maxBytes} bytes`, {
            request: context,
          }),
        );
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => succeed(answer()));
    stream.on('error', lost);
    if (stream !== incoming) incoming.on('error', lost);
  };

  /** Follows a redirect as fetch's `follow` does; `error` mode refuses it as fetch does. */
  const follow = (location: string, status: number) => {
    if (mode === 'error') return lost(new TypeError('unexpected redirect'));
    let next: URL;
    try {
      next = new URL(location, url);
    } catch (error) {
      return lost(error);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      return lost(new TypeError('URL scheme must be a HTTP(S) scheme'));
    if (++redirects > MAX_REDIRECTS) return lost(new TypeError('redirect count exceeded'));
    if (
      ((status === 301 || status === 302) && method === 'POST') ||
      (status === 303 && method !== 'GET' && method !== 'HEAD')
    ) {
      method = 'GET';
      body = undefined;
      headers = without(headers, BODY_HEADERS);
    }
    if (next.origin !== new URL(url).origin) headers = without(headers, CREDENTIAL_HEADERS);
    url = next.href;
    send();
  };

  const send = () => {
    let target: URL;
    try {
      target = new URL(url);
      const protocol = target.protocol;
      if (protocol !== 'http:' && protocol !== 'https:')
        throw new TypeError(`URL scheme ${protocol} is not supported`);
      const [payload, lines] = encoded(body, headers, method, target);
      const hostname = target.hostname;
      const req = (protocol === 'https:' ? httpsRequest : httpRequest)({
        protocol,
        hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: lines,
        setHost: false,
        agent: agents[protocol](),
      });
      current = req;
      req.on('response', onResponse);
      req.on('error', lost);
      req.end(payload);
    } catch (error) {
      lost(error);
    }
  };
  send();
}

/**
 * The body as bytes or text, and the header lines fetch would send with it, as the flat
 * [name, value, …] list node:http writes as it is (no per-field setHeader: measured 5% less CPU per
 * call). Node does not check a list's names and values again; every producer of a request's
 * headers has checked them (checkHeaders, the token check, fetch's own Headers in the raw client).
 */
function encoded(
  body: string | Uint8Array | URLSearchParams | undefined,
  headers: RequestHeaders,
  method: string,
  target: URL,
): [string | Uint8Array | undefined, string[]] {
  let payload: string | Uint8Array | undefined;
  let type: string | undefined;
  if (body instanceof URLSearchParams) {
    payload = body.toString();
    type = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (typeof body === 'string') {
    payload = body;
    type = 'text/plain;charset=UTF-8';
  } else payload = body;
  const lines = ['host', target.host];
  for (const name of Object.keys(headers))
    if (name !== 'host' && name !== 'content-length') lines.push(name, headers[name]!);
  if (headers.accept === undefined) lines.push('accept', '*/*');
  if (headers['user-agent'] === undefined) lines.push('user-agent', 'node');
  if (headers['accept-encoding'] === undefined)
    lines.push(
      'accept-encoding',
      target.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate',
    );
  if (type !== undefined && headers['content-type'] === undefined) lines.push('content-type', type);
  if (payload !== undefined)
    lines.push(
      'content-length',
      String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength),
    );
  else if (!NO_BODY_METHODS.has(method)) lines.push('content-length', '0');
  return [payload, lines];
}

/** The headers without `names` (a copy: the request's own record is sent again on a retry). */
function without(headers: RequestHeaders, names: readonly string[]): RequestHeaders {
  const out: RequestHeaders = { ...headers };
  for (const name of names) delete out[name];
  return out;
}

/** The body stream, decoded as fetch decodes `Content-Encoding` (a coding it does not know: as is). */
function decoded(
  incoming: IncomingMessage,
  headers: ResponseHeaders,
  method: string,
  status: number,
  onError: (error: unknown) => void,
): Readable {
  const coding = headers.get('content-encoding');
  if (coding === null || method === 'HEAD' || NULL_BODY.has(status)) return incoming;
  const codings = coding.toLowerCase().split(',');
  const decoders: Transform[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const name = codings[i]!.trim();
    if (name === 'gzip' || name === 'x-gzip') decoders.push(createGunzip(ZLIB_FLUSH));
    else if (name === 'deflate') decoders.push(createInflate(ZLIB_FLUSH));
    else if (name === 'br') decoders.push(createBrotliDecompress(BROTLI_FLUSH));
    else if (name !== '' && name !== 'identity') return incoming;
  }
  if (decoders.length === 0) return incoming;
  // pipeline() destroys every stage when one fails; the last one is what the caller reads.
  pipeline([incoming, ...decoders], (error) => {
    if (error) onError(error);
  });
  return decoders[decoders.length - 1]!;
}

/**
 * Response headers over Node's raw list: `get` as fetch's Headers (case-insensitive, repeated
 * fields joined with ", "), indexed once, on the first read; fetch's own `Headers` only when a
 * caller asks for them (building one loads Node's fetch).
 */
class NodeResponseHeaders implements ResponseHeaders {
  readonly #raw: readonly string[];
  #index: Map<string, string> | undefined;
  #headers: Headers | undefined;

  constructor(raw: readonly string[]) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    return this.#fields().get(name.toLowerCase()) ?? null;
  }

  toHeaders(): Headers {
    this.#headers ??= new Headers([...this.#fields()]);
    return this.#headers;
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return this.#fields()[Symbol.iterator]();
  }

  #fields(): Map<string, string> {
    if (this.#index) return this.#index;
    const index = new Map<string, string>();
    const raw = this.#raw;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      const before = index.get(name);
      index.set(name, before === undefined ? raw[i + 1]! : `${before}, ${raw[i + 1]!}`);
    }
    this.#index = index;
    return index;
  }
}

/**
 * The body's chunks as one plain Uint8Array. Never a Buffer: a Buffer's `slice()` shares memory
 * and its `buffer` may be a whole pool, where a Uint8Array copies and owns its bytes. Several
 * chunks are copied into memory that is not zeroed first (every byte is written): on a 1000-item
 * page that halves the copy's cost.
 */
function joined(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  // Socket and zlib chunks live on ArrayBuffers (never shared memory), so the casts are exact.
  const out =
    chunks.length === 1 ? (chunks[0] as Uint8Array<ArrayBuffer>) : Buffer.allocUnsafeSlow(total);
  if (chunks.length > 1) {
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/** A Content-Length value, as fetchSender reads it (headerNumber of errors.ts). */
function lengthOf(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function abortError(kit: SenderKit, signal: AbortSignal, request: RequestContext): AbortError {
  return new kit.AbortError('the call was aborted', { request, cause: signal.reason });
}

function connectionError(kit: SenderKit, error: unknown, request: RequestContext): ConnectionError {
  return new kit.ConnectionError(`connection failed: ${kit.describe(error)}`, {
    request,
    cause: error,
  });
}
