// Checks a tool's arguments against its input schema (JSON Schema 2020-12, the dialect of the
// specs and of MCP) before anything is sent, and names each field at fault the way the agent
// wrote it: `group.display_name`, `user_ids[2]`.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonObject } from '../spec/json.js';

type AjvInstance = InstanceType<typeof Ajv2020>;

// ajv-formats is CommonJS: depending on the loader its plugin is the export or its `default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: AjvInstance) => AjvInstance;

/** One invalid argument. */
export interface InputViolation {
  /** The argument or field, dotted (`group.display_name`), `[i]` for array items. */
  readonly field: string;
  readonly description: string;
}

let ajv: AjvInstance | undefined;

function instance(): AjvInstance {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    // OpenAPI's numeric formats add no rule to `type` for a validator.
    for (const format of ['int32', 'int64', 'uint32', 'uint64', 'float', 'double'])
      ajv.addFormat(format, true);
  }
  return ajv;
}

/** A tool's argument validator, compiled at its first call (most tools are never called). */
export class InputValidator {
  readonly #schema: JsonObject;
  #validate: ValidateFunction | undefined;

  constructor(schema: JsonObject) {
    this.#schema = schema;
  }

  /** The violations of `args`; empty when they are valid. */
  check(args: unknown): InputViolation[] {
    this.#validate ??= instance().compile(this.#schema);
    if (this.#validate(args)) return [];
    return violationsOf(this.#validate.errors);
  }
}

/** Ajv's errors as violations, one per field and reason, most useful first. */
export function violationsOf(errors: readonly ErrorObject[] | null | undefined): InputViolation[] {
  const out: InputViolation[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    const parts = error.instancePath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let description = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      parts.push(String(params.missingProperty));
      description = 'is required';
    } else if (
      error.keyword === 'additionalProperties' ||
      error.keyword === 'unevaluatedProperties'
    ) {
      parts.push(String(params.additionalProperty ?? params.unevaluatedProperty));
      description = parts.length === 1 ? 'is not an argument of this tool' : 'is not a known field';
    } else if (error.keyword === 'enum') {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      description = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') {
      // The branch errors say more; keep this one only when it is the sole error.
      if ((errors?.length ?? 0) > 1) continue;
    }
    const field = parts
      .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
      .join('');
    const key = `${field} ${description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: field || '(arguments)', description });
  }
  return out;
}
