// The published OpenAPI documents, read once per process from `@x/specs` (bundled JSON) and
// shared by every emulator instance: starting many instances in one test run costs nothing.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';

/** A JSON object of unknown shape (an OpenAPI document or one of its parts). */
export type Json = Record<string, unknown>;

/** Names of the spec documents the emulator serves. */
export type SpecName = 'workforce' | 'access' | 'events' | 'legacy';

const documents = new Map<SpecName, Json>();

/**
 * The bundled document of a spec. The JSON is what `pnpm --filter @x/specs build` writes; it is
 * read at first use, so the emulator always serves the specs as they are when it runs.
 */
export function specDocument(name: SpecName): Json {
  let doc = documents.get(name);
  if (!doc) {
    const file = specPath(name, 'json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `@x/emulator: cannot read ${file}; build the specs first (pnpm --filter @x/specs build)`,
        { cause: error },
      );
    }
    doc = JSON.parse(text) as Json;
    documents.set(name, doc);
  }
  return doc;
}

/** Whether a value is a plain JSON object. */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows local `$ref`s (`#/components/...`) until a node that is not a reference. */
export function resolveRef(doc: Json, node: unknown): unknown {
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
