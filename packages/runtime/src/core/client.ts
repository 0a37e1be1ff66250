// The client every family package builds on. A resource method is one line over it:
//
//   get(userId, options)   -> api.get('/v2/users/{user_id}', { path: { user_id: userId } }, options)
//   list(params, options)  -> api.list('/v2/users', offsetPaging((p) => p.users), () => ({ query }), options)
//   addMembers(id, ids, o) -> api.batch(ids, (chunk) => api.post(':addUsers' path, { … }, o))
//
// Typed calls build their request with openapi-fetch's serializers and go straight to the
// transport; `raw` is openapi-fetch's own client over the same transport, for every operation of
// the spec with openapi-fetch's types and middleware.
import type { Client } from 'openapi-fetch';
import { normalizeBaseUrl } from '../base-url.js';
import { type BatchOptions, batchCall, runBatches } from '../batch.js';
import { checkedHeaders } from '../headers.js';
import type { PagePosition, PagingStyle } from '../paging/styles.js';
import { createRawClient } from '../raw-client.js';
import { secretSafe } from '../redact.js';
import { type CallSettings, sendRequest } from '../transport/pipeline.js';
import { RateLimiter, type RequestLimiter } from '../transport/rate-limiter.js';
import { type ResolvedRetryOptions, resolveRetry } from '../transport/retry-policy.js';
import { type TransportSettings, transportSettings } from '../transport/settings.js';
import type { OutgoingRequest, ReceivedResponse } from '../transport/wire.js';
import { ApiPromise } from './api-promise.js';
import { errorFromBytes } from './error-mapping.js';
import { InvalidResponseError, type RequestContext, SdkError, ValidationError } from './errors.js';
import type { HttpMethod } from './http-method.js';
import type { DataOf, InitArg, OperationOf, PathsWith, TypedMethod } from './operation-types.js';
import type { CallOptions, ClientOptions, ListOptions } from './options.js';
import { baseUrlParts, buildOutgoing, type CallParts } from './outgoing.js';
import { Paginator } from './paginator.js';
import { type ParamTable, toWireNames } from './param-names.js';
import { ResponseInfo, type WithResponse } from './response-info.js';
import { type SdkIdentity, userAgent } from './user-agent.js';

/** An untyped call of `request()`: parameters and body as the wire wants them. */
export interface RawRequestInit extends CallOptions {
  params?: {
    path?: Record<string, string | number> | undefined;
    query?: Record<string, unknown> | undefined;
    header?: Record<string, string> | undefined;
  };
  body?: unknown;
}

type TypedCall<Paths, M extends TypedMethod> = <P extends PathsWith<Paths, M>>(
  path: P,
  init?: InitArg<OperationOf<Paths, P, M>>,
  options?: CallOptions,
) => ApiPromise<DataOf<OperationOf<Paths, P, M>>>;

/** The shared client behind a family package. */
export interface ApiClient<Paths extends object> {
  /**
   * The typed openapi-fetch client for every operation of the family's spec. It shares auth,
   * retries, rate limits and errors with the resources: non-2xx responses throw ApiError.
   */
  readonly raw: Client<Paths>;
  /** The normalized base URL. */
  readonly baseUrl: string;
  /** A typed GET: returns the data; `withResponse()` on the result also gives the response. */
  readonly get: TypedCall<Paths, 'get'>;
  /** A typed POST. */
  readonly post: TypedCall<Paths, 'post'>;
  /** A typed PUT. */
  readonly put: TypedCall<Paths, 'put'>;
  /** A typed PATCH. */
  readonly patch: TypedCall<Paths, 'patch'>;
  /** A typed DELETE. */
  readonly delete: TypedCall<Paths, 'delete'>;
  /**
   * A list: a GET of `path` paged in `style`. `init` (or the function building it, which runs at
   * once) holds the first page's query; the style's parameter in it is where the list starts. Bad
   * parameters never throw here: the list rejects with their ValidationError when it is awaited,
   * iterated or collected.
   */
  list<P extends PathsWith<Paths, 'get'>, Item>(
    path: P,
    style: PagingStyle<DataOf<OperationOf<Paths, P, 'get'>>, Item>,
    init: InitArg<OperationOf<Paths, P, 'get'>>,
    options?: ListOptions,
  ): Paginator<Item, DataOf<OperationOf<Paths, P, 'get'>>>;
  /**
   * Sends `ids` in chunks (deduplicated, at most 1000 per request, one after another); returns
   * each chunk's result. A failed chunk throws its error with `batch` set. `withResponse()` gives
   * the last request's response, as for one call.
   */
  batch<R>(
    ids: readonly string[],
    send: (chunkIds: string[], index: number) => ApiPromise<R>,
    options?: BatchOptions,
  ): ApiPromise<R[]>;
  /** Any request, untyped: for operations the spec does not describe. Resolves to the parsed body. */
  request<T = unknown>(method: HttpMethod, path: string, init?: RawRequestInit): ApiPromise<T>;
  /**
   * A call's parameters under their wire names (`page_size`): each deprecated alias in `table`
   * (0.2's `pageSize`) is moved to its wire name and reported once per client and alias, as a
   * `deprecation` event (logged at `warn`). Call it where the query is built, so that a refusal
   * rejects the call.
   * @throws ValidationError when an alias and its wire name are both given.
   */
  wireParams<P>(params: P, table: ParamTable): P;
  /**
   * Reports that a deprecated name was used (0.2's `realm.credentials(id)` for
   * `realm.identities.credentials`): once per client and name, as the `deprecation` event that
   * deprecated parameter names raise (logged at `warn`).
   */
  deprecated(name: string, replacement: string): void;
}

