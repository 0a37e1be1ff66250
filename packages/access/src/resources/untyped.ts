// The typed runtime client seen without its path map, for the helpers that serve many resources
// (`CrudResource`, `changeIds`). Their paths are checked against the path map's keys (`ApiPath`),
// their bodies by each resource's own input types, and every call by the contract tests against
// the spec; typing each call through a generic path would instead cost every consumer's type
// check. Resources themselves call the typed client.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import type { PagingStyle } from '@x/runtime/internal';
import type { AccessApi, AccessApiPaths } from '../api.js';

/** A path of the management API. */
export type ApiPath = Extract<keyof AccessApiPaths, string>;

/** A call's init: `{ path, query, body }`, or a function that builds it inside the call. */
export type UntypedInit = object | (() => object);

/** The typed client's one-liners, taking any path of the spec. */
export interface UntypedCalls {
  get(path: ApiPath, init: UntypedInit, options?: CallOptions): ApiPromise<unknown>;
  post(path: ApiPath, init: UntypedInit, options?: CallOptions): ApiPromise<unknown>;
  patch(path: ApiPath, init: UntypedInit, options?: CallOptions): ApiPromise<unknown>;
  delete(path: ApiPath, init: UntypedInit, options?: CallOptions): ApiPromise<unknown>;
  list(
    path: ApiPath,
    style: PagingStyle<unknown, unknown>,
    init: UntypedInit,
    options?: ListOptions,
  ): Paginator<unknown, unknown>;
}

/** The same client, its calls taking any path. */
export function untyped(api: AccessApi): UntypedCalls {
  return api as unknown as UntypedCalls;
}
