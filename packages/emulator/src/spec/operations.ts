// Every operation of a spec document, indexed once per process: method, the path template
// relative to its server's base variable (a path-level `servers` prefix included), parameters,
// request body media types, declared responses and the error format the operation uses.
import { isObject, type Json, resolveRef, type SpecName, specDocument } from './documents.js';

/** A parameter of an operation, with references resolved. */
export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  /** The parameter's JSON schema (may hold local `$ref`s). */
  readonly schema: Json;
  /** Whether the schema is an array (a repeated query parameter, `explode: true`). */
  readonly isArray: boolean;
}

/** The error body an operation uses: the W/A envelope, the SCIM error object, or `{message}`. */
export type ErrorStyle = 'envelope' | 'scim' | 'message';

/** One declared response. */
export interface ResponseSpec {
  /** Media type to schema (undefined when the media type has no schema). */
  readonly content: Readonly<Record<string, Json | undefined>>;
  /** Header names the response declares. */
  readonly headers: readonly string[];
}

/** One operation of a spec, ready for routing and validation. */
export interface OperationSpec {
  readonly spec: SpecName;
  readonly operationId: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The path as written in the document (`/v2/users/{user_id}`). */
  readonly path: string;
  /** The server variable the operation's address starts with (`workforce_api_url`). */
  readonly baseVariable: string;
  /** Server prefix plus path: what follows the base address (`/v1/tenants/{tenant_id}/.../Users`). */
  readonly template: string;
  readonly parameters: readonly ParameterSpec[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly content: Readonly<Record<string, Json | undefined>>;
  };
  /** Status (`200`, `4XX`, `default`) to response. */
  readonly responses: Readonly<Record<string, ResponseSpec>>;
  /** Names of the security schemes any of which the operation accepts; empty means none. */
  readonly securitySchemes: readonly string[];
  /** Error format from the declared error responses; undefined when none is declared. */
  readonly errorStyle: ErrorStyle | undefined;
  /** Matches a raw (percent-encoded) path relative to the base; gives raw parameter values. */
  readonly match: (path: string) => Record<string, string> | undefined;
  /** Literal characters in the template: more specific templates are tried first. */
  readonly specificity: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const index = new Map<SpecName, readonly OperationSpec[]>();

/** Every operation of a spec, most specific template first (cached per process). */
export function specOperations(spec: SpecName): readonly OperationSpec[] {
  let ops = index.get(spec);
  if (!ops) {
    ops = buildIndex(spec);
    index.set(spec, ops);
  }
  return ops;
}

function buildIndex(spec: SpecName): OperationSpec[] {
  const doc = specDocument(spec);
  const out: OperationSpec[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const server = serverOf(op.servers) ?? serverOf(item.servers) ?? serverOf(doc.servers);
      const baseVariable = server?.variable ?? '';
      const prefix = server?.prefix ?? '';
      const template = `${prefix}${path}`;
      const parameters = mergeParameters(doc, item.parameters, op.parameters, prefix);
      const requestBody = bodyOf(doc, op.requestBody);
      const responses = responsesOf(doc, op.responses);
      out.push({
        spec,
        operationId:
          typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        baseVariable,
        template,
        parameters,
        ...(requestBody ? { requestBody } : {}),
        responses,
        securitySchemes: securityOf(op.security ?? doc.security),
        errorStyle: errorStyleOf(doc, responses),
        match: templateMatcher(template),
        specificity: template.replace(/\{[^{}]+\}/g, '').length,
      });
    }
  }
  // Most literal characters first: `/groups/{id}:addUsers` before `/groups/{id}`.
  return out.sort((a, b) => b.specificity - a.specificity);
}

/** `{variable}/prefix` of the first server entry, or undefined when there is none. */
function serverOf(servers: unknown): { variable: string; prefix: string } | undefined {
  if (!Array.isArray(servers) || !isObject(servers[0])) return undefined;
  const url = servers[0].url;
  if (typeof url !== 'string') return undefined;
  const m = /^\{([A-Za-z0-9_.-]+)\}(.*)$/.exec(url);
  if (!m) return { variable: '', prefix: '' };
  return { variable: m[1]!, prefix: m[2]!.replace(/\/+$/, '') };
}

function mergeParameters(
  doc: Json,
  pathLevel: unknown,
  opLevel: unknown,
  prefix: string,
): ParameterSpec[] {
  const byKey = new Map<string, ParameterSpec>();
  // Variables in a server prefix (`/v1/tenants/{tenant_id}/...`) are path segments here.
  for (const [, name] of prefix.matchAll(/\{([^{}]+)\}/g))
    byKey.set(`path:${name}`, {
      name: name!,
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1 },
      isArray: false,
    });
  for (const list of [pathLevel, opLevel]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = resolveRef(doc, raw);
      if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      const schema = isObject(p.schema) ? p.schema : {};
      const resolved = resolveRef(doc, schema);
      byKey.set(`${p.in}:${p.name}`, {
        name: p.name,
        in: p.in as ParameterSpec['in'],
        required: p.required === true || p.in === 'path',
        schema,
        isArray: isObject(resolved) && resolved.type === 'array',
      });
    }
  }
  return [...byKey.values()];
}

function bodyOf(doc: Json, raw: unknown): OperationSpec['requestBody'] {
  const body = resolveRef(doc, raw);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const content: Record<string, Json | undefined> = {};
  for (const [type, media] of Object.entries(body.content))
    content[type.toLowerCase()] =
      isObject(media) && isObject(media.schema) ? media.schema : undefined;
  return { required: body.required === true, content };
}

function responsesOf(doc: Json, raw: unknown): Record<string, ResponseSpec> {
  const out: Record<string, ResponseSpec> = {};
  if (!isObject(raw)) return out;
  for (const [status, r] of Object.entries(raw)) {
    const response = resolveRef(doc, r);
    if (!isObject(response)) continue;
    const content: Record<string, Json | undefined> = {};
    if (isObject(response.content))
      for (const [type, media] of Object.entries(response.content))
        content[type.toLowerCase()] =
          isObject(media) && isObject(media.schema) ? media.schema : undefined;
    out[status] = {
      content,
      headers: isObject(response.headers) ? Object.keys(response.headers) : [],
    };
  }
  return out;
}

function securityOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
}

/** The error format, read from the schema of the first declared 4xx/5xx response with a body. */
function errorStyleOf(doc: Json, responses: Record<string, ResponseSpec>): ErrorStyle | undefined {
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]/.test(status)) continue;
    for (const schema of Object.values(response.content)) {
      const resolved = resolveRef(doc, schema);
      if (!isObject(resolved) || !isObject(resolved.properties)) continue;
      const props = resolved.properties;
      if ('schemas' in props && ('detail' in props || 'scimType' in props)) return 'scim';
      if ('code' in props) return 'envelope';
      if ('message' in props) return 'message';
    }
  }
  return undefined;
}

/**
 * A matcher for a path template: each `{name}` is one non-empty segment (no `/`); literal parts,
 * `:action` suffixes included, must match exactly.
 */
export function templateMatcher(template: string): OperationSpec['match'] {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        names.push(part.slice(1, -1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const re = new RegExp(`^${pattern}$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return undefined;
    const out: Record<string, string> = {};
    names.forEach((name, i) => {
      out[name] = m[i + 1]!;
    });
    return out;
  };
}
