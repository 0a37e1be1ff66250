// JSON Schema 2020-12 validation from the spec documents (Ajv), compiled once per process and
// cached: two Ajv instances share the documents' components, one that coerces the strings of
// path, query and header parameters to their declared types, one that checks bodies as sent.
import { closedSchema, resolveRef, type SpecName, specDocument } from '@x/specs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isObject, type Json } from './json.js';
import type { OperationSpec } from './operations.js';

type AjvInstance = InstanceType<typeof Ajv2020>;

// ajv-formats is CommonJS; depending on the loader its plugin is the default export itself or
// that export's `default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: AjvInstance) => AjvInstance;

/** The registered id of a spec's components inside Ajv. */
const specId = (spec: SpecName) => `urn:x-emulator:${spec}`;

/**
 * A spec schema for Ajv: its local refs pointed at the spec's registered components and its
 * objects closed as the specs' convention says ("objects with a complete field list say nothing"
 * and are closed), see `closedSchema` of `@x/specs`.
 */
const prepareSchema = (schema: unknown, spec: SpecName) => closedSchema(schema, specId(spec));

/** The inclusive range of each integer format of the OpenAPI format registry, exactly. */
const INTEGER_FORMAT_BOUNDS: Record<string, readonly [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** The same ranges as numbers, for values already decoded (beyond 2^53 they are rounded). */
const INTEGER_FORMAT_RANGES = Object.fromEntries(
  Object.entries(INTEGER_FORMAT_BOUNDS).map(([format, [min, max]]) => [
    format,
    [Number(min), Number(max)] as const,
  ]),
);

/**
 * Whether a parameter's decimal string lies outside its schema's integer format (`int64`, …),
 * compared exactly: coerced to a number first, `-9223372036854775809` would round to the int64
 * minimum and pass. Undefined when the schema is no integer of such a format or the string no
 * plain decimal integer (the schema's own validation judges those).
 */
export function integerFormatViolation(schema: unknown, raw: string): string | undefined {
  if (!isObject(schema) || schema.type !== 'integer' || typeof schema.format !== 'string')
    return undefined;
  const bounds = INTEGER_FORMAT_BOUNDS[schema.format];
  if (!bounds || !/^[+-]?\d+$/.test(raw.trim())) return undefined;
  const value = BigInt(raw.trim());
  return value < bounds[0] || value > bounds[1]
    ? `must match format "${schema.format}"`
    : undefined;
}

function createAjv(coerce: boolean): AjvInstance {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    discriminator: false,
    logger: false,
    ...(coerce ? { coerceTypes: 'array' as const, useDefaults: true } : {}),
  });
  addFormats(ajv);
  // OpenAPI's integer formats are ranges (format registry: int32 is a signed 32-bit integer, …):
  // a value outside one is invalid input, as a platform that stores it in that type refuses it.
  // `float` and `double` carry no rule beyond `type`.
  for (const [format, [min, max]] of Object.entries(INTEGER_FORMAT_RANGES))
    ajv.addFormat(format, { type: 'number', validate: (n: number) => n >= min && n <= max });
  for (const format of ['float', 'double']) ajv.addFormat(format, true);
  return ajv;
}

let paramsAjv: AjvInstance | undefined;
let bodyAjv: AjvInstance | undefined;
const registered = new Set<string>();

function ajvFor(kind: 'params' | 'body', spec: SpecName): AjvInstance {
  if (kind === 'params') paramsAjv ??= createAjv(true);
  else bodyAjv ??= createAjv(false);
  const ajv = (kind === 'params' ? paramsAjv : bodyAjv) as AjvInstance;
  const key = `${kind}:${spec}`;
  if (!registered.has(key)) {
    const doc = specDocument(spec);
    ajv.addSchema({ $id: specId(spec), components: prepareSchema(doc.components ?? {}, spec) });
    registered.add(key);
  }
  return ajv;
}

const validators = new Map<string, ValidateFunction>();

/**
 * The validator of an operation's parameters: data `{path, query, header}` whose strings are
 * coerced in place to the declared types (and defaults filled in).
 */
export function parametersValidator(op: OperationSpec): ValidateFunction {
  const key = `params:${op.spec}:${op.method} ${op.template}`;
  let validate = validators.get(key);
  if (!validate) {
    const group = (location: string) => {
      const params = op.parameters.filter((p) => p.in === location);
      return {
        type: 'object',
        properties: Object.fromEntries(
          params.map((p) => [
            location === 'header' ? p.name.toLowerCase() : p.name,
            prepareSchema(p.schema, op.spec),
          ]),
        ),
        required: params
          .filter((p) => p.required)
          .map((p) => (location === 'header' ? p.name.toLowerCase() : p.name)),
      };
    };
    validate = ajvFor('params', op.spec).compile({
      type: 'object',
      properties: { path: group('path'), query: group('query'), header: group('header') },
    });
    validators.set(key, validate);
  }
  return validate;
}

