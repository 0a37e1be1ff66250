// A tool's input schema and how its arguments become the operation's wire arguments. Path and
// query parameters become arguments under their wire names; a JSON object body has its fields
// hoisted beside them (`{realm_id, group: {...}}` for `createGroup`), any other body is the
// `body` argument. The paging parameter is replaced by one opaque `cursor`; what the server
// fills from its configuration (the access tenant) is not an argument.
import type { PagePosition } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import type { SpecOperation, SpecParameter } from '@x/specs';
import { isObject, type JsonObject } from '../spec/json.js';
import { SchemaBuilder } from '../spec/tool-schema.js';

/** Query parameters that say where a page starts, by the type of the position they carry. */
const START_PARAMS = { string: ['page_token', 'cursor'], number: ['startIndex', 'skip'] } as const;
const ALL_START_PARAMS: readonly string[] = [...START_PARAMS.string, ...START_PARAMS.number];
/** Query parameters that set a page's size. */
const SIZE_PARAMS = ['page_size', 'count'];
/** Page size of a list tool when the agent gives none (some lists return nothing without one). */
export const DEFAULT_PAGE_SIZE = 50;

/** The arguments of an operation as its spec shapes them (the catalog's `WireArgs`). */
export interface WireArguments {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
}

type Target = 'path' | 'query' | 'header' | 'field' | 'body';

/** How one tool argument reaches the wire. */
interface Binding {
  readonly target: Target;
  readonly wire: string;
}

/** The input side of an operation's tool. */
export interface OperationInput {
  /** The tool's `inputSchema`. */
  readonly schema: JsonObject;
  /** The arguments the agent must give, with the required fields of required objects (`group.display_name`). */
  readonly needs: readonly string[];
  /** Whether the tool pages (it takes `cursor` and returns `next_cursor`). */
  readonly paged: boolean;
  /** The wire arguments for validated tool arguments and the position a cursor held. */
  wire(args: JsonObject, position: PagePosition | undefined): WireArguments;
}

/**
 * Derives a tool's input from an operation.
 * @param fixed Values the server supplies from its configuration, by wire name (`tenant_id`).
 * @param paged Whether the catalog lists this operation page by page.
 * @param hidden Parameters the tool leaves out (by wire name).
 */
export function operationInput(
  doc: JsonObject,
  op: SpecOperation,
  fixed: Readonly<Record<string, string>>,
  paged: boolean,
  hidden: readonly string[] = [],
): OperationInput {
  const builder = new SchemaBuilder(doc);
  const properties: JsonObject = {};
  const required: string[] = [];
  const needs: string[] = [];
  const bindings = new Map<string, Binding>();
  const fixedPath: Record<string, string> = {};
  const startParams: string[] = [];
  let sizeParam: { name: string; max: number | undefined } | undefined;

  const addParameter = (p: SpecParameter) => {
    if (p.name in fixed) {
      if (p.in === 'path') fixedPath[p.name] = fixed[p.name]!;
      return;
    }
    if (p.in === 'cookie' || (p.in === 'header' && !p.required) || hidden.includes(p.name)) return;
    if (paged && p.in === 'query' && ALL_START_PARAMS.includes(p.name)) {
      startParams.push(p.name);
      return;
    }
    const schema = builder.convert(p.schema) as JsonObject;
    if (paged && p.in === 'query' && SIZE_PARAMS.includes(p.name)) {
      const max = typeof p.schema.maximum === 'number' ? p.schema.maximum : undefined;
      sizeParam = { name: p.name, max };
      schema.default = Math.min(DEFAULT_PAGE_SIZE, max ?? DEFAULT_PAGE_SIZE);
    }
    properties[p.name] = p.description ? { ...schema, description: p.description } : schema;
    bindings.set(p.name, { target: p.in, wire: p.name });
    if (p.required) {
      required.push(p.name);
      needs.push(p.name);
    }
  };
  for (const p of op.serverVariables) addParameter(p);
  for (const p of op.parameters) addParameter(p);

  let bodyRequired = false;
  // The JSON body (`application/json` or `application/scim+json`), when the operation takes one.
  const body = op.requestBody;
  if (body?.schema) {
    const fields = builder.objectFields(body.schema);
    const clash = fields && Object.keys(fields.properties).some((name) => name in properties);
    if (fields && !clash) {
      for (const [name, schema] of Object.entries(fields.properties)) {
        properties[name] = builder.convert(schema);
        bindings.set(name, { target: 'field', wire: name });
      }
      for (const name of fields.required) {
        required.push(name);
        needs.push(...nestedNeeds(builder, name, fields.properties[name]));
      }
      bodyRequired = body.required;
    } else {
      properties.body = {
        ...(builder.convert(body.schema) as JsonObject),
        description: 'The request body, as the spec shapes it.',
      };
      bindings.set('body', { target: 'body', wire: 'body' });
      if (body.required) {
        required.push('body');
        needs.push('body');
      }
    }
  }

  const isPaged = paged && startParams.length > 0;
  if (isPaged)
    properties.cursor = {
      type: 'string',
      minLength: 1,
      description:
        'Where to continue: the `next_cursor` of the previous page of this tool, with the same other arguments. Omit it for the first page.',
    };

  const schema = builder.finish({
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  });

  return {
    schema,
    needs,
    paged: isPaged,
    wire(args, position) {
      const out: WireArguments = { path: { ...fixedPath }, query: {}, header: {}, body: undefined };
      const fields: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(args)) {
        const binding = bindings.get(name);
        if (binding === undefined || value === undefined) continue;
        if (binding.target === 'field') fields[binding.wire] = value;
        else if (binding.target === 'body') out.body = value;
        else out[binding.target][binding.wire] = value;
      }
      if (Object.keys(fields).length > 0 || bodyRequired) out.body = fields;
      if (sizeParam && out.query[sizeParam.name] === undefined)
        out.query[sizeParam.name] = Math.min(DEFAULT_PAGE_SIZE, sizeParam.max ?? DEFAULT_PAGE_SIZE);
      if (position !== undefined) out.query[startParamFor(startParams, position)] = position;
      return out;
    },
  };
}

/** The start parameter that carries a position of this type (a token or cursor, an index or offset). */
function startParamFor(params: readonly string[], position: PagePosition): string {
  const candidates: readonly string[] =
    typeof position === 'number' ? START_PARAMS.number : START_PARAMS.string;
  const param = params.find((p) => candidates.includes(p));
  if (param === undefined)
    throw new ValidationError('cursor', 'does not fit this list; omit it for the first page');
  return param;
}

/** `group`, or the required fields inside it (`group.display_name`) when it is an object. */
function nestedNeeds(builder: SchemaBuilder, name: string, schema: unknown): string[] {
  const inner = isObject(schema) ? builder.objectFields(schema) : undefined;
  if (!inner || inner.required.length === 0) return [name];
  return inner.required.map((field) => `${name}.${field}`);
}
