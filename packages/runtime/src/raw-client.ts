// `raw`: openapi-fetch's own client over the SDK transport, for every operation of a spec with
// openapi-fetch's types and middleware. What it adds around every call (the contract): path
// parameters checked before anything is sent, a non-2xx response turned into the typed error for
// its status after user middleware saw it, and a 2xx body that is not JSON turned into an
// InvalidResponseError. User middleware sees real Requests without the token, which the transport
// adds to each attempt.
import openapiFetch, { type Client, type Middleware } from 'openapi-fetch';
import { errorFromResponse } from './core/error-mapping.js';
import { InvalidResponseError, SdkError } from './core/errors.js';
import { routeOf } from './path-params.js';
import type { SecretScrubber } from './redact.js';
import { bufferedResponse } from './transport/buffered-response.js';
import { sendRequest } from './transport/pipeline.js';
import type { TransportSettings } from './transport/settings.js';
import type { FetchLike, ReplayableBody, RequestHeaders } from './transport/wire.js';

// openapi-fetch's CommonJS build exports `exports.default = createClient`. Our CommonJS build
// imports it with Node's semantics, where the default import is the whole `exports` object, so
// take its `.default` when there is one (the ESM build gets the function itself). Resolved when
// called, not at load: a top-level property read would keep openapi-fetch in every bundle.
const createClient = ((options) =>
  ((openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch)(
    options,
  )) as typeof openapiFetch;

/** The raw client of a spec's paths, over the client's transport. */
export function createRawClient<Paths extends object>(
  settings: TransportSettings,
  baseUrl: string,
  headers: RequestHeaders,
  retrySafe: ReadonlySet<string> = new Set(),
): Client<Paths> {
  const raw = createClient<Paths>({
    baseUrl,
    headers: { ...headers },
    // Fills in the values the contract middleware accepts; it refuses the others (with the
    // call's context) before anything is sent, so here they leave the template as it is.
    pathSerializer: (url, params) => {
      try {
        return routeOf(url, params, false);
      } catch {
        return url;
      }
    },
  });
  raw.use(contractMiddleware(settings.scrubber));
  wrapCalls(raw as Client<never>, settings, retrySafe);
  return raw;
}

/** The contract as openapi-fetch middleware, so that user middleware runs inside it. */
function contractMiddleware(scrubber: SecretScrubber): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      try {
        routeOf(schemaPath, params.path as Record<string, unknown> | undefined, false);
      } catch (error) {
        throw error instanceof SdkError
          ? error.withContext({ request: { method: request.method, pathTemplate: schemaPath } })
          : error;
      }
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return;
      throw await errorFromResponse(
        response,
        {
          method: request.method,
          pathTemplate: schemaPath,
          path: new URL(request.url).pathname,
          attempts: attemptsOf(response),
        },
        scrubber,
      );
    },
    onError({ error }) {
      return error instanceof Error ? error : new SdkError(String(error));
    },
  };
}

/**
 * How many attempts the transport made for a response: the responses it builds say so themselves
 * (one the caller's own fetch or middleware made counts as one).
 */
function attemptsOf(response: Response): number {
  const attempts = (response as Response & { readonly attempts?: unknown }).attempts;
  return typeof attempts === 'number' ? attempts : 1;
}

type Call = (path: unknown, init?: Record<string, unknown>) => Promise<unknown>;

/**
 * Wraps every call of the raw client: a call without a fetch of its own gets the SDK transport,
 * bound to the call's path template (for the errors it builds) and signal; and a 2xx body that is
 * not JSON, which openapi-fetch would surface as a SyntaxError quoting the body, becomes an
 * InvalidResponseError that quotes nothing.
 */
function wrapCalls(
  raw: Client<never>,
  settings: TransportSettings,
  retrySafe: ReadonlySet<string>,
): void {
  const send = async (
    method: string,
    path: unknown,
    init: Record<string, unknown> | undefined,
    call: Call,
  ) => {
    try {
      const template = String(path);
      const options = init?.fetch
        ? init
        : { ...init, fetch: transportFetch(settings, template, retrySafe) };
      return await call(path, options);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      const template = typeof path === 'string' ? path : '';
      throw new InvalidResponseError(
        `${method} ${template} answered 2xx with a body that is not valid JSON`,
        { request: { method, pathTemplate: template } },
      );
    }
  };
  const methods = raw as unknown as Record<string, Call>;
  for (const name of ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']) {
    const original = methods[name]!;
    methods[name] = (path, init) => send(name, path, init, original);
  }
  const request = raw.request as unknown as (
    m: unknown,
    p: unknown,
    i?: unknown,
  ) => Promise<unknown>;
  (raw as unknown as { request: typeof request }).request = (method, path, init) =>
    send(String(method).toUpperCase(), path, init as Record<string, unknown> | undefined, (p, i) =>
      request(method, p, i),
    );
}

/**
 * The SDK transport as the fetch openapi-fetch calls, for one call of `template` (retried like a
 * GET when the family marked the operation retry-safe).
 */
function transportFetch(
  settings: TransportSettings,
  template: string,
  retrySafe: ReadonlySet<string>,
): FetchLike {
  return async (input) => {
    const body: ReplayableBody | undefined = input.body
      ? new Uint8Array(await input.arrayBuffer())
      : undefined;
    const signal = input.signal;
    const { response, request } = await sendRequest(
      settings,
      {
        signal,
        timeoutMs: settings.timeoutMs,
        retry: retrySafe.has(`${input.method} ${template}`)
          ? { ...settings.retry, retryNonIdempotent: true }
          : settings.retry,
      },
      {
        method: input.method,
        url: input.url,
        path: new URL(input.url).pathname,
        pathTemplate: template,
        // A Request's headers iterate with lower-case names.
        headers: Object.fromEntries(input.headers),
        body,
        redirect: input.redirect,
      },
    );
    return bufferedResponse(response.bytes, response, request.attempts ?? 1);
  };
}
