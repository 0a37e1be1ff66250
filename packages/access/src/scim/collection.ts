// What a realm's SCIM users and groups have in common, described once: provision (POST), read one,
// list (filter, `count`, `startIndex`) and deprovision. `ScimUsers` and `ScimGroups` add their own
// changes (replace, patch, members) as one-liners over the same client.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { type PagingStyle, scimPaging, type UntypedCalls, untyped } from '@x/runtime/internal';
import type { AccessScimApi, AccessScimPaths } from '../api.js';
import { type ScimListParams, scimQuery } from './lists.js';

type ScimPath = Extract<keyof AccessScimPaths, string>;

/** SCIM paging: `startIndex` and `count` until `totalResults`. */
const PAGES = /* @__PURE__ */ scimPaging() as PagingStyle<unknown, unknown>;

/** How one SCIM collection is reached and what its calls send. */
export interface ScimDescription<XCreate, Filter> {
  /** The collection (`/Users`) and one resource of it (`/Users/{user_id}`). */
  readonly paths: readonly [collection: ScimPath, item: ScimPath];
  /** The body of a create (and a replace), after the checks. */
  body(resource: XCreate): object;
  /** The filter as sent; undefined when none was given. */
  filterText(filter: Filter | undefined): string | undefined;
}

/**
 * Provision, read, list and deprovision of one SCIM collection. Errors carry the SCIM error object
 * as `error.scim` (`status`, `scimType`, `detail`).
 */
export class ScimCollection<X, XList, XCreate, Filter> {
  /** The realm's SCIM client, for what a collection adds. */
  protected readonly api: AccessScimApi;
  // The SCIM client seen without its path map, as `CrudResource` sees the management API's: the
  // description's paths are keys of the map, its bodies are typed by each collection's own types.
  readonly #calls: UntypedCalls<ScimPath>;
  readonly #scim: ScimDescription<XCreate, Filter>;
  readonly #id: string;

  /** @internal */
  constructor(api: AccessScimApi, scim: ScimDescription<XCreate, Filter>) {
    this.api = api;
    this.#calls = untyped(api);
    this.#scim = scim;
    // The id's path parameter is the last one of the item's path: `user_id` of `/Users/{user_id}`.
    this.#id = /\{(\w+)\}$/.exec(scim.paths[1])?.[1] ?? 'id';
  }

  /**
   * Provisions one (RFC 7644 section 3.3).
   * @throws ValidationError naming the field (`user.userName`), before anything is sent;
   * BadRequestError (with `scim.scimType`) or ConflictError when the server refuses it.
   */
  create(resource: XCreate, options?: CallOptions): ApiPromise<X> {
    const init = () => ({ body: this.#scim.body(resource) });
    return this.#calls.post<X>(this.#scim.paths[0], init, options);
  }

  /** Returns one by its SCIM id. @throws NotFoundError with `scim.detail`. */
  get(id: string, options?: CallOptions): ApiPromise<X> {
    return this.#calls.get<X>(this.#scim.paths[1], this.#pathOf(id), options);
  }

  /**
   * Lists them, `count` at a time (default 100; the server returns none without a count):
   * `await` it for the first list response, `for await` for every resource.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `count`, `startIndex` or `filter.…`.
   */
  list(params: ScimListParams<Filter> = {}, options?: ListOptions): Paginator<X, XList> {
    const init = () => ({ query: scimQuery(params, this.#scim.filterText) });
    const pages = PAGES as PagingStyle<XList, X>;
    return this.#calls.list(this.#scim.paths[0], pages, init, options);
  }

  /** Deprovisions one (RFC 7644 section 3.6). @throws NotFoundError with `scim.detail`. */
  delete(id: string, options?: CallOptions): ApiPromise<void> {
    return this.#calls.delete(this.#scim.paths[1], this.#pathOf(id), options);
  }

  /** The init of a call of one resource by its id. */
  #pathOf(id: string): object {
    return { path: { [this.#id]: id } };
  }
}
