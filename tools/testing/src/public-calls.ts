// Every public call of a client's resource tree, found by walking it: the methods of each resource
// (its class's prototype chain) and the resources it holds (its properties and getters). Methods
// that open a scope (`realm(id)`, `roles(serverId)`) are named by the caller, who says which
// argument opens it, and the scope is walked too. `raw` (openapi-fetch's client) is not walked.

/** One public call: its path from the client (`realm.groups.list`) and the bound method. */
export interface PublicCall {
  readonly path: string;
  readonly call: (...args: unknown[]) => unknown;
}

/** What the walk skips and how it opens scopes. */
export interface WalkOptions {
  /** The scopes opened by a method, by path: `{ realm: ['r-1'] }`. Walked, not listed as calls. */
  readonly scopes?: Readonly<Record<string, readonly unknown[]>>;
  /** Paths not walked (`raw`, `request`). */
  readonly skip?: readonly string[];
  /**
   * Member names not walked anywhere: a resource's protected helpers (`at`, `path`), which
   * JavaScript cannot tell from its public methods. `api`, `calls`, `scope`, `raw`, `request`,
   * `toJSON` and `toString` are never walked.
   */
  readonly internal?: readonly string[];
}

/** Every public method under `root`, scopes opened as `options.scopes` says. */
export function publicCalls(root: object, options: WalkOptions = {}): PublicCall[] {
  const out: PublicCall[] = [];
  const skip = new Set(options.skip ?? []);
  const internal = new Set([...INTERNAL, ...(options.internal ?? [])]);
  const seen = new Set<object>();
  const walk = (node: object, prefix: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const name of memberNames(node)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (skip.has(path) || internal.has(name)) continue;
      const value = (node as Record<string, unknown>)[name];
      if (typeof value === 'function') {
        const bound = (...args: unknown[]) =>
          (value as (...a: unknown[]) => unknown).apply(node, args);
        const opens = options.scopes?.[path];
        if (opens) walk(bound(...opens) as object, path);
        else out.push({ path, call: bound });
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value))
        walk(value, path);
    }
  };
  walk(root, '');
  return out;
}

// The shared client a resource holds (walked as the client's own, not the resource's) and the
// inspection helpers.
const INTERNAL = ['api', 'calls', 'scope', 'raw', 'request', 'toJSON', 'toString'];

// Own and inherited names, without Object's own members, constructors and symbols.
function memberNames(node: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = node; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const name of Object.getOwnPropertyNames(o))
      if (name !== 'constructor' && !name.startsWith('_')) names.add(name);
  return [...names];
}
