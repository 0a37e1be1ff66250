// The operations of a spec document by operationId: method, path, summary, description, the
// parameters and the request body, with references resolved one level (schemas keep theirs).
import { type FamilyName, resolveRef, specDocument } from './documents.js';
import { isObject, type JsonObject } from './json.js';

/** A parameter of an operation. */
export interface SpecParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description: string | undefined;
  /** Its schema as written (it may hold local `$ref`s). */
  readonly schema: JsonObject;
}

/** One operation of a family's spec. */
export interface SpecOperation {
  readonly family: FamilyName;
  readonly operationId: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The path as the document writes it (`/v2/groups/{group_id}:addUsers`). */
  readonly path: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string | undefined;
  readonly parameters: readonly SpecParameter[];
  /**
   * Variables of a path-level server other than the family's base address (`tenant_id`,
   * `realm_id` of the access SCIM server): the operation needs them as much as its path
   * parameters.
   */
  readonly serverVariables: readonly SpecParameter[];
  /** The JSON request body, when the operation takes one. */
  readonly body: { readonly required: boolean; readonly schema: JsonObject } | undefined;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const JSON_TYPES = ['application/json', 'application/scim+json'];
const indexes = new Map<FamilyName, ReadonlyMap<string, SpecOperation>>();

/** Every operation of a family's spec, by operationId (cached). */
export function specOperations(family: FamilyName): ReadonlyMap<string, SpecOperation> {
  let index = indexes.get(family);
  if (!index) {
    index = buildIndex(family);
    indexes.set(family, index);
  }
  return index;
}

function buildIndex(family: FamilyName): Map<string, SpecOperation> {
  const doc = specDocument(family);
  const out = new Map<string, SpecOperation>();
  const baseVariables = new Set(serverVariableNames(doc.servers));
  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = resolveRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const parameters = [...asArray(item.parameters), ...asArray(op.parameters)]
        .map((p) => parameterOf(doc, p))
        .filter((p): p is SpecParameter => p !== undefined);
      const servers = op.servers ?? item.servers;
      out.set(op.operationId, {
        family,
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === 'string' ? op.summary : op.operationId,
        description: typeof op.description === 'string' ? op.description : undefined,
        tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined,
        parameters,
        serverVariables: serverVariablesOf(servers).filter((v) => !baseVariables.has(v.name)),
        body: bodyOf(doc, op.requestBody),
      });
    }
  }
  return out;
}

function parameterOf(doc: JsonObject, raw: unknown): SpecParameter | undefined {
  const p = resolveRef(doc, raw);
  if (!isObject(p) || typeof p.name !== 'string') return undefined;
  const where = p.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')
    return undefined;
  return {
    name: p.name,
    in: where,
    required: p.required === true,
    description: typeof p.description === 'string' ? p.description : undefined,
    schema: isObject(p.schema) ? p.schema : {},
  };
}

function bodyOf(doc: JsonObject, raw: unknown): SpecOperation['body'] {
  const body = resolveRef(doc, raw);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const content = body.content;
  const media = JSON_TYPES.find((type) => isObject(content[type]));
  const schema = media ? (content[media] as JsonObject).schema : undefined;
  if (!isObject(schema)) return undefined;
  return { required: body.required === true, schema };
}

function serverVariableNames(servers: unknown): string[] {
  const first = asArray(servers)[0];
  return isObject(first) && isObject(first.variables) ? Object.keys(first.variables) : [];
}

function serverVariablesOf(servers: unknown): SpecParameter[] {
  const first = asArray(servers)[0];
  if (!isObject(first) || !isObject(first.variables)) return [];
  return Object.entries(first.variables).map(([name, v]) => ({
    name,
    in: 'path' as const,
    required: true,
    description: isObject(v) && typeof v.description === 'string' ? v.description : undefined,
    schema: { type: 'string', minLength: 1 },
  }));
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
