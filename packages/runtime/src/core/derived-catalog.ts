// A family's operation catalog derived from its spec: codegen records each operation's facts
// (`generated/operations.ts`: HTTP method, path parameters in path order, query and header names,
// the request body's members), and a family describes each operation in one line: the names of its
// command and tool, and, where they differ from those names, where its SDK method lives. The call
// follows one convention, the SDK's own (`realm.resourceServers.roles.get(resourceServerId,
// roleId, options)`):
//   the path ids in path order, less those the client fills in (`tenant_id`) and those a scope
//   method of the SDK path consumed (`realm` takes `realm_id`), then the body (its one member when
//   it has one: `{ role }` → `role`), then a list's params from the wire query, then the options
//   (with the headers the SDK takes as options). A method named `list…` returns a Paginator.
// Every entry is checked when the family compiles: the method must take exactly those arguments
// and resolve to the operation's response from the path map. What does not fit the convention is
// written by hand as a `CatalogEntry`, with its reason.
import type { CatalogEntry, CatalogResult, OperationCatalog, OperationEffect } from './catalog.js';
import { paramsFromWire } from './catalog.js';
import { ValidationError } from './errors.js';
import type { BodyOf, DataOf } from './operation-types.js';
import type { Paginator } from './paginator.js';
import { paramTable } from './param-names.js';

/** What codegen records of one operation (`generated/operations.ts`). */
export interface OperationFacts {
  /** The lower-case HTTP method. */
  readonly method: string;
  /** The path as the spec writes it. */
  readonly path: string;
  /** The path parameters, in path order. */
  readonly pathParams: readonly string[];
  /** The variables of the operation's own server, which tools give with the path parameters. */
  readonly serverVariables: readonly string[];
  /** The query parameters, in spec order. */
  readonly query: readonly string[];
  /** The header parameters, in spec order. */
  readonly header: readonly string[];
  /** The members of the JSON request body, in spec order; null when it takes none. */
  readonly body: readonly string[] | null;
}

/** What the derived calls need to know of a family's client. */
export interface ClientShape {
  /** Client methods that select a scope by an id: `{ realm: 'realm_id' }` is `client.realm(path.realm_id)`. */
  readonly scopes: Readonly<Record<string, string>>;
  /** Path parameters the client fills in itself (`tenant_id`): ignored when given. */
  readonly fixed: readonly string[];
  /** Wire headers the SDK takes as a call option: `{ 'x-correlation_id': 'correlationId' }`. */
  readonly headerOptions: Readonly<Record<string, string>>;
}

/** One derived operation: the names of its command and tool, and what is not derived. */
export interface OperationDescription {
  /** The resource path of the command and the tool: `['realm', 'roles']`. */
  readonly resource: readonly string[];
  /** The method's name in the command and the tool: `listMembers`. */
  readonly method: string;
  /**
   * Where the SDK method lives, from the client, when not at `resource` + `method`:
   * `realm.resourceServers.roles.members.list`.
   */
  readonly sdk?: string;
  /** Given where the HTTP method does not tell it (GET reads, DELETE destroys, others write). */
  readonly effect?: OperationEffect;
  /** The member of the body the method takes, where the body has more than one. */
  readonly body?: string;
  /** The member of the response the method returns (see `CatalogEntry`). */
  readonly unwrap?: string;
}

/** The effect an HTTP method implies: GET reads, DELETE destroys, anything else writes. */
export function effectOf(httpMethod: string): OperationEffect {
  const method = httpMethod.toLowerCase();
  return method === 'get' ? 'read' : method === 'delete' ? 'destructive' : 'write';
}

type Wire = {
  path?: Record<string, unknown>;
  query?: object;
  header?: Record<string, unknown>;
  body?: unknown;
};
type AnyMethod = (...args: unknown[]) => unknown;

/**
 * The entry of one operation from its facts and its description (see the file's header). Typed
 * loosely: `operationCatalog` checks each description against the client and the path map.
 */
