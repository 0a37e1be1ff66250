// Event payloads shaped by the events spec: the payload schema whose `type_name` constant
// matches is looked up once, and a payload keeps only what that schema declares, so the events
// the emulator records follow the spec as it is when it runs.
import { specDocument } from '@x/specs';
import { isObject } from '../../spec/json.js';
import { projectToSchema } from '../../spec/schemas.js';

let byTypeName: Map<string, unknown> | undefined;

function payloadSchemas(): Map<string, unknown> {
  if (byTypeName) return byTypeName;
  byTypeName = new Map();
  const doc = specDocument('events');
  const schemas =
    isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const typeName = schema.properties.type_name;
    if (isObject(typeName) && typeof typeName.const === 'string')
      byTypeName.set(typeName.const, { $ref: `#/components/schemas/${name}` });
  }
  return byTypeName;
}

/** A payload shaped to its schema (unchanged when the spec has none for its `type_name`). */
export function shapeEventData(data: Record<string, unknown>): Record<string, unknown> {
  const schema =
    typeof data.type_name === 'string' ? payloadSchemas().get(data.type_name) : undefined;
  return schema ? (projectToSchema('events', schema, data) as Record<string, unknown>) : data;
}
