// An example for each generated command's help: its positional ids and required flags, with a
// value from the spec (an example, the first enum value) or a placeholder of the right type.
import { isObject, type Json } from '../spec/schema.js';
import type { CommandSpec } from './derive.js';
import type { FlagSpec } from './flags.js';

function sample(schema: Json, name: string): string {
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  const example = schema.example ?? examples[0];
  if (typeof example === 'string' || typeof example === 'number') return String(example);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '10';
  if (schema.type === 'boolean') return 'true';
  if (schema.format === 'email' || /email/.test(name)) return 'ada@example.com';
  if (/name/.test(name)) return 'ada';
  if (/(^|_)id$/.test(name)) return 'ID';
  return 'VALUE';
}

function flagExample(flag: FlagSpec): string {
  if (flag.kind === 'time') return `--${flag.flag} 7d`;
  if (flag.kind === 'json') {
    const given =
      flag.schema.example ??
      (Array.isArray(flag.schema.examples) ? flag.schema.examples[0] : undefined);
    const value = given ?? (flag.schema.type === 'array' ? [] : {});
    return `--${flag.flag} '${JSON.stringify(value)}'`;
  }
  if (flag.kind === 'boolean') return `--${flag.flag}`;
  const value = sample(
    flag.kind === 'list' && isObject(flag.schema.items) ? flag.schema.items : flag.schema,
    flag.name,
  );
  return `--${flag.flag} ${/\s/.test(value) ? `'${value}'` : value}`;
}

/** A command line that runs `cmd`, for its help. */
export function exampleOf(cmd: CommandSpec): string {
  const parts = ['xid', cmd.family.name];
  if (cmd.contextParams.some((p) => p.name === 'realm_id')) parts.push('--realm REALM_ID');
  parts.push(...cmd.words);
  for (const { arg } of cmd.positionals) parts.push(arg.toUpperCase().replace(/-/g, '_'));
  const required = cmd.flags.filter((f) => f.required);
  const shown =
    required.length > 0 ? required : cmd.flags.filter((f) => f.location === 'body').slice(0, 2);
  for (const flag of shown) parts.push(flagExample(flag));
  if (cmd.entry.list && shown.length === 0) parts.push('--limit 50');
  if (cmd.entry.effect === 'destructive') parts.push('--yes');
  return parts.join(' ');
}
