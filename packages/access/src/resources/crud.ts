// A family A resource with create, list, get, update and delete, described once. Realms, groups,
// identities, resource servers and roles (and any realm resource of the same shape) are
// `class X extends crudResource(DESCRIPTION)`: the description names the two paths, builds the
// checked bodies and list query, and says how pages read. What a resource adds (members, actions)
// it writes itself over the typed client, as one-liners.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import type { PagingStyle, ParamTable } from '@x/runtime/internal';
import type { AccessApi } from '../api.js';
import { type BodyFields, checkBody } from '../checks.js';
import { type ApiPath, type UntypedCalls, untyped } from './untyped.js';

/** How one CRUD resource is reached and what its calls send. */
export interface CrudDescription<X, XCreate, XUpdate, XList, Params> {
  /** The collection (POST creates, GET lists) and one item (GET, PATCH, DELETE). */
  readonly paths: readonly [collection: ApiPath, item: ApiPath];
  /** The create body as sent, after the checks (`{ group: { … } }`). */
  createBody(input: XCreate): object;
  /** The update body as sent, after the checks. */
  updateBody(changes: XUpdate): object;
  /** The list's parameters: their wire names and 0.2's aliases. */
  readonly params: ParamTable;
  /** The list's first query as sent, after the checks (params under their wire names). */
  listQuery(params: Params): object;
  /** How the list's pages read. */
  readonly pages: PagingStyle<XList, X>;
  /**
   * Request headers that every call sends from its options (the correlation id), built inside
   * the call: `call` for one call, `list` once for all the pages of a listing.
   */
  readonly headers?:
    | {
        call(options: CallOptions | undefined): object;
        list(options: ListOptions | undefined): object;
      }
    | undefined;
}

/**
 * The create and update bodies of a resource sent under its wrapper key (`{ group: … }`), each
 * checked against `fields` and named `<key>.<field>` in errors.
 */
export function wrapped<XCreate, XUpdate>(
  key: string,
  fields: BodyFields,
): Pick<CrudDescription<unknown, XCreate, XUpdate, unknown, unknown>, 'createBody' | 'updateBody'> {
  const body = (value: unknown) => ({ [key]: checkBody(value, fields, key) });
  return { createBody: body, updateBody: body };
}

/** What a CRUD resource is built with: the client and its parent's path parameters. */
export interface CrudScope {
  readonly api: AccessApi;
  readonly path: object;
}

/**
 * The five calls of a CRUD resource, each given the parent's path parameters: a resource of the
 * realm passes the realm's, a child resource its parent's (`{ …realm, resource_server_id }`).
 */
class CrudCalls<X, XCreate, XUpdate, XList, Params extends object, XCreated> {
  readonly #api: AccessApi;
  readonly #calls: UntypedCalls;
  readonly #crud: CrudDescription<X, XCreate, XUpdate, XList, Params>;
  readonly #id: string;

  constructor(api: AccessApi, crud: CrudDescription<X, XCreate, XUpdate, XList, Params>) {
    this.#api = api;
    this.#calls = untyped(api);
    this.#crud = crud;
    // The item's id parameter is the last one of its path: `group_id` of `…/groups/{group_id}`.
    this.#id = /\{(\w+)\}$/.exec(crud.paths[1])?.[1] ?? 'id';
  }

