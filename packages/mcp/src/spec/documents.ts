// The published OpenAPI documents (`@x/specs`, bundled JSON), read once per process. Tool names,
// descriptions and input schemas are derived from them, so the server always offers the
// operations exactly as the specs it ships with describe them.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';
import { isObject, type JsonObject } from './json.js';

/** The families of the platform, each with one spec document. */
export type FamilyName = 'workforce' | 'access' | 'events' | 'legacy';

const documents = new Map<FamilyName, JsonObject>();

/** The bundled spec document of a family (cached). */
export function specDocument(family: FamilyName): JsonObject {
  let doc = documents.get(family);
  if (!doc) {
    const file = specPath(family, 'json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `@x/mcp: cannot read ${file}; build the specs (pnpm --filter @x/specs build)`,
        {
          cause: error,
        },
      );
    }
    doc = JSON.parse(text) as JsonObject;
    documents.set(family, doc);
  }
  return doc;
}

/** Follows local `$ref`s (`#/components/...`) until a node that is not a reference. */
export function resolveRef(doc: JsonObject, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    if (!isObject(current) || typeof current.$ref !== 'string' || !current.$ref.startsWith('#/'))
      return current;
    current = pointer(doc, current.$ref);
  }
  return current;
}

/** The node a local JSON pointer (`#/components/schemas/User`) points at. */
export function pointer(doc: JsonObject, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, part) =>
        isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      doc,
    );
}
