// Type-level checks of `OperationCatalog` (compiled by the package's typecheck, not run): each
// entry's call must resolve to its operation's response body from the path map (void for an
// empty one, or the member `unwrap` names), so a resource method whose declared result differs
// from the spec fails the family's build, operation by operation.
import type { OperationCatalog } from '../src/internal.js';

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
