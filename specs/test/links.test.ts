// Every create operation's success response links to the operations that take the new id, and
// every link resolves: neither Redocly nor Spectral checks link expressions. For each link, in
// the bundled 3.1 documents and their 3.0 down-conversions: its `operationId` names an operation
// of the document, each parameter it sets is a parameter of that operation, it sets every path
// parameter that operation needs, each `$response.body#/…` pointer resolves in the source's
// response schema, and each `$request.path.x` (or `.query.x`, `.header.x`) names a parameter of
// the source operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveRef, specDocument, specNames, specPath } from '../index.mjs';

// Documents are walked as loosely typed JSON; each read is checked where it matters.
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON of unknown shape
type Json = Record<string, any>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Create operations no other operation takes the new id of, and why. */
const CREATES_WITHOUT_LINKS: Record<string, string> = {
  // recoverLegacyUser names the user by the caller's `external_id` in its body; no operation of
  // family L takes the `internal_id` the platform assigns.
  'legacy createLegacyUser': 'no operation takes internal_id',
};

interface Operation {
  id: string;
  params: Json[];
  responses: Json;
}

function operations(doc: Json): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const rawItem of Object.values(doc.paths ?? {})) {
    const item = resolveRef(doc, rawItem) as Json;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
        (p: unknown) => resolveRef(doc, p) as Json,
      );
      out.set(op.operationId, { id: op.operationId, params, responses: op.responses ?? {} });
    }
  }
  return out;
}

/** The schema a JSON pointer reaches inside a schema (through `$ref`, `allOf`, `items`). */
function schemaAt(doc: Json, schema: unknown, pointer: string): unknown {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = schema;
  for (const part of parts) {
    const s = resolveRef(doc, current) as Json;
    if (!isObject(s)) return undefined;
    const candidates = [
      s,
      ...((s.allOf ?? []) as unknown[]).map((m) => resolveRef(doc, m) as Json),
    ];
    let next: unknown;
    for (const c of candidates) {
      if (/^\d+$/.test(part) && c.items !== undefined) next ??= c.items;
      else if (isObject(c.properties) && part in c.properties) next ??= c.properties[part];
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return resolveRef(doc, current);
}

interface Problem {
  link: string;
  problem: string;
}

/** Every link of a document and what is wrong with it. */
function checkLinks(doc: Json): { links: number; problems: Problem[]; linkedCreates: Set<string> } {
  const ops = operations(doc);
  const problems: Problem[] = [];
  const linkedCreates = new Set<string>();
  let links = 0;
  for (const source of ops.values()) {
    for (const [status, rawResponse] of Object.entries(source.responses)) {
      const response = resolveRef(doc, rawResponse) as Json;
      for (const [name, rawLink] of Object.entries((response.links ?? {}) as Json)) {
        links += 1;
        const link = resolveRef(doc, rawLink) as Json;
        const where = `${source.id} ${status} ${name}`;
        const report = (problem: string) => problems.push({ link: where, problem });
        if (/^2/.test(status)) linkedCreates.add(source.id);
        const target = ops.get(link.operationId);
        if (!target) {
          report(`operationId ${link.operationId} is not an operation of the document`);
          continue;
        }
        const set = new Set<string>();
        for (const [key, expression] of Object.entries((link.parameters ?? {}) as Json)) {
          const [location, paramName] = key.includes('.') ? key.split('.', 2) : [undefined, key];
          const param = target.params.find(
            (p) => p.name === paramName && (location === undefined || p.in === location),
          );
          if (!param) report(`${key} is not a parameter of ${target.id}`);
          else set.add(`${param.in}.${param.name}`);
          if (typeof expression !== 'string' || !expression.startsWith('$')) continue;
          const body = /^\$response\.body#(\/.*)$/.exec(expression);
          const request = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
          if (body) {
            const schemas = Object.values((response.content ?? {}) as Json).map((m) => m.schema);
            if (schemas.length === 0) report(`${expression}: the response has no body`);
            for (const schema of schemas) {
              const at = schemaAt(doc, schema, body[1] as string) as Json | undefined;
              if (!at) report(`${expression} does not resolve in the response schema`);
              else if (param && param.in === 'path' && at.type !== 'string')
                report(`${expression} is not a string, yet fills path parameter ${param.name}`);
            }
          } else if (request) {
            const found = source.params.some((p) => p.in === request[1] && p.name === request[2]);
            if (!found) report(`${expression} is not a parameter of ${source.id}`);
          } else report(`${expression} is not an expression this test knows`);
        }
        for (const p of target.params)
          if (p.in === 'path' && !set.has(`path.${p.name}`))
            report(`path parameter ${p.name} of ${target.id} is not set`);
      }
    }
  }
  return { links, problems, linkedCreates };
}

const documents = specNames.flatMap((name) => [
  { name, version: '3.1', doc: specDocument(name) as Json },
  {
    name,
    version: '3.0',
    doc: JSON.parse(
      readFileSync(specPath(name, 'json').replace(/([^/\\]+)$/, '3.0/$1'), 'utf8'),
    ) as Json,
  },
]);

describe.each(documents)('links of $name ($version)', ({ name, doc }) => {
  const { links, problems, linkedCreates } = checkLinks(doc);

  it('resolve: operation, parameter names, body pointers and request parameters', () => {
    expect(problems).toEqual([]);
  });

  it('start at every create operation', () => {
    const creates = [...operations(doc).keys()].filter(
      (id) => /^create[A-Z]/.test(id) && !(`${name} ${id}` in CREATES_WITHOUT_LINKS),
    );
    expect(creates.filter((id) => !linkedCreates.has(id))).toEqual([]);
    if (creates.length > 0) expect(links).toBeGreaterThanOrEqual(creates.length);
  });
});

describe.each(specNames)('links of %s', (name) => {
  it('survive the 3.0 down-conversion', () => {
    const [v31, v30] = documents.filter((d) => d.name === name).map((d) => d.doc);
    const linksOf = (doc: Json | undefined) =>
      [...operations(doc as Json).values()].flatMap((op) =>
        Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(((resolveRef(doc as Json, r) as Json).links ?? {}) as Json).map(
            ([linkName, link]) => ({ at: `${op.id} ${status} ${linkName}`, link }),
          ),
        ),
      );
    expect(linksOf(v30)).toEqual(linksOf(v31));
  });
});
