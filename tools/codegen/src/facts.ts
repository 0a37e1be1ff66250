// What the SDK derives from each operation of a spec, besides its types: the facts the family's
// operation catalog and its resources' parameter tables are built from (`generated/operations.ts`).
// Read from the spec's YAML source (its references are all local), as the path map is: codegen
// runs before the specs are bundled.
import { readFileSync } from 'node:fs';
import { resolveRef, specPath } from '@x/specs';
import { parse } from 'yaml';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One operation's facts, as written into the generated module. */
export interface OperationFactsSource {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly serverVariables: readonly string[];
  readonly query: readonly string[];
  readonly header: readonly string[];
  readonly body: readonly string[] | null;
}

/** The names in a path template, in path order: `/a/{a_id}/b/{b_id}:x` → `a_id`, `b_id`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/**
 * The members of an object schema, in spec order, following `$ref`s and the parts of an `allOf`
 * (an object built of parts is still one object).
 */
export function objectMembers(doc: JsonObject, schema: unknown): string[] {
  const node = resolveRef(doc, schema);
  if (!isObject(node)) return [];
  const own = isObject(node.properties) ? Object.keys(node.properties) : [];
  const parts = Array.isArray(node.allOf) ? node.allOf.flatMap((p) => objectMembers(doc, p)) : [];
  return [...new Set([...own, ...parts])];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The names of the parameters of an operation at `where`: the path's, then its own (which replace the path's). */
function parameterNames(doc: JsonObject, item: JsonObject, op: JsonObject, where: string) {
  const names: string[] = [];
  for (const list of [item.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = resolveRef(doc, raw);
      if (isObject(p) && p.in === where && typeof p.name === 'string' && !names.includes(p.name))
        names.push(p.name);
    }
  }
  return names;
}

/** The variables of a server other than the base address its URL starts with (`{access_api_url}`). */
function serverVariables(servers: unknown): string[] {
  const server: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(server) || !isObject(server.variables) || typeof server.url !== 'string') return [];
  const base = /^\{([^{}]+)\}/.exec(server.url)?.[1];
  return Object.keys(server.variables).filter((name) => name !== base);
}

/** The facts of each operation of a document, by operationId, in document order. */
export function documentFacts(doc: JsonObject): Map<string, OperationFactsSource> {
  const out = new Map<string, OperationFactsSource>();
  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = resolveRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || !isObject(op) || typeof op.operationId !== 'string') continue;
      const body = resolveRef(doc, op.requestBody);
      const content = isObject(body) && isObject(body.content) ? body.content : {};
      const media = content['application/json'] ?? content['application/scim+json'];
      out.set(op.operationId, {
        method,
        path,
        pathParams: pathParamNames(path),
        serverVariables: serverVariables(op.servers ?? item.servers ?? doc.servers),
        query: parameterNames(doc, item, op, 'query'),
        header: parameterNames(doc, item, op, 'header'),
        body: isObject(body)
          ? objectMembers(doc, isObject(media) ? media.schema : undefined)
          : null,
      });
    }
  }
  return out;
}

/** The export of an operation's query list: `listRoles` → `listRolesQuery`. */
export const queryName = (operationId: string) => `${operationId}Query`;

const list = (names: readonly string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`;

/** The two generated modules of one spec, as the file contents to commit. */
export interface GeneratedFacts {
  /** `generated/operations.ts`: every operation's facts, for the operation catalog. */
  readonly operations: string;
  /** `generated/queries.ts`: each operation's query list, for the resources and the catalog. */
  readonly queries: string;
}

/**
 * The generated modules of one spec. Deterministic: spec order. The query lists are a module of
 * their own, which the resources import: a client's bundle (and its shared chunk) keeps the lists
 * and leaves the catalog's facts to the catalog's entry point.
 */
export function generateFacts(name: string, displayPath: string): GeneratedFacts {
  const header = `// Generated by tools/codegen from ${displayPath}. Do not edit: change the spec and run \`pnpm codegen\`.`;
  const doc = parse(readFileSync(specPath(name), 'utf8')) as JsonObject;
  const facts = documentFacts(doc);
  const queries: string[] = [header, ''];
  const named: string[] = [];
  for (const [id, f] of facts) {
    if (f.query.length === 0) continue;
    named.push(queryName(id));
    queries.push(
      `/** The query parameters of \`${id}\`, in spec order. */`,
      `export const ${queryName(id)} = ${list(f.query)} as const;`,
      '',
    );
  }
  if (named.length === 0) queries.push('export {};', '');
  const lines = [header, ''];
  if (named.length > 0) lines.push(`import { ${named.join(', ')} } from './queries.js';`, '');
  lines.push(
    '/**',
    ' * Each operation of the spec by operationId: its HTTP method and path; its parameters by place,',
    ' * the path ones in path order (`serverVariables`: the variables of its own server, which tools',
    ' * give with the path parameters); and the members of its JSON request body in spec order',
    ' * (`null`: it takes none). The operation catalog reads them here.',
    ' */',
    'export const OPERATION_FACTS = {',
  );
  for (const [id, f] of facts) {
    lines.push(
      `  ${id}: {`,
      `    method: '${f.method}',`,
      `    path: '${f.path}',`,
      `    pathParams: ${list(f.pathParams)},`,
      `    serverVariables: ${list(f.serverVariables)},`,
      `    query: ${f.query.length === 0 ? '[]' : queryName(id)},`,
      `    header: ${list(f.header)},`,
      `    body: ${f.body === null ? 'null' : list(f.body)},`,
      '  },',
    );
  }
  lines.push('} as const;', '');
  return { operations: lines.join('\n'), queries: queries.join('\n') };
}
