// Every response a test receives is checked against the spec: the operation that answered
// (the emulator names it in `x-emulator-operation`), the status it declares, the media type and
// the body against the declared schema, with objects closed as the specs' convention says.
// Every status an operation answers is declared (errors at least by `default`); only the answers
// no operation gives (an unknown path, a method the path does not define) are checked against
// the family's error format instead.
import { closedSchema, resolveRef, specDocument } from '@x/specs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: InstanceType<typeof Ajv2020>) => void;
const doc = (spec: string): Json => specDocument(spec);

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
for (const f of ['int32', 'int64', 'uint32', 'uint64', 'float', 'double']) ajv.addFormat(f, true);
const registered = new Set<string>();
const specId = (spec: string) => `urn:x-test:${spec}`;
function validatorFor(spec: string, schema: unknown) {
  if (!registered.has(spec)) {
    ajv.addSchema({
      $id: specId(spec),
      components: closedSchema(doc(spec).components ?? {}, specId(spec)),
    });
    registered.add(spec);
  }
  return ajv.compile(closedSchema(schema, specId(spec)) as object);
}

const resolve = (spec: string, node: unknown): unknown => resolveRef(doc(spec), node);

function operation(spec: string, operationId: string): Json {
  const paths = doc(spec).paths as Json;
  for (const item of Object.values(paths))
    for (const op of Object.values(item as Json))
      if (isObject(op) && op.operationId === operationId) return op;
  // Handlers keyed by `METHOD /path` answer for operations without an operationId.
  const [method, path] = operationId.split(' ');
  const item = path ? (paths[path] as Json | undefined) : undefined;
  const op = item && method ? item[method.toLowerCase()] : undefined;
  if (isObject(op)) return op;
  throw new Error(`no operation ${operationId} in ${spec}`);
}

/** Error formats the emulator uses where the spec declares none (legacy, token endpoints, seams). */
const FALLBACK_ERRORS: Record<string, unknown> = {
  envelope: {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      details: { type: 'array' },
    },
    additionalProperties: false,
  },
  message: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
    additionalProperties: false,
  },
  scim: {
    type: 'object',
    required: ['schemas', 'status'],
    properties: {
      schemas: { type: 'array', items: { const: 'urn:ietf:params:scim:api:messages:2.0:Error' } },
      status: { type: 'string' },
      scimType: { type: 'string' },
      detail: { type: 'string' },
    },
    additionalProperties: false,
  },
};
const FAMILY_STYLE: Record<string, string> = {
  workforce: 'envelope',
  access: 'envelope',
  legacy: 'envelope',
  events: 'message',
};

// Bodies are read loosely in tests; the schema check is what vouches for their shape.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

/** A checked response. */
export interface Checked<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
  operation: string | null;
}

/**
 * Reads a response and checks it against the spec (see the file comment). Fails the test on
 * any mismatch.
 */
export async function checked<T = Loose>(response: Response): Promise<Checked<T>> {
  const text = await response.text();
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const body = text ? (JSON.parse(text) as T) : (undefined as T);
  const spec = response.headers.get('x-emulator-spec');
  const operationId = response.headers.get('x-emulator-operation');
  const status = response.status;
  const result = { status, body, headers: response.headers, operation: operationId };
  if (!spec) throw new Error(`response ${status} did not come from a family mount`);
  const where = `${spec} ${operationId ?? '(no route)'} ${status}`;
  const fallback = (style: string) => {
    expect(text, `${where}: error body`).not.toBe('');
    const validate = ajv.compile(FALLBACK_ERRORS[style] as object);
    expect(validate(body) ? [] : validate.errors, `${where}: ${style} error`).toEqual([]);
    return result;
  };
  if (!operationId) {
    // No operation answered: an unknown path (404) or a method the path does not define (405,
    // naming the methods it does define in `Allow`). 405 is never an operation's answer.
    expect([404, 405], `${where}: an answer without an operation`).toContain(status);
    if (status === 405)
      expect(response.headers.get('allow'), `${where}: Allow header`).toMatch(
        /^[A-Z]+(, [A-Z]+)*$/,
      );
    // Under a SCIM server's base path the answer is SCIM's error object (RFC 7644 §3.12).
    const scim = Array.isArray((body as { schemas?: unknown } | undefined)?.schemas);
    return fallback(scim ? 'scim' : FAMILY_STYLE[spec]!);
  }
  const op = operation(spec, operationId);
  const responses = (op.responses ?? {}) as Json;
  // A success is declared by its status; an error by its status, its class or `default`.
  const declared = resolve(
    spec,
    responses[String(status)] ??
      responses[`${String(status)[0]}XX`] ??
      (status >= 400 ? responses.default : undefined),
  );
  if (!isObject(declared))
    throw new Error(`${where}: status not declared by the spec (body ${text.slice(0, 300)})`);
  const content = isObject(declared.content) ? declared.content : undefined;
  if (!content) {
    expect(text, `${where}: no body declared`).toBe('');
    return result;
  }
  const media = content[contentType];
  expect(
    media,
    `${where}: media type ${contentType} not declared (${Object.keys(content).join(', ')})`,
  ).toBeDefined();
  const schema = isObject(media) ? media.schema : undefined;
  if (schema) {
    const validate = validatorFor(spec, schema);
    const ok = validate(body);
    expect(
      ok
        ? []
        : validate.errors?.map(
            (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
          ),
      `${where}: body ${text.slice(0, 500)}`,
    ).toEqual([]);
  }
  return result;
}