/**
 * What a family package says about itself: its name and version for the User-Agent, and the
 * operations it may repeat.
 */
export interface ClientIdentity extends SdkIdentity {
  /**
   * The family's POST and PATCH operations the platform documents as safe to repeat (set-like or
   * idempotent), as `METHOD /path/template`: retried after a 5xx, a lost connection or a timeout
   * like a GET. A call's `retry: { retryNonIdempotent: false }` still sends it once. The family
   * keeps this list in one file (`retry-safe.ts`), each entry with the reference's words.
   */
  readonly retrySafe?: readonly string[] | undefined;
}

/** Creates the shared client for a family's typed path map. */
export function createApiClient<Paths extends object>(
  options: ClientOptions,
  identity?: ClientIdentity,
): ApiClient<Paths> {
  if (options === null || typeof options !== 'object')
    throw new TypeError('client options are required');
  const baseUrl = normalizeBaseUrl(options.baseUrl, 'baseUrl', options.allowInsecureHttp === true);
  const base = baseUrlParts(baseUrl);
  const headers = checkedHeaders(options.headers, 'headers');
  const settings = transportSettings(
    options,
    options.rateLimit === false
      ? undefined
      : typeof options.rateLimit === 'object' && options.rateLimit !== null
        ? () => options.rateLimit as RequestLimiter
        : (observe) => new RateLimiter(observe),
  );
  const agent = userAgent(identity);
  if (agent) headers['user-agent'] ??= agent;
  const retrySafe = new Set(identity?.retrySafe ?? []);
  const defaultCall = callSettings(settings, undefined, false);
  const defaultSafeCall = callSettings(settings, undefined, true);
  // Each deprecated name is reported once per client: a warning, not a line per call.
  const reported = new Set<string>();
  const deprecated = (name: string, replacement: string): void => {
    if (reported.has(name)) return;
    reported.add(name);
    settings.observe?.({ type: 'deprecation', name, replacement });
  };

  const send = <T>(
    method: string,
    template: string,
    init: InitArg<never> | CallParts | undefined,
    call: CallOptions | undefined,
    ids: boolean,
  ): ApiPromise<T> => {
    let request: OutgoingRequest;
    let resolved: CallSettings;
    try {
      const parts = (typeof init === 'function' ? init() : (init ?? {})) as CallParts;
      request = buildOutgoing(base, headers, method, template, parts, call?.headers, ids);
      const safe = retrySafe.has(`${method} ${template}`);
      resolved = call ? callSettings(settings, call, safe) : safe ? defaultSafeCall : defaultCall;
    } catch (error) {
      return ApiPromise.rejected(withCall(error, method, template));
    }
    return new ApiPromise(exchange<T>(settings, resolved, request));
  };
  const typed = (method: string) => (path: string, init?: InitArg<never>, call?: CallOptions) =>
    send(method, path, init, call, true);

  const client = {
    raw: createRawClient<Paths>(settings, baseUrl, headers, retrySafe),
    baseUrl,
    get: typed('GET'),
    post: typed('POST'),
    put: typed('PUT'),
    patch: typed('PATCH'),
    delete: typed('DELETE'),
    list(
      path: string,
      style: PagingStyle<unknown, unknown>,
      init: InitArg<never>,
      options: ListOptions = {},
    ) {
      let parts: CallParts;
      try {
        parts = (typeof init === 'function' ? init() : init) as CallParts;
        // Checked now, before any page is fetched; a refusal rejects the awaited or iterated list.
        buildOutgoing(base, headers, 'GET', path, parts, options?.headers, true);
      } catch (error) {
        return Paginator.refused(withCall(error, 'GET', path));
      }
      const start = style.param
        ? (parts.query?.[style.param] as PagePosition | undefined)
        : undefined;
      const at = (position: PagePosition | undefined): CallParts =>
        style.param ? { ...parts, query: { ...parts.query, [style.param]: position } } : parts;
      return new Paginator(
        (position, call) => send<unknown>('GET', path, at(position), call, true).withResponse(),
        style,
        start,
        options,
      );
    },
    batch: (
      ids: readonly string[],
      sendChunk: (chunk: string[], index: number) => ApiPromise<unknown>,
      options?: BatchOptions,
    ) =>
      batchCall((track) =>
        runBatches(ids, (chunk, index) => track(sendChunk(chunk, index)), options),
      ),
    request<T>(method: HttpMethod, path: string, init: RawRequestInit = {}): ApiPromise<T> {
      const { params, body, ...call } = init;
      return send<T>(method, path, { ...params, body }, call, false);
    },
    wireParams: <P>(params: P, table: ParamTable): P =>
      toWireNames(params, table, ({ alias, name }) => deprecated(alias, name)),
    deprecated,
  };
  return Object.freeze(
    secretSafe(client, () => `ApiClient(${baseUrl})`),
  ) as unknown as ApiClient<Paths>;
}

