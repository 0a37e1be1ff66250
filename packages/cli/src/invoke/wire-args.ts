// Turns a generated command's positional ids, flags and `--json` body into the operation's
// wire-shaped arguments (`{ path, query, header, body }`), and checks every part against the
// spec before anything is sent, naming each field the way the user wrote it.

import { fillConsts } from '../spec/consts.js';
import { isObject } from '../spec/schema.js';
import { check, type Violation } from '../spec/validator.js';
import { parseTime } from '../time.js';
import type { CommandSpec } from '../tree/derive.js';
import type { FlagKind, FlagSpec } from '../tree/flags.js';
import { type FieldProblem, InputError } from './input-error.js';

/** The arguments of a catalog entry's `call` or `list`. */
export interface WireArgs {
  path: Record<string, string>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
}

/** What the user typed for one command. */
export interface RawInput {
  readonly positionals: readonly string[];
  /** Flag values by flag name (`display-name`); lists as arrays. */
  readonly flags: Readonly<Record<string, unknown>>;
  /** The parsed `--json` value, if given. */
  readonly json?: unknown;
  /** Context path parameters (`tenant_id`, `realm_id`) and how to name them when missing. */
  readonly context: Readonly<Record<string, { value: string | undefined; source: string }>>;
}

/** A flag's text as a value of its kind; text that is not one is kept for the check to name. */
export function convert(
  kind: FlagKind,
  value: unknown,
  problems: FieldProblem[],
  label: string,
): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => convert(kind, v, problems, label));
  if (typeof value !== 'string') return value;
  switch (kind) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim()) ? Number(value) : value;
    case 'time': {
      const ms = parseTime(value);
      if (ms === undefined)
        problems.push({
          field: label,
          message:
            'must be a duration back from now (7d, 12h), an ISO date or date-time, or epoch ms',
        });
      return ms ?? value;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'json':
      try {
        return JSON.parse(value);
      } catch {
        problems.push({ field: label, message: 'must be JSON' });
        return value;
      }
    default:
      return value;
  }
}

function flagValue(flag: FlagSpec, raw: unknown, problems: FieldProblem[]): unknown {
  const label = `--${flag.flag}`;
  if (flag.kind === 'list') {
    const items = Array.isArray(raw) ? raw : [raw];
    return items.map((item) => convert(flag.itemKind ?? 'string', item, problems, label));
  }
  return convert(flag.kind, raw, problems, label);
}

/**
 * The wire arguments of a command, checked against the spec.
 * @throws InputError naming every flag, argument or body field at fault; nothing is sent.
 */
export function wireArgs(cmd: CommandSpec, input: RawInput): WireArgs {
  const problems: FieldProblem[] = [];
  const args: WireArgs = { path: {}, query: {}, header: {}, body: undefined };
  const spec = cmd.family.spec;
  const report = (label: string, violations: Violation[]) => {
    for (const v of violations)
      problems.push({ field: v.path ? `${label}.${v.path}` : label, message: v.message });
  };

  cmd.positionals.forEach(({ arg, param }, i) => {
    const value = input.positionals[i];
    if (value === undefined) problems.push({ field: `<${arg}>`, message: 'is required' });
    else {
      args.path[param.name] = value;
      report(`<${arg}>`, check(spec, param.schema, value));
    }
  });
  for (const param of cmd.contextParams) {
    const ctx = input.context[param.name];
    if (!ctx?.value) problems.push({ field: ctx?.source ?? param.name, message: 'is required' });
    else args.path[param.name] = ctx.value;
  }

  let body: unknown = input.json;
  const wrapper = cmd.op.body?.wrapper;
  if (body !== undefined && wrapper !== undefined) {
    const wrapped = isObject(body) && Object.keys(body).length === 1 && isObject(body[wrapper]);
    if (!wrapped) body = { [wrapper]: body };
  }
  // Which flag set each parameter (an alias like `--since` sets `start_time`), to name it.
  const setBy = new Map<string, FlagSpec>();
  for (const flag of cmd.flags) {
    const raw = input.flags[flag.flag];
    if (raw === undefined) continue;
    const value = flagValue(flag, raw, problems);
    if (flag.kind === 'json') fillConsts(spec, flag.schema, value);
    if (flag.location === 'body') {
      body ??= wrapper !== undefined ? { [wrapper]: {} } : {};
      const target = wrapper !== undefined ? (body as Record<string, unknown>)[wrapper] : body;
      if (isObject(target)) target[flag.name] = value;
      else
        problems.push({ field: '--json', message: 'must be a JSON object to combine with flags' });
    } else {
      args[flag.location][flag.name] = value;
      setBy.set(`${flag.location}:${flag.name}`, flag);
    }
  }

  // A required query parameter left out is the family's to fill or refuse: its client has
  // defaults the spec does not state (the events list's `ordering`) and names what is missing.
  for (const flag of setBy.values()) {
    if (problems.some((p) => p.field === `--${flag.flag}`)) continue; // not readable at all
    const where = flag.location === 'header' ? args.header : args.query;
    report(`--${flag.flag}`, check(spec, flag.schema, where[flag.name]));
  }

  const bodySpec = cmd.op.body;
  if (bodySpec && (body !== undefined || bodySpec.required)) {
    const violations = check(spec, bodySpec.schema, body ?? (wrapper ? { [wrapper]: {} } : {}));
    for (const v of violations)
      problems.push({ field: bodyLabel(cmd, v.path), message: v.message });
  }
  args.body = body;
  if (problems.length > 0) throw new InputError(problems);
  return args;
}

/** `user.display_name` -> `--display-name (user.display_name)`; other paths stay wire paths. */
function bodyLabel(cmd: CommandSpec, path: string): string {
  const wrapper = cmd.op.body?.wrapper;
  const inner = wrapper && path.startsWith(`${wrapper}.`) ? path.slice(wrapper.length + 1) : path;
  // Field names may hold dots (SCIM extension URNs): the flag is the one whose name starts the path.
  const flag = cmd.flags.find(
    (f) =>
      f.location === 'body' &&
      (inner === f.name || inner.startsWith(`${f.name}.`) || inner.startsWith(`${f.name}[`)),
  );
  if (!path) return 'body';
  return flag ? `--${flag.flag} (${path})` : path;
}
