// The published OpenAPI documents, read from `@x/specs` (its bundled JSON, or the YAML source
// when the JSON was not built) once per process.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';
import { parse } from 'yaml';

/** A JSON object of unknown shape: a document or one of its parts. */
export type Json = Record<string, unknown>;

/** Whether a value is a plain JSON object. */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cache = new Map<string, Json>();

/** The OpenAPI document of a family's spec (`workforce`, `access`, `events`, `legacy`). */
export function specDocument(name: string): Json {
  let doc = cache.get(name);
  if (doc) return doc;
  try {
    doc = JSON.parse(readFileSync(specPath(name, 'json'), 'utf8')) as Json;
  } catch {
    doc = parse(readFileSync(specPath(name, 'yaml'), 'utf8')) as Json;
  }
  cache.set(name, doc);
  return doc;
}

/** Follows local `$ref`s (`#/components/...`) to the node they name. */
export function deref(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    if (!isObject(current) || typeof current.$ref !== 'string' || !current.$ref.startsWith('#/'))
      return current;
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (acc, part) =>
          isObject(acc) ? acc[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
        doc,
      );
  }
  return current;
}

/** A schema with its references resolved and its `allOf` parts merged (for flags and help). */
export function flatSchema(doc: Json, node: unknown): Json {
  const schema = deref(doc, node);
  if (!isObject(schema)) return {};
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Json = { ...schema, properties: {}, required: [] };
  delete merged.allOf;
  for (const part of [...schema.allOf.map((p) => flatSchema(doc, p)), schema]) {
    Object.assign(merged.properties as Json, isObject(part.properties) ? part.properties : {});
    if (Array.isArray(part.required)) (merged.required as unknown[]).push(...part.required);
    if (typeof part.type === 'string') merged.type = part.type;
  }
  return merged;
}
