// Every operation of a spec as the command line uses it, by operationId: the operations index of
// `@x/specs` with the parameters' schemas flattened, the request body's wrapper and fields and,
// for lists, the schema of one item. The command line turns these into flags, checks and table
// columns.
import { type SpecOperation, type SpecParameter, specDocument, specOperations } from '@x/specs';
import { flatSchema, isObject, type Json } from './schema.js';

/** A parameter with its references resolved. */
export interface ParameterSpec extends SpecParameter {
  /** Its schema, references resolved at the top and `allOf` parts merged. */
  readonly schema: Json;
}

/** The JSON request body of an operation. */
export interface BodySpec {
  readonly required: boolean;
  /** The schema of the whole body, as written in the spec (may be a `$ref`). */
  readonly schema: unknown;
  /**
   * The key a body is wrapped under (`user` in `{user: UserCreate}`), when the body is an object
   * with a single object-valued property: flags then set the fields inside the wrapper.
   */
  readonly wrapper: string | undefined;
  /** The object whose properties become flags (the wrapped object, or the body itself). */
  readonly fields: Json;
}

/** One operation of a spec. */
export interface OperationSpec extends SpecOperation {
  readonly parameters: readonly ParameterSpec[];
  /** The JSON request body (`application/json` or `application/scim+json`), if it takes one. */
  readonly body: BodySpec | undefined;
  /** For a list: the schema of one item of its page (the first array property of the 200 body). */
  readonly item: Json | undefined;
}

const cache = new Map<string, Map<string, OperationSpec>>();

/** The operations of a spec by operationId. */
export function commandOperations(spec: string): Map<string, OperationSpec> {
  let ops = cache.get(spec);
  if (ops) return ops;
  const doc = specDocument(spec);
  ops = new Map();
  for (const [operationId, op] of specOperations(spec))
    ops.set(operationId, {
      ...op,
      parameters: op.parameters.map((p) => ({ ...p, schema: flatSchema(doc, p.schema) })),
      body: bodyOf(doc, op),
      item: itemOf(doc, op),
    });
  cache.set(spec, ops);
  return ops;
}

function bodyOf(doc: Json, op: SpecOperation): BodySpec | undefined {
  const body = op.requestBody;
  if (body?.schema === undefined) return undefined;
  const { required, schema } = body;
  const top = flatSchema(doc, schema);
  const props = isObject(top.properties) ? Object.entries(top.properties) : [];
  if (props.length === 1) {
    const [key, inner] = props[0]!;
    const innerSchema = flatSchema(doc, inner);
    if (isObject(innerSchema.properties))
      return { required, schema, wrapper: key, fields: innerSchema };
  }
  return { required, schema, wrapper: undefined, fields: top };
}

function itemOf(doc: Json, op: SpecOperation): Json | undefined {
  const page = flatSchema(doc, op.responses['200']?.schema);
  if (!isObject(page.properties)) return undefined;
  for (const value of Object.values(page.properties)) {
    const prop = flatSchema(doc, value);
    if (prop.type === 'array') return flatSchema(doc, prop.items);
  }
  return undefined;
}
