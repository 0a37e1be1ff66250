// The `x-correlation_id` request header of the SSO configuration, identity provider and SSO
// association operations. A caller names it per call with the `correlationId` option; the server
// answers with the same id (or, when none was sent, one it generated) in `x-correlation-id`, which
// `withResponse()` gives as `response.requestId` and errors carry as `requestId`.
//
// The header is added by a view of the runtime client (`correlated(api)`), so each resource method
// stays a one-liner that passes its options on: the view reads `correlationId` from them and puts
// the header into the call's init, where it is checked inside the call like any other input.
import { type CallOptions, type ListOptions, ValidationError } from '@x/runtime';
import { assertHeaderValue } from '@x/runtime/internal';
import type { AccessApi } from '../api.js';
import type { UntypedCalls, UntypedInit } from './untyped.js';

/** The request header the platform reads the correlation id from. */
export const CORRELATION_HEADER = 'x-correlation_id';

/** Call options of an operation that carries a correlation id. */
export interface CorrelatedCallOptions extends CallOptions {
  /**
   * Sent as the `x-correlation_id` header. The response carries it back (or, without one, an id
   * the server generated) as `x-correlation-id`: `(await call.withResponse()).response.requestId`.
   */
  correlationId?: string | undefined;
}

/** List options of a listing that carries a correlation id. */
export interface CorrelatedListOptions extends ListOptions {
  /**
   * Sent as the `x-correlation_id` header of every page request. Default: the `x-correlation_id`
   * of `headers`, else a random UUID per listing, so that all its pages share one id.
   */
  correlationId?: string | undefined;
}

type Options = { correlationId?: unknown; headers?: Record<string, string> | undefined };

/**
 * The runtime client, with every call sending its options' `correlationId` as the
 * `x-correlation_id` header (and every listing one id for all its pages). Typed as the client.
 */
export function correlated(api: AccessApi): AccessApi {
  const calls = api as unknown as UntypedCalls;
  const call =
    (method: 'get' | 'post' | 'patch' | 'delete') =>
    (path: never, init: UntypedInit, options?: Options) =>
      calls[method](
        path,
        withHeader(init, () => callHeader(options)),
        options as CallOptions,
      );
  // The client's other members (`batch`, `raw`, `request`, `baseUrl`) are read through it as they are.
  const view = Object.create(api, {
    get: { value: call('get') },
    post: { value: call('post') },
    patch: { value: call('patch') },
    delete: { value: call('delete') },
    list: {
      value: (path: never, style: never, init: UntypedInit, options?: Options) =>
        calls.list(
          path,
          style,
          withHeader(init, () => listHeader(options)),
          options as ListOptions,
        ),
    },
  });
  return Object.freeze(view) as AccessApi;
}

/** The init with the header added, built inside the call. */
function withHeader(init: UntypedInit, header: () => object): () => object {
  return () => {
    const parts = (typeof init === 'function' ? init() : init) as { header?: object };
    return { ...parts, header: { ...parts.header, ...header() } };
  };
}

/** The header of one call: the caller's `correlationId`, checked; none without one. */
function callHeader(options: Options | undefined): Record<string, string> {
  const id = correlationIdOf(options);
  return id === undefined ? {} : { [CORRELATION_HEADER]: id };
}

/**
 * The header of every page of a listing: the caller's `correlationId`, or the `x-correlation_id`
 * of its `headers` (sent by the runtime as given), or a fresh UUID shared by the listing's pages.
 */
function listHeader(options: Options | undefined): Record<string, string> {
  const given = callHeader(options);
  if (CORRELATION_HEADER in given) return given;
  const inHeaders = Object.keys(options?.headers ?? {}).some(
    (name) => name.toLowerCase() === CORRELATION_HEADER,
  );
  return inHeaders ? {} : { [CORRELATION_HEADER]: globalThis.crypto.randomUUID() };
}

function correlationIdOf(options: Options | undefined): string | undefined {
  const id = options?.correlationId;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || id.trim() === '')
    throw new ValidationError('correlationId', 'must be a non-empty string');
  assertHeaderValue(id, 'correlationId');
  return id;
}
