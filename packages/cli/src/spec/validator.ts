// Checks a request's parameters and body against the spec with a JSON Schema 2020-12 validator
// (Ajv) before anything is sent, and names the field at fault. Objects that list their fields and
// do not say `additionalProperties` are closed, as the specs' conventions say: a typo in `--json`
// is caught here instead of by the server.
import { closedSchema, specDocument } from '@x/specs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isObject, type Json } from './schema.js';

type AjvInstance = InstanceType<typeof Ajv2020>;

// ajv-formats is CommonJS: depending on the loader its plugin is the export or its `default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: AjvInstance) => AjvInstance;

/** One problem with a value, `path` in the value's own terms (`user.display_name`, `[3]`). */
export interface Violation {
  readonly path: string;
  readonly message: string;
}

const specId = (spec: string) => `urn:xid:${spec}`;

/**
 * A spec schema for Ajv: its local refs pointed at the spec's registered components and its
 * objects closed as the specs' convention says, see `closedSchema` of `@x/specs`.
 */
const prepare = (schema: unknown, spec: string) => closedSchema(schema, specId(spec));

let ajv: AjvInstance | undefined;
const registered = new Set<string>();
const compiled = new WeakMap<object, ValidateFunction>();

function ajvFor(spec: string): AjvInstance {
  if (!ajv) {
    ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      discriminator: false,
      logger: false,
      // Errors carry their schema: a pattern's description says the rule in words.
      verbose: true,
    });
    addFormats(ajv);
    for (const format of ['int32', 'int64', 'uint32', 'uint64', 'float', 'double'])
      ajv.addFormat(format, true);
  }
  if (!registered.has(spec)) {
    const doc = specDocument(spec);
    ajv.addSchema({ $id: specId(spec), components: prepare(doc.components ?? {}, spec) });
    registered.add(spec);
  }
  return ajv;
}

/** Checks `value` against a schema of `spec`; returns every violation (none: valid). */
export function check(spec: string, schema: unknown, value: unknown): Violation[] {
  const instance = ajvFor(spec);
  const key = isObject(schema) ? schema : { schema };
  let validate = compiled.get(key);
  if (!validate) {
    validate = instance.compile(prepare(schema, spec) as Json);
    compiled.set(key, validate);
  }
  if (validate(value)) return [];
  return simplify(validate.errors ?? []);
}

/** Ajv's errors as one line per field, without the noise of `anyOf`/`oneOf` branches. */
function simplify(errors: readonly ErrorObject[]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword));
  for (const e of specific.length > 0 ? specific : errors) {
    let path = pointerToPath(e.instancePath);
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = String((e.params as { missingProperty?: string }).missingProperty);
      path = path ? `${path}.${missing}` : missing;
      message = 'is required';
    } else if (e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties') {
      const extra = String(
        (e.params as { unevaluatedProperty?: string; additionalProperty?: string })
          .unevaluatedProperty ?? (e.params as { additionalProperty?: string }).additionalProperty,
      );
      path = path ? `${path}.${extra}` : extra;
      message = 'is not a field of this request';
    } else if (e.keyword === 'pattern' || e.keyword === 'format') {
      const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
      if (typeof description === 'string') message = `${message} (${description.split('\n')[0]})`;
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    const line = `${path}\u0000${message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push({ path, message });
  }
  return out;
}

/** `/user/emails/0/value` -> `user.emails[0].value`. */
function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
      '',
    );
}
