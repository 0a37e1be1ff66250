// The platform's JSON is proto3 JSON: an empty list, a zero number, `false` and an empty string are
// left out. So a response schema of families W (its /v2 API) and A requires no boolean, number or
// list, and the list responses read `{}` as an empty page. SCIM schemas follow RFC 7643 and are
// left out; so are the schemas a request body shares, whose `required` checks what is sent.
import { describe, expect, it } from 'vitest';
import { type JsonObject, specDocument } from '../index.mjs';

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const SCHEMA_REF = '#/components/schemas/';

/** The component schemas reachable from `roots` (through `$ref`s of schemas and request bodies). */
function reachable(doc: JsonObject, roots: unknown[]): Set<string> {
  const components = doc.components as Record<string, JsonObject>;
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const [, , kind, name] = ref.split('/');
      if (kind === 'schemas' && name && !seen.has(name)) {
        seen.add(name);
        walk(components.schemas?.[name]);
      } else if (kind === 'requestBodies' && name) walk(components.requestBodies?.[name]);
      else if (kind === 'responses' && name) walk(components.responses?.[name]);
      return;
    }
    Object.values(node).forEach(walk);
  };
  roots.forEach(walk);
  return seen;
}

function operationsOf(doc: JsonObject) {
  return Object.values(doc.paths as Record<string, JsonObject>).flatMap((item) =>
    ['get', 'put', 'post', 'patch', 'delete'].map((method) => item[method]).filter(isObject),
  );
}

/** Required response fields that proto3 JSON can leave out: `Schema.field (type)`. */
function zeroValuedRequired(name: 'access' | 'workforce'): string[] {
  const doc = specDocument(name);
  const ops = operationsOf(doc);
  const requests = reachable(
    doc,
    ops.map((op) => op.requestBody),
  );
  const responses = reachable(
    doc,
    ops.flatMap((op) =>
      Object.entries(isObject(op.responses) ? op.responses : {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, response]) => response),
    ),
  );
  const schemas = (doc.components as Record<string, Record<string, JsonObject>>).schemas ?? {};
  const typeOf = (property: unknown): unknown => {
    if (!isObject(property)) return undefined;
    if (typeof property.$ref === 'string' && property.$ref.startsWith(SCHEMA_REF))
      return typeOf(schemas[property.$ref.slice(SCHEMA_REF.length)]);
    return property.type;
  };
  const found: string[] = [];
  for (const schemaName of responses) {
    if (requests.has(schemaName) || /^Scim/.test(schemaName)) continue;
    const schema = schemas[schemaName];
    const properties = isObject(schema?.properties) ? schema.properties : {};
    for (const field of Array.isArray(schema?.required) ? (schema.required as string[]) : []) {
      const type = typeOf(properties[field]);
      if (type === 'boolean' || type === 'integer' || type === 'number' || type === 'array')
        found.push(`${schemaName}.${field} (${String(type)})`);
    }
  }
  return found.sort();
}

describe('proto3 JSON: zero values may be absent from responses', () => {
  it.each(['access', 'workforce'] as const)(
    '%s: no response schema requires a boolean, number or list',
    (name) => {
      // A batch job's `identity_ids` has 1 to 1000 items: never empty.
      const allowed = name === 'access' ? ['BatchCredentialBindingJob.identity_ids (array)'] : [];
      expect(zeroValuedRequired(name)).toEqual(allowed);
    },
  );
});
