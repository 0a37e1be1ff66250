// Plain JSON values as the spec documents hold them.
import type { JsonObject } from '@x/specs';

/** A JSON object of unknown shape (an OpenAPI document or one of its parts). */
export type Json = JsonObject;

/** Whether a value is a plain JSON object. */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
