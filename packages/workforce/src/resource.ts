// The resources that share their calls, described once: native users and groups are
// `class X extends crudResource(DESCRIPTION)` (create, get, update, delete, list), SCIM users and
// groups `class X extends scimResource(DESCRIPTION)` (create, get, patch, delete, list). A
// description names the collection and item paths, builds the checked bodies and the list query,
// and says how the list pages; what a resource adds it writes itself over `this.api`.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import type { PagingStyle } from '@x/runtime/internal';
import type { WorkforceApi } from './api.js';
import { type ApiPath, type UntypedCalls, untyped } from './untyped.js';

/** Where a resource is: its collection (POST creates, GET lists) and one item (GET, PATCH, DELETE). */
export interface ResourcePaths {
  readonly collection: ApiPath;
  readonly item: ApiPath;
}

/** What a resource's calls send, and how its list reads. */
export interface Description<X, XCreate, XChange, XList, Params> {
  /** The create body as sent, after the checks. */
  createBody(input: XCreate): object;
  /** The PATCH body as sent, after the checks: the changed fields, or SCIM operations. */
  changeBody(change: XChange): object;
  /** The list's first query as sent, after the checks (it says where the list starts). */
  listQuery(params: Params | undefined): object;
  /** How the list's pages read. */
  readonly pages: PagingStyle<XList, X>;
}

/**
 * Create, get, delete and list of one resource. The id in a path is checked by the runtime before
 * sending (a blank id is a ValidationError naming it, for example `userId`).
 */
class Resource<X, XCreate, XChange, XList, Params extends object> {
  /** @internal The typed client, for what a resource adds. */
  protected readonly api: WorkforceApi;
  /** @internal The same client without its path map, for the described calls. */
  protected readonly calls: UntypedCalls;
  readonly #paths: ResourcePaths;
  readonly #description: Description<X, XCreate, XChange, XList, Params>;
  readonly #id: string;

  /** @internal */
  constructor(
    api: WorkforceApi,
    paths: ResourcePaths,
    description: Description<X, XCreate, XChange, XList, Params>,
  ) {
    this.api = api;
    this.calls = untyped(api);
    this.#paths = paths;
    this.#description = description;
    // The item's id parameter ends its path: `user_id` of `/v2/users/{user_id}`.
    this.#id = /\{(\w+)\}$/.exec(paths.item)?.[1] ?? 'id';
  }

  /**
   * Creates one and returns it as the platform stored it.
   * @throws ValidationError naming the field (`user.email_address`), before anything is sent;
   * BadRequestError (with `fieldViolations`, or `scim.scimType`) when the platform refuses a
   * value; ConflictError when it conflicts with an existing one (a group's name is unique).
   */
  create(input: XCreate, options?: CallOptions): ApiPromise<X> {
    const { createBody } = this.#description;
    return this.calls.post<X>(this.#paths.collection, () => ({ body: createBody(input) }), options);
  }

  /**
   * Returns one by its id.
   * @throws NotFoundError (with `resourceInfo`, or `scim.detail`) when there is no such one.
   */
  get(id: string, options?: CallOptions): ApiPromise<X> {
    return this.calls.get<X>(this.#paths.item, () => this.at(id), options);
  }

  /**
   * Deletes one (a SCIM resource is deprovisioned).
   * @throws NotFoundError when there is no such one.
   */
  delete(id: string, options?: CallOptions): ApiPromise<void> {
    return this.calls.delete(this.#paths.item, () => this.at(id), options);
  }

  /**
   * Lists them: `await` it for the first page, `for await` for every item, `.pages()` for every
   * page. The start is `skip` (native lists) or `startIndex` (SCIM lists); `pageSize` (or SCIM
   * `count`) is 1 to 1000, default 100.
   * @throws ValidationError (the list rejects when awaited or iterated) when a parameter is out of range.
   */
  list(params?: Params, options?: ListOptions): Paginator<X, XList> {
    const { pages, listQuery } = this.#description;
    const init = () => ({ query: listQuery(params) });
    return this.calls.list(this.#paths.collection, pages, init, options);
  }

  /** @internal A PATCH of one item with the change's body. */
  protected change(id: string, change: XChange, options: CallOptions | undefined): ApiPromise<X> {
    const { changeBody } = this.#description;
    const init = () => ({ ...this.at(id), body: changeBody(change) });
    return this.calls.patch<X>(this.#paths.item, init, options);
  }

  /** @internal The path parameters of one item. */
  protected at(id: string): { path: Record<string, string> } {
    return { path: { [this.#id]: id } };
  }
}

/** Create, get, update, delete and list of one native `/v2` resource. */
export class CrudResource<X, XCreate, XUpdate, XList, Params extends object> extends Resource<
  X,
  XCreate,
  XUpdate,
  XList,
  Params
> {
  /**
   * Changes the fields given (a partial update; read-only fields are left out) and returns the
   * result.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError when there
   * is no such one; ConflictError when the change conflicts with an existing one.
   */
  update(id: string, changes: XUpdate, options?: CallOptions): ApiPromise<X> {
    return this.change(id, changes, options);
  }
}

/** Create, get, patch, delete and list of one SCIM resource (RFC 7644). */
export class ScimResource<X, XCreate, Operation, XList, Params extends object> extends Resource<
  X,
  XCreate,
  readonly Operation[],
  XList,
  Params
> {
  /**
   * Changes it with PATCH operations (RFC 7644 section 3.5.2), checked against the platform's
   * rules before sending. Not atomic: a request with several operations can be partly applied.
   * @throws ValidationError naming the operation (`operations[1].op`), before anything is sent;
   * NotFoundError (with `scim.detail`) when there is no such one.
   */
  patch(id: string, operations: readonly Operation[], options?: CallOptions): ApiPromise<X> {
    return this.change(id, operations, options);
  }
}

/**
 * The base class of a native resource, typed by its description:
 * `class Users extends crudResource(PATHS, { ...native('user', FIELDS), pages })`.
 */
export function crudResource<X, XCreate, XUpdate, XList, Params extends object>(
  paths: ResourcePaths,
  description: Description<X, XCreate, XUpdate, XList, Params>,
): new (
  api: WorkforceApi,
) => CrudResource<X, XCreate, XUpdate, XList, Params> {
  return class extends CrudResource<X, XCreate, XUpdate, XList, Params> {
    constructor(api: WorkforceApi) {
      super(api, paths, description);
    }
  };
}

/**
 * The base class of a SCIM resource, typed by its description:
 * `class ScimUsers extends scimResource(PATHS, { ...scim(userBody, ops), pages })`.
 */
export function scimResource<X, XCreate, Operation, XList, Params extends object>(
  paths: ResourcePaths,
  description: Description<X, XCreate, readonly Operation[], XList, Params>,
): new (
  api: WorkforceApi,
) => ScimResource<X, XCreate, Operation, XList, Params> {
  return class extends ScimResource<X, XCreate, Operation, XList, Params> {
    constructor(api: WorkforceApi) {
      super(api, paths, description);
    }
  };
}
