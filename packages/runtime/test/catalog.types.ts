// Type-level checks of `OperationCatalog` (compiled by the package's typecheck, not run): each
// entry's call must resolve to its operation's response body from the path map (void for an
// empty one, or the member `unwrap` names), so a resource method whose declared result differs
// from the spec fails the family's build, operation by operation.
import { type CatalogEntry, type OperationCatalog, operationCatalog } from '../src/internal.js';

interface Tag {
  readonly id: string;
  name: string;
}
interface Item {
  readonly id: string;
  name?: string;
}

/** A path map's operations, as openapi-typescript writes them. */
interface Operations {
  getItem: {
    parameters: { path: { item_id: string } };
    responses: { 200: { content: { 'application/json': Item } } };
  };
  deleteItem: {
    parameters: { path: { item_id: string } };
    responses: { 204: { content?: never } };
  };
  getTags: {
    parameters: { path: { item_id: string } };
    responses: { 200: { content: { 'application/json': { tags?: Tag[] } } } };
  };
}

/** A client whose methods declare their results, right or wrong. */
interface Client {
  get(id: string): Promise<Item>;
  getWithoutId(id: string): Promise<{ name?: string }>;
  getAnything(id: string): Promise<unknown>;
  delete(id: string): Promise<void>;
  tags(id: string): Promise<Tag[]>;
}

const entry = { effect: 'read', resource: ['items'] } as const;

export const right: OperationCatalog<Client, Operations> = {
  getItem: { ...entry, method: 'get', call: (c, { path }) => c.get(path.item_id) },
  deleteItem: { ...entry, method: 'delete', call: (c, { path }) => c.delete(path.item_id) },
  getTags: {
    ...entry,
    method: 'tags',
    unwrap: 'tags',
    call: (c, { path }) => c.tags(path.item_id),
  },
};

export const wrong: OperationCatalog<Client, Operations> = {
  // A result that lacks a required member of the spec's response.
  // @ts-expect-error: `id` is required by the path map's Item
  getItem: { ...entry, method: 'get', call: (c, { path }) => c.getWithoutId(path.item_id) },
  deleteItem: {
    ...entry,
    method: 'delete',
    // A result the method does not type at all.
    // @ts-expect-error: unknown is not void
    call: (c, { path }) => c.getAnything(path.item_id),
  },
  // The member is returned without saying which one.
  // @ts-expect-error: Tag[] is not `{ tags?: Tag[] }`
  getTags: { ...entry, method: 'tags', call: (c, { path }) => c.tags(path.item_id) },
};

// The derived form (`operationCatalog`): a description names where the SDK method lives; the
// method must take the convention's arguments and resolve to the path map's response.
const FACTS = {
  getItem: {
    method: 'get',
    path: '/items/{item_id}',
    pathParams: ['item_id'],
    serverVariables: [],
    query: [],
    header: [],
    body: null,
  },
  deleteItem: {
    method: 'delete',
    path: '/items/{item_id}',
    pathParams: ['item_id'],
    serverVariables: [],
    query: [],
    header: [],
    body: null,
  },
  getTags: {
    method: 'get',
    path: '/items/{item_id}/tags',
    pathParams: ['item_id'],
    serverVariables: [],
    query: [],
    header: [],
    body: null,
  },
} as const;
const SHAPE = { scopes: {}, fixed: [], headerOptions: {} } as const;

/** The client as a family nests it: the methods under a resource, each taking its options last. */
interface NestedClient {
  items: {
    get(id: string, options?: object): Promise<Item>;
    getWithoutId(id: string, options?: object): Promise<{ name?: string }>;
    getAnything(id: string, options?: object): Promise<unknown>;
    delete(id: string, options?: object): Promise<void>;
    tags(id: string, options?: object): Promise<Tag[]>;
    tagsOf: { get(id: string, options?: object): Promise<Tag[]> };
    count(options?: object): Promise<Item>;
  };
}
const derive = operationCatalog<NestedClient, Operations>();

export const derivedRight: OperationCatalog<NestedClient, Operations> = derive(FACTS, SHAPE, {
  getItem: { resource: ['items'], method: 'get' },
  deleteItem: { resource: ['items'], method: 'delete' },
  getTags: { resource: ['items'], method: 'tags', sdk: 'items.tagsOf.get', unwrap: 'tags' },
});

/** An entry written by hand, typed on its own and named in the derived catalog. */
const deleteByHand: CatalogEntry<NestedClient, Operations['deleteItem']> = {
  effect: 'destructive',
  resource: ['items'],
  method: 'delete',
  call: (c, { path }) => c.items.delete(path.item_id),
};
export const mixed: OperationCatalog<NestedClient, Operations> = derive(FACTS, SHAPE, {
  getItem: { resource: ['items'], method: 'get' },
  deleteItem: deleteByHand,
  getTags: { resource: ['items'], method: 'tags', sdk: 'items.tagsOf.get', unwrap: 'tags' },
});

export const derivedWrong: OperationCatalog<NestedClient, Operations> = derive(FACTS, SHAPE, {
  // @ts-expect-error: the method resolves to `{ name?: string }`; the path map's Item has `id`
  getItem: { resource: ['items'], method: 'getWithoutId' },
  // @ts-expect-error: unknown is not void
  deleteItem: { resource: ['items'], method: 'getAnything' },
  // @ts-expect-error: `count()` takes no item id, which the path has
  getTags: { resource: ['items'], method: 'count' },
});

export const derivedElsewhere = derive(FACTS, SHAPE, {
  // @ts-expect-error: there is no `items.missing`
  getItem: { resource: ['items'], method: 'missing' },
  deleteItem: deleteByHand,
  // @ts-expect-error: the member is returned without saying which one
  getTags: { resource: ['items'], method: 'tags' },
});

export const derivedMissing = derive(
  FACTS,
  SHAPE,
  // @ts-expect-error: `deleteItem` has no entry
  {
    getItem: { resource: ['items'], method: 'get' },
    getTags: { resource: ['items'], method: 'tags', sdk: 'items.tagsOf.get', unwrap: 'tags' },
  },
);