export function deriveEntry(
  facts: OperationFacts,
  shape: ClientShape,
  description: OperationDescription,
): CatalogEntry<unknown, unknown> {
  const sdk = (description.sdk ?? [...description.resource, description.method].join('.')).split(
    '.',
  );
  const verb = sdk.pop()!;
  const consumed = new Set(
    sdk.flatMap((s) => (Object.hasOwn(shape.scopes, s) ? [shape.scopes[s]] : [])),
  );
  const ids = facts.pathParams.filter((n) => !shape.fixed.includes(n) && !consumed.has(n));
  const members = facts.body ?? [];
  const member = description.body ?? (members.length === 1 ? members[0] : undefined);
  const isList = verb.startsWith('list');
  const accepted = paramTable(isList ? facts.query : []);
  const takesParams = isList && facts.query.length > 0;

  const target = (client: unknown, path: Record<string, unknown>) => {
    let at = client as Record<string, unknown>;
    for (const segment of sdk) {
      const next = at[segment];
      const scopeId = Object.hasOwn(shape.scopes, segment) ? shape.scopes[segment] : undefined;
      at = (scopeId === undefined ? next : (next as AnyMethod).call(at, path[scopeId])) as Record<
        string,
        unknown
      >;
    }
    return at;
  };
  const argsOf = ({ path = {}, query: wireQuery, body }: Wire) => {
    const args: unknown[] = ids.map((name) => path[name]);
    if (members.length > 0)
      args.push(
        member === undefined ? body : (body as Record<string, unknown> | undefined)?.[member],
      );
    // A call takes no query parameter: any given is refused by name, as a list's unknown ones.
    const params = paramsFromWire(wireQuery, accepted);
    if (takesParams) args.push(params);
    return args;
  };
  const optionsOf = <O extends object>(header: Record<string, unknown> | undefined, options: O) => {
    let out = options;
    for (const [name, value] of Object.entries(header ?? {})) {
      if (value === undefined) continue;
      const option = facts.header.includes(name) ? shape.headerOptions[name] : undefined;
      if (option === undefined)
        throw new ValidationError(
          name,
          'is a header this SDK version does not send for this operation; nothing was sent',
        );
      out = { ...out, [option]: value };
    }
    return out;
  };
  const invoke = (client: unknown, wire: Wire, options: object) => {
    const on = target(client, wire.path ?? {});
    return (on[verb] as AnyMethod).call(on, ...argsOf(wire), optionsOf(wire.header, options));
  };

  const names = {
    effect: description.effect ?? effectOf(facts.method),
    resource: description.resource,
    method: description.method,
  };
  if (isList) return { ...names, list: invoke } as unknown as CatalogEntry<unknown, unknown>;
  const call = (client: unknown, wire: Wire, options: object) => {
    try {
      return invoke(client, wire, options);
    } catch (error) {
      // Bad input rejects the call, as the SDK's own calls do; nothing was sent.
      return Promise.reject(error);
    }
  };
  return {
    ...names,
    ...(description.unwrap === undefined ? {} : { unwrap: description.unwrap }),
    call,
  } as unknown as CatalogEntry<unknown, unknown>;
}

// The compile-time check of a description: what the derived call passes and expects.

/** A description that fails its check: the property that is missing names the problem. */
type Problem<Message extends string> = { readonly [K in Message]: true };

type Split<S extends string> = S extends `${infer Head}.${infer Rest}`
  ? [Head, ...Split<Rest>]
  : [S];
type SdkPath<D> = D extends { readonly sdk: infer S extends string }
  ? Split<S>
  : D extends {
        readonly resource: infer R extends readonly string[];
        readonly method: infer M extends string;
      }
    ? [...R, M]
    : never;
type Init<T extends readonly string[]> = T extends readonly [...infer I extends string[], string]
  ? I
  : [];
type Last<T extends readonly string[]> = T extends readonly [...string[], infer L extends string]
  ? L
  : never;

/** The object at `path` from the client, scope methods called (`realm` → `realm(id)`'s result). */
type Walk<T, Path extends readonly string[], Scopes> = Path extends readonly [
  infer Head extends string,
  ...infer Rest extends string[],
]
  ? Head extends keyof T
    ? Walk<
        Head extends keyof Scopes ? (T[Head] extends (id: string) => infer S ? S : never) : T[Head],
        Rest,
        Scopes
      >
    : undefined
  : T;

/** The names of `names` but those in `Drop`, each as the string it is passed as. */
type Ids<Names extends readonly string[], Drop> = Names extends readonly [
  infer Head,
  ...infer Rest extends readonly string[],
]
  ? Head extends Drop
    ? Ids<Rest, Drop>
    : [string, ...Ids<Rest, Drop>]
  : [];

