// The sender over undici's `request()`, on a dispatcher per client: its own keep-alive `Agent`, an
// `EnvHttpProxyAgent` when the environment names a proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), or
// the caller's own (`fetchOptions.dispatcher`: a ProxyAgent, an Agent with a CA bundle). settings.ts
// chooses it on Node; node-transport.ts loads it on a client's first request, which waits for it.
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
// Redirects and decompression are done here, not by undici's interceptors: its redirect handler
// answers the 21st redirect instead of failing as fetch does, and the decompress interceptor is
// not in every undici a caller's dispatcher may come from.
//
// It imports no value of the runtime: the error classes come from its loader (`SenderKit`), so that
// the ESM and CommonJS builds load this one file and callers catch the classes they import.
import { pipeline, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
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
  /**
   * The caller's dispatcher (`fetchOptions.dispatcher`), from any undici major: only its
   * `request()` is called. Without one the sender makes its own.
   */
  readonly dispatcher?: unknown;
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
/** The credentials fetch drops when a redirect goes to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** The variables undici's EnvHttpProxyAgent reads a proxy from. */
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'];
const ZLIB_FLUSH = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/** What the sender calls on a dispatcher: `request()`, the same in every undici major. */
type Requester = Pick<Dispatcher, 'request'>;

/**
 * A sender on one dispatcher: the caller's, or its own keep-alive pool (made on first use), which
 * goes through the proxy the environment names, as curl and undici's EnvHttpProxyAgent read it.
 */
export function createUndiciSender(kit: SenderKit): Sender {
  let dispatcher = kit.dispatcher as Requester | undefined;
  const sent = (request: OutgoingRequest, limits: AttemptLimits) =>
    new Promise<ReceivedResponse>((resolve, reject) => {
      dispatcher ??= ownDispatcher();
      exchange(kit, dispatcher, request, limits, resolve, reject);
    });
  return (request, limits) =>
    request.body instanceof FormData
      ? multipart(request).then((encoded) => sent(encoded, limits))
      : sent(request, limits);
}

/**
 * A FormData body as the bytes and multipart type fetch would send. undici's own multipart encoder
 * fails on the FormData of the Node it runs in (a FormData of another undici copy), so the body is
 * encoded by the platform's `Response`, as fetch encodes it; a content-type the caller set wins.
 */
async function multipart(request: OutgoingRequest): Promise<OutgoingRequest> {
  const encoded = new Response(request.body as FormData);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const headers = { ...request.headers };
  headers['content-type'] ??= encoded.headers.get('content-type')!;
  return { ...request, body: bytes, headers };
}

function ownDispatcher(): Dispatcher {
  const options = { keepAliveTimeout: IDLE_SOCKET_MS };
  const env = globalThis.process.env;
  return PROXY_VARIABLES.some((name) => env[name])
    ? new EnvHttpProxyAgent(options)
    : new Agent(options);
}

/**
 * Ends an attempt's undici request: undici listens on it as on an AbortSignal (an EventEmitter is
 * one of the two kinds it takes; undici 6 subscribes with `addListener`, 7 with `once`), and this
 * costs less per call than an AbortController.
 */
class Stop {
  #listener: (() => void) | undefined;
  on(_event: 'abort', listener: () => void): this {
    this.#listener = listener;
    return this;
  }
  once(event: 'abort', listener: () => void): this {
    return this.on(event, listener);
  }
  addListener(event: 'abort', listener: () => void): this {
    return this.on(event, listener);
  }
  removeListener(): this {
    this.#listener = undefined;
    return this;
  }
  fire(): void {
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}

/** One attempt: the request, its redirects and the body, under one timer. */
function exchange(
  kit: SenderKit,
  dispatcher: Requester,
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
  let body = request.body;
  let redirects = 0;
  let stop: Stop | undefined;
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
    stop?.fire();
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
      stop?.fire();
    } else if (timedOut) fail(new kit.TimeoutError(timeoutMs, { request: context }));
    else fail(connectionError(kit, error, context));
  };
  const onAbort = () => fail(abortError(kit, signal!, context));
  const timer = setTimeout(() => {
    timedOut = true;
    lost(undefined);
  }, timeoutMs);
  signal?.addEventListener('abort', onAbort, { once: true });

  const onResponse = (answer: Dispatcher.ResponseData) => {
    const incoming = answer.body;
    incoming.on('error', lost);
    if (settled) {
      incoming.destroy();
      return;
    }
    const status = answer.statusCode;
    const received = new UndiciResponseHeaders(answer.headers);
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
    const whole = (): ReceivedResponse => ({
      status,
      // A caller's dispatcher from undici 6 or older answers no statusText.
      statusText: answer.statusText ?? '',
      headers: received,
      bytes: joined(chunks, total),
    });
    if (status < 200 || status > 299) partial = whole;
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
    stream.on('end', () => succeed(whole()));
    if (stream !== incoming) stream.on('error', lost);
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
    try {
      const target = new URL(url);
      const protocol = target.protocol;
      if (protocol !== 'http:' && protocol !== 'https:')
        throw new TypeError(`URL scheme ${protocol} is not supported`);
      const [payload, lines] = encoded(body, headers, target);
      stop = new Stop();
      dispatcher
        .request({
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method: method as Dispatcher.HttpMethod,
          headers: lines,
          // undici sends a Blob too (its type as content-type), though its types leave it out.
          body: (payload ?? null) as NonNullable<Dispatcher.RequestOptions['body']>,
          signal: stop as unknown as AbortSignal,
        })
        .then(onResponse, lost);
    } catch (error) {
      lost(error);
    }
  };
  send();
}

/**
 * The body as undici sends it, and the header lines fetch would send with it, as the flat
 * [name, value, …] list undici takes as it is. undici sets `host` and `content-length` itself
 * (and the multipart type of a FormData); every producer of a request's headers has checked them
 * (checkHeaders, the token check, fetch's own Headers in the raw client).
 */
function encoded(
  body: OutgoingRequest['body'],
  headers: RequestHeaders,
  target: URL,
): [string | Uint8Array | FormData | Blob | undefined, string[]] {
  let payload: string | Uint8Array | FormData | Blob | undefined;
  let type: string | undefined;
  if (body instanceof URLSearchParams) {
    payload = body.toString();
    type = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (typeof body === 'string') {
    payload = body;
    type = 'text/plain;charset=UTF-8';
  } else payload = body;
  const lines: string[] = [];
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
  incoming: Readable,
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
 * Response headers over undici's record (lower-case names; a repeated field is an array): `get`
 * as fetch's Headers (case-insensitive, repeated fields joined with ", "); fetch's own `Headers`
 * only when a caller asks for them (building one loads Node's fetch).
 */
class UndiciResponseHeaders implements ResponseHeaders {
  readonly #fields: Record<string, string | string[] | undefined>;
  #headers: Headers | undefined;

  constructor(fields: Record<string, string | string[] | undefined>) {
    this.#fields = fields;
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (!Object.hasOwn(this.#fields, key)) return null;
    const value = this.#fields[key];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  toHeaders(): Headers {
    this.#headers ??= new Headers([...this]);
    return this.#headers;
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const name of Object.keys(this.#fields)) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
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
