// An operation catalog: for each operation of a family's spec (by operationId), how to call it
// through the family's client with arguments shaped as the spec shapes them (path, query, header
// and body under their wire names). Tools that are driven by the spec (the command line, the MCP
// server) read names and schemas from the spec and call through the catalog, so they reach every
// operation with the family's own checks, paging and batching, and no second copy of its
// knowledge. Each family exports its catalog from `@x/<family>/operations`, derived from its
// spec's facts and one description per operation (`operationCatalog`, derived-catalog.ts).
import { ValidationError } from './errors.js';
import type { CallInit, DataOf } from './operation-types.js';
import type { CallOptions, ListOptions } from './options.js';
import type { Paginator } from './paginator.js';
import type { ParamTable } from './param-names.js';

/** What an operation does to the platform's state. */
export type OperationEffect =
  /** Reads only. */
  | 'read'
  /** Creates or changes something; repeating it may create a second one. */
  | 'write'
  /** Deletes, revokes or removes something; it cannot be undone. */
  | 'destructive';

/** An operation's arguments as its spec shapes them: wire names, path, query, header, body. */
export type WireArgs<O> = {
  [K in keyof CallInit<O>]-?: Exclude<CallInit<O>[K], undefined>;
};

/**
 * What a call of an operation resolves to: its response body's type from the path map, or void
 * for an empty one. Every entry's call must resolve to it, so every resource method's declared
 * result is checked against the spec, operation by operation, when the family compiles.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an empty answer's method resolves to void (`ApiPromise<void>`), which undefined would refuse
export type CatalogResult<O> = [DataOf<O>] extends [undefined] ? void : DataOf<O>;

/** The response body's members, for a method that returns one of them. */
type MemberOf<O> = keyof NonNullable<DataOf<O>> & string;

/**
 * One operation: its effect, where it lives in the client, and how to call it. Its call resolves
 * to the operation's response body (`CatalogResult`), or, where the SDK returns one member of it
 * (`passkeys.tags.get` returns the `tags` of `{ tags }`), to that member, named by `unwrap`.
 */
export type CatalogEntry<Client, O> = {
  readonly effect: OperationEffect;
  /** The resource path in the client, for names: `['users']`, `['realm', 'groups']`, `['scim', 'users']`. */
  readonly resource: readonly string[];
  /** The method's name on that resource: `create`, `list`, `addMembers`, `revoke`, … */
  readonly method: string;
} & (
  | {
      /** Calls the method; resolves to the operation's response body. */
      call(client: Client, args: WireArgs<O>, options: CallOptions): PromiseLike<CatalogResult<O>>;
      list?: undefined;
      unwrap?: undefined;
    }
  | {
      /** The member of the response body that the method returns. */
      readonly unwrap: MemberOf<O>;
      /** Calls the method; resolves to that member. */
      call(
        client: Client,
        args: WireArgs<O>,
        options: CallOptions,
      ): PromiseLike<NonNullable<DataOf<O>>[MemberOf<O>]>;
      list?: undefined;
    }
  | {
      /** A list: the method's paginator, its pages the operation's response bodies. */
      list(client: Client, args: WireArgs<O>, options: ListOptions): Paginator<unknown, DataOf<O>>;
      call?: undefined;
      unwrap?: undefined;
    }
);

/** A family's catalog: an entry for every operationId of `Operations`. */
export type OperationCatalog<Client, Operations> = {
  readonly [K in keyof Operations]: CatalogEntry<Client, Operations[K]>;
};

/**
 * A list's params from its wire query: the SDK takes a list's parameters under their wire names
 * (`table`, the description the family's list builds its query with), so they pass as they are. A
 * wire key with a value that is not in the table is refused with a ValidationError naming it,
 * before anything is sent: a parameter a newer spec added (a command-line flag, an MCP argument)
 * must fail loudly, never be dropped. An empty table refuses every query parameter (an operation
 * whose method takes none).
 * @throws ValidationError naming the first wire key the table does not hold.
 */
export function paramsFromWire<Params extends object>(
  query: object | undefined,
  table: ParamTable,
): Params {
  const params: Record<string, unknown> = {};
  const known = new Set(table.names);
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (!known.has(key))
      throw new ValidationError(
        key,
        'is a query parameter this SDK version does not send for this operation; nothing was sent',
      );
    params[key] = value;
  }
  return params as Params;
}