  create(parent: object, input: XCreate, options?: CallOptions): ApiPromise<XCreated> {
    const body = () => this.#crud.createBody(input);
    return this.#calls.post<XCreated>(
      this.#crud.paths[0],
      this.#init(options, parent, body),
      options,
    );
  }

  get(parent: object, id: string, options?: CallOptions): ApiPromise<X> {
    const init = this.#init(options, this.#pathOf(parent, id));
    return this.#calls.get<X>(this.#crud.paths[1], init, options);
  }

  update(parent: object, id: string, changes: XUpdate, options?: CallOptions): ApiPromise<X> {
    const body = () => this.#crud.updateBody(changes);
    const init = this.#init(options, this.#pathOf(parent, id), body);
    return this.#calls.patch<X>(this.#crud.paths[1], init, options);
  }

  delete(parent: object, id: string, options?: CallOptions): ApiPromise<void> {
    const init = this.#init(options, this.#pathOf(parent, id));
    return this.#calls.delete(this.#crud.paths[1], init, options);
  }

  list(parent: object, params: Params, options?: ListOptions): Paginator<X, XList> {
    const { paths, pages, listQuery, headers, params: names } = this.#crud;
    const init = () => ({
      path: parent,
      query: listQuery(this.#api.wireParams(params, names)),
      header: headers?.list(options),
    });
    return this.#calls.list(paths[0], pages, init, options);
  }

  /** The path parameters of one item: the parent's and the item's id. */
  #pathOf(parent: object, id: string): object {
    return { ...parent, [this.#id]: id };
  }

  /** A call's init, built inside the call: its path, its body and the description's headers. */
  #init(options: CallOptions | undefined, path: object, body?: () => object): () => object {
    const { headers } = this.#crud;
    return () => ({ path, body: body?.(), header: headers?.call(options) });
  }
}

/**
 * Create, list, get, update and delete of one family A resource. The id in a path is checked by
 * the runtime before sending (a blank id is a ValidationError naming it, for example `groupId`).
 */
export class CrudResource<
  X,
  XCreate,
  XUpdate,
  XList,
  Params extends object,
  Scope extends CrudScope = CrudScope,
  /** What a create answers, when it differs from what a get answers. */
  XCreated = X,
> {
  readonly #crud: CrudCalls<X, XCreate, XUpdate, XList, Params, XCreated>;

  /** @internal */
  constructor(
    /** @internal The client and the parent's path parameters, for what a resource adds. */
    protected readonly scope: Scope,
    crud: CrudDescription<X, XCreate, XUpdate, XList, Params>,
  ) {
    this.#crud = new CrudCalls(scope.api, crud);
  }

  /**
   * Creates one and returns it as the platform stored it.
   * @throws ValidationError naming the field (`group.display_name`), before anything is sent;
   * BadRequestError when the platform refuses a value; ConflictError when it conflicts with an
   * existing one; NotFoundError when the realm does not exist.
   */
  create(input: XCreate, options?: CallOptions): ApiPromise<XCreated> {
    return this.#crud.create(this.scope.path, input, options);
  }

  /** Returns one. @throws NotFoundError (with `resourceInfo`) when there is no such one. */
  get(id: string, options?: CallOptions): ApiPromise<X> {
    return this.#crud.get(this.scope.path, id, options);
  }

  /**
   * Changes the fields given (a partial update; read-only fields are left out) and returns the
   * result.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError when there is
   * no such one; ConflictError when the change conflicts with an existing one.
   */
  update(id: string, changes: XUpdate, options?: CallOptions): ApiPromise<X> {
    return this.#crud.update(this.scope.path, id, changes, options);
  }

  /**
   * Deletes one. Realms and groups can be deleted only without dependents.
   * @throws NotFoundError when there is no such one; ConflictError (409) while a realm has
   * identities, groups or roles, or a group has members.
   */
  delete(id: string, options?: CallOptions): ApiPromise<void> {
    return this.#crud.delete(this.scope.path, id, options);
  }

  /**
   * Lists them: `await` it for the first page, `for await` for every item; `page_token` is where
   * it starts.
   * @throws ValidationError (the list rejects when awaited or iterated) when a parameter is out of range, for example
   * `page_size` above the list's maximum.
   */
  list(params: Params = {} as Params, options?: ListOptions): Paginator<X, XList> {
    return this.#crud.list(this.scope.path, params, options);
  }
}

/**
 * Create, list, get, update and delete of a resource under a parent (the roles of a resource
 * server): every call names the parent first, `roles.get(resourceServerId, roleId)`. The ids are
 * checked by the runtime before sending (a blank one rejects, naming `resourceServerId`).
 */
export class ChildCrudResource<X, XCreate, XUpdate, XList, Params extends object> {
  readonly #crud: CrudCalls<X, XCreate, XUpdate, XList, Params, X>;
  readonly #parentId: string;

