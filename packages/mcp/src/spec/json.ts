// Plain JSON values as the spec documents and the MCP wire hold them.
import type { JsonObject } from '@x/specs';

/** A JSON object of unknown shape (an OpenAPI document, a schema, a tool's arguments). */
export type { JsonObject } from '@x/specs';

/** Whether a value is a plain JSON object (not an array, not null). */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
