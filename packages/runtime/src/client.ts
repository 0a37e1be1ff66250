// The client factory every family package builds on: openapi-fetch with our transport underneath
// (auth, retries, rate limits, timeouts) and the contract on top (path checks, typed errors), as
// middleware when user middleware is registered and around the transport when not.
import openapiFetch, { type Client, type Middleware } from 'openapi-fetch';
import { normalizeBaseUrl } from './base-url.js';
import { checkPathParams, contractFetch, contractMiddleware, parseFailure } from './contract.js';
import { checkHeaders } from './headers.js';
import type { HttpMethod } from './http-requester.js';
import { safePathSerializer } from './path-params.js';
import { PlainRequest } from './plain-request.js';
import { RateLimiter } from './rate-limiter.js';
import type { SecretScrubber } from './redact.js';
import { type TransportOptions, transportSettings } from './settings.js';
import { type CallOptions, createTransport, type FetchLike, isTransport } from './transport.js';

// openapi-fetch's CommonJS build exports `exports.default = createClient`. Our CommonJS build
// imports it with Node's semantics, where the default import is the whole `exports` object, so
// take its `.default` when there is one (the ESM build gets the function itself). Resolved when
// called, not at load: a top-level property read would keep openapi-fetch in every bundle.
const createClient = ((options) =>
  ((openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch)(
    options,
  )) as typeof openapiFetch;

/** Options every family client accepts. */
export interface ClientOptions extends TransportOptions {
  /** The API address for your region, for example `https://…`. https is required except on loopback. */
  baseUrl: string;
  /**
   * Hold requests when `RateLimit-Remaining` reaches zero until the window resets, instead of
   * running into 429s. Default true.
   */
  rateLimit?: boolean;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** Untyped request for operations outside the typed surface (see the specs' GAPS.md). */
export interface RawRequestInit extends CallOptions {
  params?: {
    path?: Record<string, string | number>;
    query?: Record<string, unknown>;
    header?: Record<string, string>;
  };
  body?: unknown;
}

/** The shared client behind a family package. */
export interface ApiClient<Paths extends object> {
  /**
   * The typed openapi-fetch client for every operation of the family's spec. It shares auth,
   * retries, rate limits and errors with the resources: non-2xx responses throw ApiError.
   */
  readonly raw: Client<Paths>;
  /** The normalized base URL. */
  readonly baseUrl: string;
  /** Request options for one call: pass the result into a `raw` call. */
  call(options?: CallOptions): { fetch: FetchLike; signal?: AbortSignal };
  /** Any request, untyped: for operations the spec does not describe. Returns the parsed body. */
  request<T = unknown>(method: HttpMethod, path: string, init?: RawRequestInit): Promise<T>;
}

/** Creates the shared client for a family's typed path map. */
export function createApiClient<Paths extends object>(options: ClientOptions): ApiClient<Paths> {
  if (options === null || typeof options !== 'object')
    throw new TypeError('client options are required');
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  checkHeaders(options.headers, 'headers');
  // The shared settings, and on top of them the rate limiter (the lean requester has none).
  const settings = transportSettings(
    options,
    options.rateLimit === false ? undefined : new RateLimiter(options.onEvent),
  );
  const { scrubber } = settings;
  const defaultTransport = createTransport(settings);
  const clientOptions = {
    baseUrl,
    fetch: defaultTransport,
    headers: options.headers,
    pathSerializer: safePathSerializer,
  };
  const raw = createClient<Paths>(clientOptions);
  raw.use(contractMiddleware(scrubber));
  const direct = createClient<Paths>({
    ...clientOptions,
    Request: PlainRequest as unknown as typeof Request,
  });
  wrapCalls(raw as Client<never>, direct as Client<never>, defaultTransport, scrubber);

  const call = (callOptions?: CallOptions) => {
    const init: { fetch: FetchLike; signal?: AbortSignal } = {
      fetch: callOptions ? createTransport(settings, callOptions) : defaultTransport,
    };
    if (callOptions?.signal) init.signal = callOptions.signal;
    return init;
  };

  return {
    raw,
    baseUrl,
    call,
    async request<T>(method: HttpMethod, path: string, init: RawRequestInit = {}): Promise<T> {
      const { params, body, headers, ...callOptions } = init;
      checkHeaders(headers, 'headers');
      const untyped = raw as unknown as Client<Record<string, Record<string, unknown>>>;
      // Headers go to openapi-fetch, whose body serializer reads the content type (JSON or form).
      const options = { params, body, headers, ...call(callOptions) };
      const { data } = await untyped.request(
        method.toLowerCase() as never,
        path as never,
        options as never,
      );
      return data as T;
    },
  };
}

type Call = (path: unknown, init?: unknown) => Promise<unknown>;

/** The per-call options of openapi-fetch that decide how a call may be sent. */
interface SendOptions {
  fetch?: unknown;
  middleware?: unknown[];
  Request?: unknown;
  params?: { path?: unknown };
}

/**
 * Wraps every call of the raw client, for two things:
 * - A call that no user middleware sees (none registered, none for the call) and that goes through
 *   our transport runs on `direct`, a second openapi-fetch client without middleware that builds a
 *   PlainRequest: openapi-fetch's middleware machinery and an undici Request cost more than the
 *   rest of a small call. The contract then runs around the transport instead of as middleware.
 * - openapi-fetch parses a 2xx body as JSON after every middleware ran, so a body that is not JSON
 *   (an HTML login page, plain text, a body cut inside the JSON) would reach the caller as a bare
 *   SyntaxError whose message quotes the start of the body. It becomes an InvalidResponseError that
 *   quotes nothing.
 */
function wrapCalls(
  raw: Client<never>,
  direct: Client<never>,
  defaultTransport: FetchLike,
  scrubber: SecretScrubber,
): void {
  const userMiddlewares: Middleware[] = [];
  const { use, eject } = raw;
  raw.use = (...middlewares) => {
    // One at a time, so that the list stays right when openapi-fetch refuses one.
    for (const m of middlewares) {
      use(m);
      if (m) userMiddlewares.push(m);
    }
  };
  raw.eject = (...middlewares) => {
    eject(...middlewares);
    for (const m of middlewares) {
      const i = userMiddlewares.indexOf(m);
      if (i !== -1) userMiddlewares.splice(i, 1);
    }
  };

  const send = async (
    method: string,
    path: unknown,
    init: unknown,
    viaRaw: Call,
    viaDirect: Call,
  ) => {
    try {
      const options = (init ?? {}) as SendOptions;
      if (
        userMiddlewares.length > 0 ||
        options.middleware?.length ||
        options.Request !== undefined ||
        !isTransport(options.fetch)
      )
        return await viaRaw(path, init);
      const schemaPath = String(path);
      checkPathParams(method, schemaPath, options.params?.path);
      const transport = (options.fetch as FetchLike | undefined) ?? defaultTransport;
      return await viaDirect(path, {
        ...options,
        fetch: contractFetch(transport, schemaPath, scrubber),
      });
    } catch (error) {
      throw parseFailure(error, method, path);
    }
  };
  const methods = raw as unknown as Record<string, Call>;
  const directMethods = direct as unknown as Record<string, Call>;
  for (const name of ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']) {
    const viaRaw = methods[name]!;
    const viaDirect = directMethods[name]!;
    methods[name] = (path, init) => send(name, path, init, viaRaw, viaDirect);
  }
  const request = raw.request as unknown as (
    m: unknown,
    p: unknown,
    i?: unknown,
  ) => Promise<unknown>;
  const directRequest = direct.request as unknown as typeof request;
  (raw as unknown as { request: typeof request }).request = (method, path, init) =>
    send(
      String(method).toUpperCase(),
      path,
      init,
      (p, i) => request(method, p, i),
      (p, i) => directRequest(method, p, i),
    );
}
