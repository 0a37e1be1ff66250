// JSON values as the spec documents hold them, and a schema flattened for flags and help: its
// references resolved and its `allOf` parts merged.
import { type JsonObject, resolveRef } from '@x/specs';

/** A JSON object of unknown shape: a document or one of its parts. */
export type Json = JsonObject;

/** Whether a value is a plain JSON object. */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with its references resolved and its `allOf` parts merged (for flags and help). */
export function flatSchema(doc: Json, node: unknown): Json {
  const schema = resolveRef(doc, node);
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
