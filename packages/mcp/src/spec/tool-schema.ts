// Spec schemas made into self-contained JSON Schema 2020-12 for tool inputs: the components a
// schema references are copied under `$defs` (so recursion and sharing survive), and what is
// OpenAPI rather than JSON Schema (examples, `discriminator`, `x-` extensions) is left out. The
// constraints stay exactly as the spec states them: lengths, patterns, enums, ranges, required.
import { isClosedObject, resolvePointer } from '@x/specs';
import { isObject, type JsonObject } from './json.js';

const COMPONENT_REF = '#/components/schemas/';
const DEF_REF = '#/$defs/';
const DROPPED = new Set(['example', 'examples', 'discriminator', 'xml', 'externalDocs']);

/** Collects the `$defs` of the schemas made for one tool. */
export class SchemaBuilder {
  readonly #doc: JsonObject;
  readonly #defs: Record<string, unknown> = {};

  constructor(doc: JsonObject) {
    this.#doc = doc;
  }

  /**
   * The tool's schema with the components it uses: a component used once is copied in place, so
   * the agent reads an argument's fields where the argument is; one used more than once (or
   * recursively) stays under `$defs` and is referenced.
   */
  finish(schema: JsonObject): JsonObject {
    const uses = new Map<string, number>();
    const count = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(count);
      else if (isObject(node))
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string' && value.startsWith(DEF_REF))
            uses.set(value.slice(DEF_REF.length), (uses.get(value.slice(DEF_REF.length)) ?? 0) + 1);
          else count(value);
        }
    };
    count(schema);
    count(this.#defs);
    const once = (name: string) => uses.get(name) === 1;
    const inline = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(inline);
      if (!isObject(node)) return node;
      if (typeof node.$ref === 'string' && node.$ref.startsWith(DEF_REF)) {
        const name = node.$ref.slice(DEF_REF.length);
        if (once(name)) {
          const { $ref: _ref, ...siblings } = node;
          return inline({ ...(this.#defs[name] as JsonObject), ...siblings });
        }
      }
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
    };
    const out = inline(schema) as JsonObject;
    const kept = Object.keys(this.#defs).filter((name) => !once(name));
    if (kept.length > 0)
      out.$defs = Object.fromEntries(kept.map((name) => [name, inline(this.#defs[name])]));
    return out;
  }

  /**
   * A copy of a spec schema for a tool input. Objects that declare their properties without
   * saying `additionalProperties` are closed, which is the specs' convention ("objects with a
   * complete field list say nothing", `isClosedObject` of `@x/specs`), so an unknown field is
   * refused with its name before any call.
   */
  convert(schema: unknown, insideAllOf = false): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.convert(s, insideAllOf));
    if (!isObject(schema)) return schema;
    const leaf = this.#leaf(schema.$ref);
    if (leaf) {
      // A named string, number or enum (`DisplayName`) is copied in place: each argument then
      // states its own rules, with no reference to follow. The referring schema's own keywords
      // (a more specific description) win.
      const { $ref: _ref, ...siblings } = schema;
      return this.convert({ ...leaf, ...siblings }, insideAllOf);
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === '$ref' && typeof value === 'string') out.$ref = this.#ref(value);
      else if (key === 'allOf' && Array.isArray(value))
        out.allOf = value.map((s) => this.convert(s, true));
      else if (key === 'properties' && isObject(value))
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, s]) => [name, this.convert(s)]),
        );
      else out[key] = this.convert(value);
    }
    // `additionalProperties` is what most clients know; only a composition needs `unevaluated…`,
    // which also sees the properties its `allOf` members declare.
    if (!insideAllOf && isClosedObject(schema))
      out[Array.isArray(schema.allOf) ? 'unevaluatedProperties' : 'additionalProperties'] = false;
    return out;
  }

  /**
   * The component a schema is, or refers to (one level), for hoisting a body's fields into a
   * tool's arguments; undefined when it is not a plain object schema.
   */
  objectFields(
    schema: JsonObject,
  ): { properties: JsonObject; required: string[]; schema: JsonObject } | undefined {
    let target: unknown = schema;
    for (let hops = 0; hops < 8; hops++) {
      if (isObject(target) && typeof target.$ref === 'string')
        target = resolvePointer(this.#doc, target.$ref);
      else if (isObject(target) && Array.isArray(target.allOf) && target.allOf.length === 1)
        // `allOf` of one component (a replace body that is "the create shape"): that component.
        target = target.allOf[0];
      else break;
    }
    if (!isObject(target) || target.oneOf || target.anyOf || target.allOf) return undefined;
    if (target.type !== 'object') return undefined;
    if (target.additionalProperties !== undefined && target.additionalProperties !== false)
      return undefined;
    return {
      properties: isObject(target.properties) ? target.properties : {},
      required: Array.isArray(target.required)
        ? target.required.filter((r): r is string => typeof r === 'string')
        : [],
      schema: target,
    };
  }

  /** The component a `$ref` names when it is a leaf: no object, array or composition inside. */
  #leaf(ref: unknown): JsonObject | undefined {
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_REF)) return undefined;
    const target = resolvePointer(this.#doc, ref);
    if (!isObject(target)) return undefined;
    const nested = [
      'properties',
      'items',
      'allOf',
      'oneOf',
      'anyOf',
      '$ref',
      'additionalProperties',
    ];
    if (target.type === 'object' || target.type === 'array' || nested.some((k) => k in target))
      return undefined;
    return target;
  }

  #ref(ref: string): string {
    if (!ref.startsWith(COMPONENT_REF)) return ref;
    const name = ref.slice(COMPONENT_REF.length);
    if (!(name in this.#defs)) {
      // Placeholder first: a component that refers to itself must not be converted twice.
      this.#defs[name] = {};
      this.#defs[name] = this.convert(resolvePointer(this.#doc, ref));
    }
    return `#/$defs/${name}`;
  }
}
