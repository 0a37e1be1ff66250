// A call's parameters go by their wire names (`page_size`, `order_by`), as the spec and the
// request spell them; 0.2 took camelCase names (`pageSize`, `orderBy`), which 0.3 still accepts
// as deprecated aliases. A family describes each call's parameters once (`paramTable`), with
// their wire names; the aliases are derived here, so every family renames the same way.
import { ValidationError } from './errors.js';

/** A call's parameters: their wire names, and each deprecated alias with the wire name it stands for. */
export interface ParamTable {
  /** The wire names, in the spec's order. */
  readonly names: readonly string[];
  /** Deprecated alias (0.2's name) → wire name. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** A deprecated alias a call was given, with the wire name that replaces it. */
export interface RenamedParam {
  readonly alias: string;
  readonly name: string;
}

/** `page_size` → `pageSize`, `groups_page_size` → `groupsPageSize`; a name without `_` is itself. */
export function camelAlias(wireName: string): string {
  return wireName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Describes a call's parameters by their wire names. Each name's camelCase form (`camelAlias`)
 * becomes its deprecated alias; `renamed` adds aliases that are not that form (0.2's `types` for
 * `type`).
 */
export function paramTable(
  names: readonly string[],
  renamed: Readonly<Record<string, string>> = {},
): ParamTable {
  const aliases = new Map<string, string>();
  for (const name of names) {
    const alias = camelAlias(name);
    if (alias !== name) aliases.set(alias, name);
  }
  for (const [alias, name] of Object.entries(renamed)) aliases.set(alias, name);
  return Object.freeze({ names: Object.freeze([...names]), aliases });
}

/**
 * The parameters under their wire names: each deprecated alias is moved to its wire name, other
 * keys are kept as given (the family's checks judge them). Anything but a plain object is returned
 * as it is, for the family's checks to refuse. `renamed` receives each alias that was used.
 * @throws ValidationError when an alias and its wire name are both given.
 */
export function toWireNames<P>(
  params: P,
  table: ParamTable,
  renamed?: (rename: RenamedParam) => void,
): P {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const given = params as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(given)) {
    const name = table.aliases.get(key);
    if (name === undefined || name === key) continue;
    out ??= { ...given };
    delete out[key];
    if (value === undefined) continue;
    if (given[name] !== undefined)
      throw new ValidationError(key, `is the deprecated name of ${name}: give only ${name}`);
    out[name] = value;
    renamed?.({ alias: key, name });
  }
  return (out ?? params) as P;
}
