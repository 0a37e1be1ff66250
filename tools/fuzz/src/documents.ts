// The documents Schemathesis reads: each family's bundled document (specs/dist/<family>.json)
// with the specs' convention made explicit. The specs README says "objects with a complete field
// list say nothing, and the example check treats them as closed"; a JSON Schema tool reads
// silence as open and would send undeclared fields as valid data. So every closed object (as
// `isClosedObject` of @x/specs decides) is given `additionalProperties: false` (or
// `unevaluatedProperties: false` when it is an `allOf`), exactly what the emulator validates
// against; nothing else changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closedSchema, type SpecName, specDocument } from '@x/specs';
import { cacheDir } from './paths.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// `unevaluatedProperties: false` on an object without applicators says the same as
// `additionalProperties: false`, which every generator understands.
function preferAdditional(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(preferAdditional);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k === 'example' || k === 'examples' ? v : preferAdditional(v);
  const applicators = ['allOf', 'anyOf', 'oneOf', '$ref', 'if', 'dependentSchemas'];
  if (out.unevaluatedProperties === false && !applicators.some((k) => k in out)) {
    delete out.unevaluatedProperties;
    out.additionalProperties = false;
  }
  return out;
}

/** The closed form of one family's document. */
export function closedDocument(family: SpecName): Json {
  const doc = specDocument(family) as Json;
  return {
    ...doc,
    paths: preferAdditional(closedSchema(doc.paths)),
    components: preferAdditional(closedSchema(doc.components)),
  };
}

/** Writes the closed form of a family's document under `.cache/fuzz/documents/`; returns its path. */
export function writeClosedDocument(family: SpecName): string {
  const dir = join(cacheDir, 'documents');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${family}.json`);
  writeFileSync(path, JSON.stringify(closedDocument(family), null, 2));
  return path;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Every link a document declares, keyed as the stateful summary keys the links it walked:
 * `METHOD /path -> [status] LinkName`.
 */
export function declaredLinks(doc: Json): string[] {
  const components = (doc.components ?? {}) as Json;
  const deref = (node: unknown, kind: string): Json => {
    const ref = isObject(node) ? node.$ref : undefined;
    if (typeof ref !== 'string') return (node ?? {}) as Json;
    return ((components[kind] as Json)[ref.split('/').pop() as string] ?? {}) as Json;
  };
  const keys: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json))
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!METHODS.includes(method) || !isObject(operation)) continue;
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json))
        for (const name of Object.keys((deref(response, 'responses').links ?? {}) as Json))
          keys.push(`${method.toUpperCase()} ${path} -> [${status}] ${name}`);
    }
  return keys.sort();
}
