// The properties of a spec's component schemas, for tests that tie the SDK's hand-kept field
// lists (which body fields it checks, which read-only ones it leaves out) to the spec.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';
import { parse } from 'yaml';

interface SchemaNode {
  $ref?: string;
  allOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  readOnly?: boolean;
}

const documents = new Map<string, { components: { schemas: Record<string, SchemaNode> } }>();

function schemaOf(spec: string, ref: string | SchemaNode): SchemaNode {
  let doc = documents.get(spec);
  if (!doc) {
    doc = parse(readFileSync(specPath(spec), 'utf8')) as typeof doc & object;
    documents.set(spec, doc);
  }
  const node =
    typeof ref === 'string'
      ? doc.components.schemas[ref.replace(/^#\/components\/schemas\//, '')]
      : ref;
  if (!node) throw new Error(`${spec}: no schema ${String(ref)}`);
  return node.$ref ? schemaOf(spec, node.$ref) : node;
}

/** The properties of a schema (its `allOf` parts merged), each with whether it is read-only. */
export function schemaProperties(spec: string, name: string | SchemaNode): Map<string, SchemaNode> {
  const node = schemaOf(spec, name);
  const out = new Map<string, SchemaNode>();
  for (const part of node.allOf ?? [])
    for (const [k, v] of schemaProperties(spec, part)) out.set(k, v);
  for (const [key, value] of Object.entries(node.properties ?? {})) out.set(key, value);
  return out;
}

/** The names of a schema's properties that are not read-only. */
export function writableProperties(spec: string, name: string | SchemaNode): string[] {
  return [...schemaProperties(spec, name)]
    .filter(([, value]) => !schemaOf(spec, value).readOnly && !value.readOnly)
    .map(([key]) => key)
    .sort();
}

/** The names of a schema's read-only properties. */
export function readOnlyProperties(spec: string, name: string | SchemaNode): string[] {
  return [...schemaProperties(spec, name)]
    .filter(([, value]) => value.readOnly || schemaOf(spec, value).readOnly)
    .map(([key]) => key)
    .sort();
}

/** The schema of one property of a schema (a nested object's, for its own fields). */
export function propertySchema(spec: string, name: string, property: string): SchemaNode {
  const value = schemaProperties(spec, name).get(property);
  if (!value) throw new Error(`${spec}: ${name} has no property ${property}`);
  return schemaOf(spec, value);
}
