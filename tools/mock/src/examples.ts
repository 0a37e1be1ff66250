// Reads a spec's examples, so contract tests compare what the SDK returns with what Prism serves.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
const cache = new Map<string, Json>();

function load(spec: string): Json {
  let doc = cache.get(spec);
  if (!doc) {
    doc = parse(readFileSync(specPath(spec), 'utf8')) as Json;
    cache.set(spec, doc);
  }
  return doc;
}

function resolve(doc: Json, node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((acc, part) => acc[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
  }
  return current;
}

/** Finds an operation of a spec by its operationId. */
export function operation(
  spec: string,
  operationId: string,
): { path: string; method: string; op: Json } {
  const doc = load(spec);
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(item as Json))
      if ((op as Json)?.operationId === operationId) return { path, method, op: op as Json };
  throw new Error(`${spec}: no operation ${operationId}`);
}

/** The first example (the one Prism serves) of an operation's response for a status. */
export function exampleFor(spec: string, operationId: string, status = '200'): unknown {
  const doc = load(spec);
  const { op } = operation(spec, operationId);
  const response = resolve(doc, (op.responses as Json)[status]);
  if (!response) throw new Error(`${spec} ${operationId}: no ${status} response`);
  const content = response.content as Json | undefined;
  if (!content) return undefined;
  const media = Object.values(content)[0] as Json;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples as Json) ?? {})[0];
  return first === undefined ? undefined : resolve(doc, first).value;
}

/** The statuses an operation declares. */
export function declaredStatuses(spec: string, operationId: string): string[] {
  return Object.keys(operation(spec, operationId).op.responses as Json);
}
