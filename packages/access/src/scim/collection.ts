// What a realm's SCIM users and groups have in common, described once: provision (POST), read one,
// list (filter, `count`, `startIndex`) and deprovision. `ScimUsers` and `ScimGroups` add their own
// changes (replace, patch, members) as one-liners over the same client.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { type PagingStyle, scimPaging } from '@x/runtime/internal';
import type { AccessScimApi, AccessScimPaths } from '../api.js';
import { type ScimListParams, scimQuery } from './lists.js';

type ScimPath = Extract<keyof AccessScimPaths, string>;
type Init = object | (() => object);

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

// The SCIM client seen without its path map, as `CrudResource` sees the management API's: the
// description's paths are keys of the map, its bodies are typed by each collection's own types.
type Send = (path: ScimPath, init: Init, options?: CallOptions) => ApiPromise<unknown>;
type List = (
  path: ScimPath,
  style: PagingStyle<unknown, unknown>,
  init: Init,
  options?: ListOptions,
) => Paginator<unknown, unknown>;

/**
 * Provision, read, list and deprovision of one SCIM collection. Errors carry the SCIM error object
 * as `error.scim` (`status`, `scimType`, `detail`).
 */
export class ScimCollection<X, XList, XCreate, Filter> {
  /** The realm's SCIM client, for what a collection adds. */
  protected readonly api: AccessScimApi;
  readonly #scim: ScimDescription<XCreate, Filter>;
  readonly #id: string;

  /** @internal */
  constructor(api: AccessScimApi, scim: ScimDescription<XCreate, Filter>) {
    this.api = api;
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
    const post = this.api.post as unknown as Send;
    const init = () => ({ body: this.#scim.body(resource) });
    return post(this.#scim.paths[0], init, options) as ApiPromise<X>;
  }

  /** Returns one by its SCIM id. @throws NotFoundError with `scim.detail`. */
  get(id: string, options?: CallOptions): ApiPromise<X> {
    return this.#one(this.api.get, id, options) as ApiPromise<X>;
  }

  /**
   * Lists them, `count` at a time (default 100; the server returns none without a count):
   * `await` it for the first list response, `for await` for every resource.
   * @throws ValidationError (synchronously) naming `count`, `startIndex` or `filter.…`.
   */
  list(params: ScimListParams<Filter> = {}, options?: ListOptions): Paginator<X, XList> {
    const list = this.api.list as unknown as List;
    const init = () => ({ query: scimQuery(params, this.#scim.filterText) });
    return list(this.#scim.paths[0], PAGES, init, options) as Paginator<X, XList>;
  }

  /** Deprovisions one (RFC 7644 section 3.6). @throws NotFoundError with `scim.detail`. */
  delete(id: string, options?: CallOptions): ApiPromise<void> {
    return this.#one(this.api.delete, id, options) as ApiPromise<void>;
  }

  /** A call of one resource by its id. */
  #one(method: unknown, id: string, options: CallOptions | undefined): ApiPromise<unknown> {
    return (method as Send)(this.#scim.paths[1], { path: { [this.#id]: id } }, options);
  }
}
