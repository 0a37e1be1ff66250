// Every operation of a spec document as the emulator routes and validates it: the operations
// index of `@x/specs` (method, path, parameters, bodies, responses, server, security) with the
// path template relative to the server's base variable (a path-level server prefix included), its
// matcher, and the error format the operation uses.
import {
  resolveRef,
  type SpecName,
  type SpecOperation,
  type SpecParameter,
  type SpecResponse,
  specDocument,
  specOperations,
} from '@x/specs';
import { isObject, type Json } from './json.js';

/** A parameter of an operation, with references resolved. */
export interface ParameterSpec extends SpecParameter {
  /** Whether the schema is an array (a repeated query parameter, `explode: true`). */
  readonly isArray: boolean;
}

/** The error body an operation uses: the W/A envelope, the SCIM error object, or `{message}`. */
export type ErrorStyle = 'envelope' | 'scim' | 'message';

/** One operation of a spec, ready for routing and validation. */
export interface OperationSpec extends SpecOperation<SpecName> {
  /**
   * Path parameters first: the variables of a path-level server prefix (`tenant_id`, `realm_id`),
   * then the path's and the operation's. Path parameters are always required.
   */
  readonly parameters: readonly ParameterSpec[];
  /** The server variable the operation's address starts with (`workforce_api_url`). */
  readonly baseVariable: string;
  /** Server prefix plus path: what follows the base address (`/v1/tenants/{tenant_id}/.../Users`). */
  readonly template: string;
  /** Error format from the declared error responses; undefined when none is declared. */
  readonly errorStyle: ErrorStyle | undefined;
  /** Matches a raw (percent-encoded) path relative to the base; gives raw parameter values. */
  readonly match: (path: string) => Record<string, string> | undefined;
  /** Literal characters in the template: more specific templates are tried first. */
  readonly specificity: number;
}

const routes = new Map<SpecName, readonly OperationSpec[]>();

/** Every operation of a spec, most specific template first (cached per process). */
export function routedOperations(spec: SpecName): readonly OperationSpec[] {
  let ops = routes.get(spec);
  if (!ops) {
    ops = buildRoutes(spec);
    routes.set(spec, ops);
  }
  return ops;
}

function buildRoutes(spec: SpecName): OperationSpec[] {
  const doc = specDocument(spec);
  const out: OperationSpec[] = [];
  for (const op of specOperations(spec).values()) {
    const { variable, prefix } = serverOf(op.serverUrl);
    const template = `${prefix}${op.path}`;
    out.push({
      ...op,
      parameters: parametersOf(doc, op),
      baseVariable: variable,
      template,
      errorStyle: errorStyleOf(doc, op.responses),
      match: templateMatcher(template),
      specificity: template.replace(/\{[^{}]+\}/g, '').length,
    });
  }
  // Most literal characters first: `/groups/{id}:addUsers` before `/groups/{id}`.
  return out.sort((a, b) => b.specificity - a.specificity);
}

/** `{variable}/prefix` of a server URL; both empty when it has no base variable. */
function serverOf(url: string | undefined): { variable: string; prefix: string } {
  const m = url === undefined ? null : /^\{([A-Za-z0-9_.-]+)\}(.*)$/.exec(url);
  if (!m) return { variable: '', prefix: '' };
  return { variable: m[1]!, prefix: m[2]!.replace(/\/+$/, '') };
}

/** The server prefix's variables (path segments here), then the operation's parameters. */
function parametersOf(doc: Json, op: SpecOperation<SpecName>): ParameterSpec[] {
  const byKey = new Map<string, ParameterSpec>();
  for (const p of [...op.serverVariables, ...op.parameters]) {
    const resolved = resolveRef(doc, p.schema);
    byKey.set(`${p.in}:${p.name}`, {
      ...p,
      required: p.required || p.in === 'path',
      isArray: isObject(resolved) && resolved.type === 'array',
    });
  }
  return [...byKey.values()];
}

/** The error format, read from the schema of the first declared 4xx/5xx response with a body. */
function errorStyleOf(
  doc: Json,
  responses: Readonly<Record<string, SpecResponse>>,
): ErrorStyle | undefined {
  for (const [status, response] of Object.entries(responses)) {
    if (!/^([45]|default$)/.test(status)) continue;
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
 * A matcher for a path template: each `{name}` is one segment (no `/`, possibly empty); literal parts,
 * `:action` suffixes included, must match exactly.
 */
export function templateMatcher(template: string): OperationSpec['match'] {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        names.push(part.slice(1, -1));
        // An empty value still selects the operation, which refuses it (400 or 404): a method
        // the path defines is never answered 405 because a client sent an empty identifier.
        return '([^/]*)';
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
