// Fields whose value the schema fixes (`"type": {"const": "traits_v0"}`), filled in when left out,
// so that a CSV or a flag need not repeat what can only have one value.
import { specDocument } from '@x/specs';
import { flatSchema, isObject, type Json } from './schema.js';

/** The one object schema a value must match: itself, or the single branch of a `oneOf`/`anyOf`. */
export function objectBranch(spec: string, schema: unknown): Json {
  const doc = specDocument(spec);
  let s = flatSchema(doc, schema);
  for (let i = 0; i < 4; i++) {
    const branches = Array.isArray(s.oneOf)
      ? s.oneOf
      : Array.isArray(s.anyOf)
        ? s.anyOf
        : undefined;
    if (branches?.length !== 1) break;
    s = flatSchema(doc, branches[0]);
  }
  return s;
}

/** The schema of property `name` of an object schema, references resolved. */
export function propertySchema(spec: string, schema: unknown, name: string): Json | undefined {
  const branch = objectBranch(spec, schema);
  const props = isObject(branch.properties) ? branch.properties : {};
  return name in props ? flatSchema(specDocument(spec), props[name]) : undefined;
}

/** Sets every required `const` property of `value` that is missing (in place); returns it. */
export function fillConsts(spec: string, schema: unknown, value: unknown): unknown {
  if (!isObject(value)) return value;
  const branch = objectBranch(spec, schema);
  const props = isObject(branch.properties) ? branch.properties : {};
  const required = new Set(Array.isArray(branch.required) ? branch.required : []);
  for (const [name, raw] of Object.entries(props)) {
    const prop = flatSchema(specDocument(spec), raw);
    if (value[name] === undefined && required.has(name) && 'const' in prop)
      value[name] = prop.const;
    else if (isObject(value[name])) fillConsts(spec, raw, value[name]);
  }
  return value;
}
