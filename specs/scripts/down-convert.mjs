// Derives the OpenAPI 3.0.3 form of a bundled 3.1 document, for generators that read only 3.0
// (oapi-codegen, openapi-generator's stable paths, …). The 3.1 document stays the truth; what
// 3.0 cannot say is dropped or weakened here and listed in the 3.0 document's info.description.
//
// Written here rather than taken from @apiture/openapi-down-convert (0.14.2): that tool walks
// into example values and stops with a TypeError on the SCIM discovery examples, and it leaves
// `const` with a falsy value unconverted. Our documents use few 3.1 features, each handled below.

/** @typedef {Record<string, unknown>} Json */

const isObject = (/** @type {unknown} */ v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys whose value is one schema, and keys whose value is a list or a map of schemas. */
const ONE = ['items', 'not', 'additionalProperties', 'contains'];
const LIST = ['allOf', 'oneOf', 'anyOf'];

/** What 3.0 cannot say, by kind, as readers of the 3.0 document are told it. */
const LOSSES = {
  summary: 'the document summary (`info.summary`) is folded into this description',
  const: '`const` is written as a one-value `enum`',
  nullable: 'a type list with `null` is written as the type with `nullable: true`',
  examples:
    'a schema with several `examples` keeps only the first, as `example` (the 3.1 document has them all)',
  contains:
    '`contains` (an array must hold a given item) is dropped: the 3.1 document requires the core SCIM URN among `schemas`; this one does not say so',
  refSiblings:
    'a description beside a `$ref` is dropped (3.0 ignores siblings of `$ref`); the referenced schema keeps its own',
};

/**
 * @param {Json} doc31 a bundled OpenAPI 3.1 document (not changed)
 * @returns {{ doc: Json, losses: Record<string, string[]> }} the 3.0.3 document, and where each
 *   kind of loss happened (JSON pointers)
 */
export function downConvert(doc31) {
  /** @type {Record<string, string[]>} */
  const losses = {};
  const lose = (/** @type {keyof LOSSES} */ kind, /** @type {string} */ where) => {
    losses[kind] ??= [];
    losses[kind].push(where);
  };
  const doc = structuredClone(doc31);
  doc.openapi = '3.0.3';
  const info = /** @type {Json} */ (doc.info);
  if (typeof info.summary === 'string') {
    info.description = `${info.summary}\n\n${info.description ?? ''}`.trim();
    delete info.summary;
    lose('summary', '#/info/summary');
  }
  if (isObject(info.license)) delete (/** @type {Json} */ (info.license).identifier);

  /** @param {unknown} node @param {string} at */
  const schema = (node, at) => {
    if (!isObject(node)) return;
    const s = /** @type {Json} */ (node);
    if (typeof s.$ref === 'string') {
      const siblings = Object.keys(s).filter((key) => key !== '$ref');
      for (const key of siblings) delete s[key];
      if (siblings.length > 0) lose('refSiblings', at);
      return;
    }
    if ('const' in s) {
      s.enum = [s.const];
      delete s.const;
      lose('const', at);
    }
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t) => t !== 'null');
      if (types.length !== 1) throw new Error(`${at}: type list ${s.type} has no 3.0 form`);
      if (types.length < s.type.length) {
        s.nullable = true;
        lose('nullable', at);
      }
      s.type = types[0];
    }
    if (Array.isArray(s.examples)) {
      if (s.examples.length > 0) s.example = s.examples[0];
      if (s.examples.length > 1) lose('examples', at);
      delete s.examples;
    }
    if ('contains' in s) {
      delete s.contains;
      lose('contains', at);
    }
    for (const key of ONE) schema(s[key], `${at}/${key}`);
    for (const key of LIST)
      if (Array.isArray(s[key]))
        for (const [i, sub] of s[key].entries()) schema(sub, `${at}/${key}/${i}`);
    if (isObject(s.properties))
      for (const [name, sub] of Object.entries(/** @type {Json} */ (s.properties)))
        schema(sub, `${at}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  };

  /** Everything outside schemas: find the schemas, skip example values. */
  const walk = (/** @type {unknown} */ node, /** @type {string} */ at) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(/** @type {Json} */ (node))) {
      const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (key === 'example' || key === 'examples') continue;
      if (key === 'schema') schema(value, here);
      else if (key === 'schemas' && at === '#/components' && isObject(value))
        for (const [name, s] of Object.entries(/** @type {Json} */ (value)))
          schema(s, `${here}/${name}`);
      else walk(value, here);
    }
  };
  walk(doc, '#');

  const kinds = /** @type {(keyof LOSSES)[]} */ (Object.keys(losses));
  if (kinds.length > 0)
    info.description = `${info.description ?? ''}

## This is the OpenAPI 3.0.3 form

It is derived from the OpenAPI 3.1 document of the same name, which is the source of truth. What
OpenAPI 3.0 cannot say is written differently or left out here:

${kinds.map((kind) => `- ${LOSSES[kind]} (${losses[kind].length}×)`).join('\n')}
`.trimStart();
  return { doc, losses };
}