type WireBody<O> = BodyOf<O>;
type BodyArg<O, F extends OperationFacts, D> = F['body'] extends null | readonly []
  ? []
  : D extends { readonly body: infer M extends string }
    ? [NonNullable<WireBody<O>>[M & keyof NonNullable<WireBody<O>>]]
    : F['body'] extends readonly [infer One extends string]
      ? [NonNullable<WireBody<O>>[One & keyof NonNullable<WireBody<O>>]]
      : [NonNullable<WireBody<O>>];

type IsList<D> = Last<SdkPath<D>> extends `list${string}` ? true : false;
/** The arguments before the options, as the derived call passes them (a list's params: any). */
type Lead<O, F extends OperationFacts, D, Shape extends ClientShape> = [
  ...Ids<
    F['pathParams'],
    Shape['fixed'][number] | Shape['scopes'][Init<SdkPath<D>>[number] & keyof Shape['scopes']]
  >,
  ...BodyArg<O, F, D>,
  // biome-ignore lint/suspicious/noExplicitAny: the params are whatever the method declares; paramsFromWire reads them from the wire query
  ...(IsList<D> extends true ? (F['query'] extends readonly [] ? [] : [any]) : []),
];
type Result<O, D> =
  IsList<D> extends true
    ? Paginator<unknown, DataOf<O>>
    : D extends { readonly unwrap: infer U extends string }
      ? PromiseLike<NonNullable<DataOf<O>>[U & keyof NonNullable<DataOf<O>>]>
      : PromiseLike<CatalogResult<O>>;

/** unknown when the description's SDK method fits the operation, else the Problem it has. */
export type DescriptionCheck<Client, O, F extends OperationFacts, D, Shape extends ClientShape> =
  Walk<Client, Init<SdkPath<D>>, Shape['scopes']> extends infer On
    ? Last<SdkPath<D>> extends keyof On
      ? On[Last<SdkPath<D>>] extends (...args: infer A) => infer R
        ? Required<A> extends [...infer Front, unknown]
          ? [Lead<O, F, D, Shape>] extends [Front]
            ? [R] extends [Result<O, D>]
              ? unknown
              : Problem<'the SDK method does not resolve to the response of the path map'>
            : Problem<'the SDK method does not take the path ids, the body and the params of the convention, then the options'>
          : Problem<'the SDK method takes no options'>
        : Problem<'the SDK path does not end at a method'>
      : Problem<'the SDK path does not lead to the method'>
    : never;

/**
 * A family's catalog builder: `operationCatalog<Client, Operations>()(facts, shape, entries)`.
 * `entries` names every operation, in the order tools list them: a description, from which the
 * entry is derived (checked against the client and the path map when the family compiles), or a
 * `CatalogEntry` written by hand (declared beforehand, so that it is typed on its own).
 */
export function operationCatalog<Client, Operations>() {
  return <
    const Facts extends { readonly [K in keyof Operations]: OperationFacts },
    const Shape extends ClientShape,
    const Entries extends { readonly [K in keyof Operations]?: object },
  >(
    facts: Facts,
    shape: Shape,
    entries: Entries & {
      readonly [K in keyof Entries]: K extends keyof Operations
        ? Entries[K] extends { readonly call: unknown } | { readonly list: unknown }
          ? CatalogEntry<Client, Operations[K]>
          : DescriptionCheck<Client, Operations[K], Facts[K], Entries[K], Shape>
        : Problem<'not an operation of the spec'>;
    } & {
      // Every operation has an entry: a missing one is a missing property, by its operationId.
      readonly [K in Exclude<keyof Operations, keyof Entries>]: CatalogEntry<Client, Operations[K]>;
    },
  ): OperationCatalog<Client, Operations> => {
    const out: Record<string, unknown> = {};
    const all = facts as Readonly<Record<string, OperationFacts>>;
    for (const [id, entry] of Object.entries(entries as Readonly<Record<string, object>>)) {
      const byHand = 'call' in entry || 'list' in entry;
      out[id] = byHand ? entry : deriveEntry(all[id]!, shape, entry as OperationDescription);
    }
    return out as OperationCatalog<Client, Operations>;
  };
}
