// Every operation of a spec, indexed by operationId: method, path, parameters, the request body
// and, for lists, the schema of one item. The command line turns these into flags, checks and
// table columns.
import { deref, flatSchema, isObject, type Json, specDocument } from './document.js';

/** A parameter with its references resolved. */
export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description: string | undefined;
  /** Its schema, references resolved at the top. */
  readonly schema: Json;
  readonly example: unknown;
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
export interface OperationSpec {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  readonly parameters: readonly ParameterSpec[];
  readonly body: BodySpec | undefined;
  /** For a list: the schema of one item of its page (the first array property of the 200 body). */
  readonly item: Json | undefined;
  /**
   * Variables of the operation's own server URL other than the base address (`realm_id` in
   * `{access_api_url}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`): passed with the path
   * parameters.
   */
  readonly serverVariables: readonly string[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const cache = new Map<string, Map<string, OperationSpec>>();

/** The operations of a spec by operationId. */
export function specOperations(spec: string): Map<string, OperationSpec> {
  let ops = cache.get(spec);
  if (ops) return ops;
  const doc = specDocument(spec);
  ops = new Map();
  for (const [path, pathItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const parameters = new Map<string, ParameterSpec>();
      for (const raw of [...shared, ...own]) {
        const p = parameterOf(doc, raw);
        if (p) parameters.set(`${p.in}:${p.name}`, p);
      }
      ops.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        summary: typeof op.summary === 'string' ? op.summary : undefined,
        description: typeof op.description === 'string' ? op.description : undefined,
        parameters: [...parameters.values()],
        body: bodyOf(doc, op.requestBody),
        item: itemOf(doc, op.responses),
        serverVariables: serverVariablesOf(op.servers ?? pathItem.servers),
      });
    }
  }
  cache.set(spec, ops);
  return ops;
}

function parameterOf(doc: Json, raw: unknown): ParameterSpec | undefined {
  const p = deref(doc, raw);
  if (!isObject(p) || typeof p.name !== 'string') return undefined;
  const where = p.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')
    return undefined;
  return {
    name: p.name,
    in: where,
    required: p.required === true,
    description: typeof p.description === 'string' ? p.description : undefined,
    schema: flatSchema(doc, p.schema),
    example: p.example,
  };
}

function jsonSchemaOf(doc: Json, content: unknown): unknown {
  const media = deref(doc, content);
  if (!isObject(media)) return undefined;
  const json = media['application/json'] ?? media['application/scim+json'];
  return isObject(json) ? json.schema : undefined;
}

function bodyOf(doc: Json, raw: unknown): BodySpec | undefined {
  const body = deref(doc, raw);
  if (!isObject(body)) return undefined;
  const schema = jsonSchemaOf(doc, body.content);
  if (schema === undefined) return undefined;
  const top = flatSchema(doc, schema);
  const props = isObject(top.properties) ? Object.entries(top.properties) : [];
  if (props.length === 1) {
    const [key, inner] = props[0]!;
    const innerSchema = flatSchema(doc, inner);
    if (isObject(innerSchema.properties))
      return { required: body.required === true, schema, wrapper: key, fields: innerSchema };
  }
  return { required: body.required === true, schema, wrapper: undefined, fields: top };
}

function itemOf(doc: Json, responses: unknown): Json | undefined {
  if (!isObject(responses)) return undefined;
  const ok = deref(doc, responses['200']);
  if (!isObject(ok)) return undefined;
  const page = flatSchema(doc, jsonSchemaOf(doc, ok.content));
  if (!isObject(page.properties)) return undefined;
  for (const value of Object.values(page.properties)) {
    const prop = flatSchema(doc, value);
    if (prop.type === 'array') return flatSchema(doc, prop.items);
  }
  return undefined;
}

function serverVariablesOf(servers: unknown): string[] {
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || !isObject(first.variables)) return [];
  return Object.keys(first.variables).filter((name) => !name.endsWith('_url'));
}