/** The validator of a request body of one media type (undefined when it declares no schema). */
export function bodyValidator(op: OperationSpec, mediaType: string): ValidateFunction | undefined {
  const schema = op.requestBody?.content[mediaType];
  if (!schema) return undefined;
  const key = `body:${op.spec}:${op.method} ${op.template}:${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajvFor('body', op.spec).compile(prepareSchema(schema, op.spec) as object);
    validators.set(key, validate);
  }
  return validate;
}

/** A violation in the platform's terms: the dotted field and what is wrong with it. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** Turns Ajv errors into field violations with dotted paths (`user.display_name`). */
export function violationsOf(errors: readonly ErrorObject[] | null | undefined, strip = 0) {
  const out: FieldViolation[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    const parts = error.instancePath
      .split('/')
      .slice(1 + strip)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let description = error.message ?? 'invalid';
    if (error.keyword === 'required') {
      parts.push(String((error.params as { missingProperty?: string }).missingProperty));
      description = 'missing';
    } else if (
      error.keyword === 'unevaluatedProperties' ||
      error.keyword === 'additionalProperties'
    ) {
      const params = error.params as { unevaluatedProperty?: string; additionalProperty?: string };
      parts.push(String(params.unevaluatedProperty ?? params.additionalProperty));
      description = 'unknown field';
    } else if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      description = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if')
      continue;
    const field = parts
      .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
      .join('');
    const id = `${field} ${description}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ field: field || 'body', description });
  }
  if (out.length === 0 && errors?.length) out.push({ field: 'body', description: 'invalid' });
  return out;
}

type Projector = (value: unknown) => unknown;
const projectors = new Map<string, Projector>();

/**
 * Shapes a response body to the declared schema: properties a closed object does not declare
 * are dropped (recursively), so a record's internal fields never leak and a field the spec
 * adds later shows up without a code change. Open objects and unions are passed through.
 */
export function responseProjector(op: OperationSpec, status: number, mediaType: string): Projector {
  const key = `${op.spec}:${op.method} ${op.template}:${status}:${mediaType}`;
  let projector = projectors.get(key);
  if (!projector) {
    const schema = op.responses[String(status)]?.content[mediaType];
    const doc = specDocument(op.spec);
    projector = schema ? (value) => project(doc, schema, value, 0) : (value) => value;
    projectors.set(key, projector);
  }
  return projector;
}

function project(doc: Json, rawSchema: unknown, value: unknown, depth: number): unknown {
  const schema = resolveRef(doc, rawSchema);
  if (!isObject(schema) || depth > 32) return value;
  if (Array.isArray(value))
    return schema.items === undefined
      ? value
      : value.map((item) => project(doc, schema.items, item, depth + 1));
  if (!isObject(value)) return value;
  if (schema.oneOf !== undefined || schema.anyOf !== undefined) return value;
  const declared: Record<string, unknown> = {};
  let open = 'additionalProperties' in schema && schema.additionalProperties !== false;
  const collect = (s: unknown) => {
    const part = resolveRef(doc, s);
    if (!isObject(part)) return;
    if (isObject(part.properties)) Object.assign(declared, part.properties);
    if ('additionalProperties' in part && part.additionalProperties !== false) open = true;
    if (Array.isArray(part.allOf)) part.allOf.forEach(collect);
  };
  collect(schema);
  if (Object.keys(declared).length === 0) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k in declared) out[k] = project(doc, declared[k], v, depth + 1);
    else if (open) out[k] = v;
  }
  return out;
}

/** Shapes a value to a schema of a spec (see `responseProjector`). */
export function projectToSchema(spec: SpecName, schema: unknown, value: unknown): unknown {
  return project(specDocument(spec), schema, value, 0);
}

/** Where read-only fields may appear in a request body: at the top, or inside wrapper objects. */
interface ReadOnlyPlan {
  top: readonly string[];
  wrappers: Readonly<Record<string, readonly string[]>>;
}
const readOnlyPlans = new Map<string, ReadOnlyPlan>();

function declaredProperties(doc: Json, schema: unknown): Json {
  const resolved = resolveRef(doc, schema);
  if (!isObject(resolved)) return {};
  const out: Json = {};
  if (isObject(resolved.properties)) Object.assign(out, resolved.properties);
  if (Array.isArray(resolved.allOf))
    for (const part of resolved.allOf) Object.assign(out, declaredProperties(doc, part));
  return out;
}

/**
 * The read-only fields of an operation's resource (those its 2xx response marks `readOnly`) that
 * its request schema does not declare: "a value for a read-only field in a request is ignored",
 * so they are dropped before the closed request schema is checked, at the top of the body and
 * inside its wrapper objects (`{user: {...}}`).
 */
function readOnlyPlan(op: OperationSpec, mediaType: string): ReadOnlyPlan {
  const key = `${op.spec}:${op.method} ${op.template}:${mediaType}`;
  let plan = readOnlyPlans.get(key);
  if (plan) return plan;
  const doc = specDocument(op.spec);
  const success = Object.entries(op.responses).find(([status]) => /^2/.test(status))?.[1];
  const responseSchema = success
    ? Object.values(success.content).find((s) => s !== undefined)
    : undefined;
  const resource = declaredProperties(doc, responseSchema);
  const readOnly = Object.keys(resource).filter((name) => {
    const s = resolveRef(doc, resource[name]);
    return isObject(s) && s.readOnly === true;
  });
  const request = declaredProperties(doc, op.requestBody?.content[mediaType]);
  const wrappers: Record<string, string[]> = {};
  for (const [name, schema] of Object.entries(request)) {
    const inner = declaredProperties(doc, schema);
    const shared = Object.keys(inner).some((k) => k in resource);
    if (shared) wrappers[name] = readOnly.filter((k) => !(k in inner));
  }
  plan = { top: readOnly.filter((k) => !(k in request)), wrappers };
  readOnlyPlans.set(key, plan);
  return plan;
}

/** Drops the read-only fields a request body may carry (see `readOnlyPlan`), in place. */
export function dropReadOnly(op: OperationSpec, mediaType: string, body: unknown): void {
  if (!isObject(body)) return;
  const plan = readOnlyPlan(op, mediaType);
  for (const name of plan.top) delete body[name];
  for (const [wrapper, names] of Object.entries(plan.wrappers)) {
    const inner = body[wrapper];
    if (isObject(inner)) for (const name of names) delete inner[name];
  }
}