/** A refusal before sending, with the call it refused (method and path template). */
function withCall(error: unknown, method: string, pathTemplate: string): unknown {
  return error instanceof SdkError && !error.request
    ? error.withContext({ request: { method, pathTemplate } })
    : error;
}

/**
 * The call's settings: the client's, with the call's own timeout, retry and signal. An operation
 * the family marked retry-safe is retried like a GET unless the call says `retryNonIdempotent`.
 */
function callSettings(
  s: TransportSettings,
  call: CallOptions | undefined,
  retrySafe: boolean,
): CallSettings {
  const safe = (retry: ResolvedRetryOptions, own: CallOptions['retry']) =>
    retrySafe && (own === undefined || own === false || own.retryNonIdempotent === undefined)
      ? { ...retry, retryNonIdempotent: true }
      : retry;
  if (call === undefined)
    return { signal: undefined, timeoutMs: s.timeoutMs, retry: safe(s.retry, undefined) };
  if (call === null || typeof call !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { timeoutMs } = call;
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
  )
    throw new ValidationError('timeoutMs', 'must be a positive number');
  return {
    signal: call.signal,
    timeoutMs: timeoutMs ?? s.timeoutMs,
    retry: safe(resolveRetry(s.retry, call.retry), call.retry),
  };
}

/** Sends a typed call and reads its answer: the data, or the typed error of a non-2xx status. */
async function exchange<T>(
  s: TransportSettings,
  call: CallSettings,
  request: OutgoingRequest,
): Promise<WithResponse<T>> {
  const sent = await sendRequest(s, call, request);
  const { response } = sent;
  if (response.status < 200 || response.status > 299)
    throw errorFromBytes(response, response.bytes, sent.request, s.scrubber);
  return {
    data: parseJson(response, sent.request) as T,
    response: new ResponseInfo(response.status, response.headers, sent.request),
  };
}

const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * The JSON body of a 2xx answer; undefined when it is empty. A body that is not JSON (an HTML
 * login page, plain text, a body cut short) is an InvalidResponseError that quotes nothing.
 */
function parseJson(response: ReceivedResponse, request: RequestContext): unknown {
  if (response.bytes.byteLength === 0) return undefined;
  const text = decoder.decode(response.bytes);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidResponseError(
      `${request.method} ${request.pathTemplate ?? request.path ?? ''} answered 2xx with a body that is not valid JSON`,
      { request },
    );
  }
}
