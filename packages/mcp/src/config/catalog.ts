// The shape the server needs of a family's operation catalog (`@x/<family>/operations`). Each
// catalog is typed for its own client and spec; the server only ever hands an entry the client
// it was made for and arguments validated against the same spec, so it reads them loosely.
import type { CallOptions, ListOptions, Paginator } from '@x/runtime';
import type { OperationEffect } from '@x/runtime/internal';
import type { WireArguments } from '../tools/operation-input.js';

/** One catalog entry, as the server reads it (parameters are `never`: any typed entry fits). */
export interface AnyCatalogEntry {
  readonly effect: OperationEffect;
  readonly resource: readonly string[];
  readonly method: string;
  call?(client: never, args: never, options: CallOptions): Promise<unknown>;
  list?(client: never, args: never, options: ListOptions): Paginator<unknown, unknown>;
}

/** A family's catalog: an entry per operationId. */
export type AnyCatalog = Readonly<Record<string, AnyCatalogEntry>>;

/** Calls an entry's `call` with the family's client and wire arguments. */
export function callEntry(
  entry: AnyCatalogEntry,
  client: unknown,
  args: WireArguments,
  options: CallOptions,
): Promise<unknown> {
  const call = entry.call as
    | ((client: unknown, args: WireArguments, options: CallOptions) => Promise<unknown>)
    | undefined;
  if (!call) throw new TypeError('catalog entry has no call');
  return call.call(entry, client, args, options);
}

/** Calls an entry's `list` with the family's client and wire arguments. */
export function listEntry(
  entry: AnyCatalogEntry,
  client: unknown,
  args: WireArguments,
  options: ListOptions,
): Paginator<unknown, unknown> {
  const list = entry.list as
    | ((client: unknown, args: WireArguments, options: ListOptions) => Paginator<unknown, unknown>)
    | undefined;
  if (!list) throw new TypeError('catalog entry has no list');
  return list.call(entry, client, args, options);
}
