// `xid api` parameters, as `gh api` takes them: `--field key=value` (typed: `true`, `false`,
// `null` and integers become JSON values, `@file` reads the value from a file and `@-` from stdin)
// and `--raw-field key=value` (always a string). Keys nest with brackets: `user[name]=ada` sets
// `{user: {name: "ada"}}` and `ids[]=a` appends to an array.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { readAll } from '../invoke/read-input.js';

/** One `--field` or `--raw-field` as typed. */
export interface FieldArgument {
  readonly text: string;
  /** `--raw-field`: the value is a string as written. */
  readonly raw: boolean;
}

const INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * The JSON value of a `--field` value, as gh types it: `true`, `false`, `null`, integers (within
 * the safe range, so nothing is rounded), `@file`/`@-` the file's text; anything else a string.
 */
export async function typedValue(value: string, stdin: Readable): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (INTEGER.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  if (value === '@-') return readAll(stdin);
  if (value.startsWith('@')) {
    try {
      return readFileSync(value.slice(1), 'utf8');
    } catch (error) {
      throw new CliError(
        EXIT.usage,
        `--field: cannot read ${value.slice(1)}: ${(error as Error).message}`,
      );
    }
  }
  return value;
}

/** The key's path: `user[name]` -> `['user', 'name']`, `ids[]` -> `['ids', '']` (append). */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match)
    throw new CliError(EXIT.usage, `--field: "${key}" is not a key (name, name[sub] or name[])`);
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  if (rest.slice(0, -1).includes(''))
    throw new CliError(EXIT.usage, `--field: "${key}": [] may only end a key`);
  return [match[1]!, ...rest];
}

function set(target: Record<string, unknown>, path: string[], value: unknown, key: string): void {
  let at = target;
  for (const [i, part] of path.entries()) {
    const last = i === path.length - 1;
    const next = path[i + 1];
    if (last) {
      if (part === '') throw new CliError(EXIT.usage, `--field: "${key}": [] needs a name`);
      at[part] = value;
      return;
    }
    if (next === '') {
      const list = at[part] ?? [];
      if (!Array.isArray(list))
        throw new CliError(EXIT.usage, `--field: "${key}" appends to a key that is not a list`);
      list.push(value);
      at[part] = list;
      return;
    }
    const child = at[part] ?? {};
    if (child === null || typeof child !== 'object' || Array.isArray(child))
      throw new CliError(EXIT.usage, `--field: "${key}" nests under a key that is not an object`);
    at[part] = child;
    at = child as Record<string, unknown>;
  }
}

/**
 * The object the fields build, in the order given (a later key replaces an earlier one, `[]`
 * appends).
 * @throws CliError (usage) for a field without `=`, a malformed key, or an unreadable `@file`.
 */
export async function fieldsObject(
  fields: readonly FieldArgument[],
  stdin: Readable,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const { text, raw } of fields) {
    const eq = text.indexOf('=');
    if (eq <= 0)
      throw new CliError(
        EXIT.usage,
        `${raw ? '--raw-field' : '--field'} "${text}" must be key=value`,
      );
    const key = text.slice(0, eq);
    const value = text.slice(eq + 1);
    set(out, keyPath(key), raw ? value : await typedValue(value, stdin), key);
  }
  return out;
}
