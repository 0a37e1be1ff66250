// The command tree of a family, derived from its operation catalog and its spec: one command per
// operationId, at `<resource words…> <verb>`. The catalog names the resource path and the method
// (`['scim', 'users']`, `list`), the spec gives the path parameters (positional ids), the query
// and body fields (flags) and their schemas (checks, help, examples).
import { specDocument } from '@x/specs';
import type { LooseEntry } from '../catalog.js';
import type { Family } from '../families.js';
import { commandOperations, type OperationSpec, type ParameterSpec } from '../spec/operations.js';
import { flatSchema, type Json } from '../spec/schema.js';
import { type FlagSpec, flagsOf } from './flags.js';
import { kebab } from './names.js';

/** A positional argument: a path parameter the command takes in order. */
export interface PositionalSpec {
  /** `user-id` */
  readonly arg: string;
  readonly param: ParameterSpec;
}

/** One generated command. */
export interface CommandSpec {
  readonly family: Family;
  /** The words after the family: resource words, then the verb (`['users', 'list']`). */
  readonly words: readonly string[];
  readonly operationId: string;
  readonly entry: LooseEntry;
  readonly op: OperationSpec;
  readonly positionals: readonly PositionalSpec[];
  /** Path parameters filled from the family's context (`tenant_id`, `realm_id`). */
  readonly contextParams: readonly ParameterSpec[];
  readonly flags: readonly FlagSpec[];
}

/**
 * Every command of a family: one per catalog entry whose operationId is in the spec.
 * Operations of the spec without an entry are reported in `missing`.
 */
export function deriveCommands(
  family: Family,
  catalog: Readonly<Record<string, LooseEntry>>,
): { commands: CommandSpec[]; missing: string[] } {
  const ops = commandOperations(family.spec);
  const doc = specDocument(family.spec);
  const resolve = (schema: unknown): Json => flatSchema(doc, schema);
  const commands: CommandSpec[] = [];
  const used = new Set<string>();
  for (const [operationId, entry] of Object.entries(catalog)) {
    const op = ops.get(operationId);
    if (!op) continue;
    const resource = [...entry.resource];
    // Under the scope word (`['realm', 'groups']`) the realm comes from `--realm`; elsewhere
    // (`['realms'] delete`) a realm id is the subject of the command, so a positional id.
    const scoped = family.scopeWord !== undefined && resource[0] === family.scopeWord;
    if (scoped && resource.length > 1) resource.shift();
    const contextNames = new Set(
      family.context.filter((c) => c.option === undefined || scoped).map((c) => c.name),
    );
    let words = [...resource.map(kebab), kebab(entry.method)];
    // Two entries on one resource with one method name: the second keeps its operationId.
    if (used.has(words.join(' '))) words = [...resource.map(kebab), kebab(operationId)];
    used.add(words.join(' '));
    const pathParams = pathOrder(op);
    commands.push({
      family,
      words,
      operationId,
      entry,
      op,
      positionals: pathParams
        .filter((p) => !contextNames.has(p.name))
        .map((param) => ({ arg: kebab(param.name), param })),
      contextParams: [
        ...pathParams.filter((p) => contextNames.has(p.name)),
        ...op.serverVariables.filter(
          (v) => contextNames.has(v.name) && !pathParams.some((p) => p.name === v.name),
        ),
      ],
      flags: withAliases(flagsOf(op, resolve), family.aliases ?? {}),
    });
  }
  const missing = [...ops.keys()].filter((id) => !(id in catalog));
  return { commands, missing };
}

/** The path parameters in the order they appear in the path template. */
function pathOrder(op: OperationSpec): ParameterSpec[] {
  const params = op.parameters.filter((p) => p.in === 'path');
  const at = (p: ParameterSpec) => {
    const i = op.path.indexOf(`{${p.name}}`);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return params.sort((a, b) => at(a) - at(b));
}

/** Adds the family's alias flags (`--since`) next to the query parameters they stand for. */
function withAliases(flags: FlagSpec[], aliases: Readonly<Record<string, string>>): FlagSpec[] {
  const out = [...flags];
  for (const [alias, wire] of Object.entries(aliases)) {
    const target = flags.find((f) => f.location === 'query' && f.name === wire);
    if (target && !flags.some((f) => f.flag === alias))
      out.push({ ...target, flag: alias, description: `same as --${target.flag}` });
  }
  return out;
}