  /** @internal */
  constructor(
    /** @internal The client and the realm's path parameters, for what a resource adds. */
    protected readonly scope: CrudScope,
    crud: CrudDescription<X, XCreate, XUpdate, XList, Params>,
  ) {
    this.#crud = new CrudCalls(scope.api, crud);
    // The parent's id parameter ends the collection's path: `resource_server_id` of `…/{resource_server_id}/roles`.
    this.#parentId = /\{(\w+)\}\/[^{}]+$/.exec(crud.paths[0])?.[1] ?? 'parent_id';
  }

  /**
   * Creates one under the parent and returns it as the platform stored it.
   * @throws ValidationError naming the field (`role.display_name`), before anything is sent;
   * BadRequestError when the platform refuses a value; ConflictError when it conflicts with an
   * existing one; NotFoundError when the parent does not exist.
   */
  create(parentId: string, input: XCreate, options?: CallOptions): ApiPromise<X> {
    return this.#crud.create(this.parentPath(parentId), input, options);
  }

  /** Returns one. @throws NotFoundError (with `resourceInfo`) when there is no such one. */
  get(parentId: string, id: string, options?: CallOptions): ApiPromise<X> {
    return this.#crud.get(this.parentPath(parentId), id, options);
  }

  /**
   * Changes the fields given (a partial update) and returns the result.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError when there is
   * no such one; ConflictError when the change conflicts with an existing one.
   */
  update(parentId: string, id: string, changes: XUpdate, options?: CallOptions): ApiPromise<X> {
    return this.#crud.update(this.parentPath(parentId), id, changes, options);
  }

  /**
   * Deletes one. A role can be deleted only without scopes and members.
   * @throws NotFoundError when there is no such one; ConflictError (409) while it has dependents.
   */
  delete(parentId: string, id: string, options?: CallOptions): ApiPromise<void> {
    return this.#crud.delete(this.parentPath(parentId), id, options);
  }

  /**
   * Lists those of one parent: `await` it for the first page, `for await` for every item.
   * @throws ValidationError (the list rejects when awaited or iterated) when a parameter is out of range.
   */
  list(
    parentId: string,
    params: Params = {} as Params,
    options?: ListOptions,
  ): Paginator<X, XList> {
    return this.#crud.list(this.parentPath(parentId), params, options);
  }

  /** @internal The path parameters of the parent: the realm's and the parent's id. */
  protected parentPath(parentId: string): object {
    return { ...this.scope.path, [this.#parentId]: parentId };
  }
}

/**
 * The base class of a CRUD resource, typed by its description and the scope it is built with:
 * `class Groups extends crudResource(GROUPS)<RealmScope> { … }` (`this.scope` is then the realm's).
 */
export function crudResource<X, XCreate, XUpdate, XList, Params extends object>(
  crud: CrudDescription<X, XCreate, XUpdate, XList, Params>,
): new <Scope extends CrudScope = CrudScope>(
  scope: Scope,
) => CrudResource<X, XCreate, XUpdate, XList, Params, Scope> {
  // One class per description; the scope's type is only known where it is extended.
  return class extends CrudResource<X, XCreate, XUpdate, XList, Params> {
    constructor(scope: CrudScope) {
      super(scope, crud);
    }
  } as new <Scope extends CrudScope = CrudScope>(
    scope: Scope,
  ) => CrudResource<X, XCreate, XUpdate, XList, Params, Scope>;
}

/**
 * The base class of a CRUD resource under a parent, typed by its description:
 * `class ResourceServerRoles extends childCrudResource(ROLES) { … }`.
 */
export function childCrudResource<X, XCreate, XUpdate, XList, Params extends object>(
  crud: CrudDescription<X, XCreate, XUpdate, XList, Params>,
): new (
  scope: CrudScope,
) => ChildCrudResource<X, XCreate, XUpdate, XList, Params> {
  return class extends ChildCrudResource<X, XCreate, XUpdate, XList, Params> {
    constructor(scope: CrudScope) {
      super(scope, crud);
    }
  };
}
