// The typed client seen without its path map, for helpers in family packages that serve several
// resources (a shared create/get/update/delete/list over a description). Their paths are keys of
// the path map, their bodies are built by each resource's own checks into the spec's types, and
// every call is checked against the spec by the contract tests. Typing each call through a path
// that is a type parameter is beyond TypeScript (the path map's operation types cannot be
// evaluated for it) and would cost every consumer's type check; resources themselves call the
// typed client. What the cast sets aside is checked where the path is known: each family's
// operation catalog requires every method's declared result to be its operation's response body
// from the path map (`CatalogResult`), operation by operation, when the family compiles.

import type { PagingStyle } from '../paging/styles.js';
import type { ApiPromise } from './api-promise.js';
import type { ApiClient } from './client.js';
import type { CallOptions, ListOptions } from './options.js';
import type { Paginator } from './paginator.js';

/** A call's init: `{ path, query, header, body }`, or a function that builds it inside the call. */
export type UntypedInit = object | (() => object);

/**
 * The typed client's one-liners, taking any path of the spec and returning what the caller says
 * the path returns (the resource's own type, from the description it was built with).
 */
export interface UntypedCalls<Path extends string> {
  get<T>(path: Path, init: UntypedInit, options?: CallOptions): ApiPromise<T>;
  post<T>(path: Path, init: UntypedInit, options?: CallOptions): ApiPromise<T>;
  put<T>(path: Path, init: UntypedInit, options?: CallOptions): ApiPromise<T>;
  patch<T>(path: Path, init: UntypedInit, options?: CallOptions): ApiPromise<T>;
  delete(path: Path, init: UntypedInit, options?: CallOptions): ApiPromise<void>;
  list<Item, Raw>(
    path: Path,
    style: PagingStyle<Raw, Item>,
    init: UntypedInit,
    options?: ListOptions,
  ): Paginator<Item, Raw>;
}

/** The same client, its calls taking any path of the map: the one place that sets it aside. */
export function untyped<Paths extends object>(
  api: ApiClient<Paths>,
): UntypedCalls<Extract<keyof Paths, string>> {
  return api as unknown as UntypedCalls<Extract<keyof Paths, string>>;
}
