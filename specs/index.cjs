// @x/specs: the published specs, where their files live, and what every consumer of the documents
// needs from them: the bundled document, its local `$ref`s, its operations by operationId, and the
// documents' closed-object convention made explicit for JSON Schema validators.
// This CommonJS file is the only implementation: index.mjs re-exports it for ES modules, so an
// application that loads both forms reads each document once. The types are in index.d.cts.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * @typedef {import('./index.cjs').JsonObject} JsonObject
 * @typedef {import('./index.cjs').SpecOperation} SpecOperation
 * @typedef {import('./index.cjs').SpecParameter} SpecParameter
 * @typedef {import('./index.cjs').SpecRequestBody} SpecRequestBody
 * @typedef {import('./index.cjs').SpecResponse} SpecResponse
 */

/** Names of the published specs, one per API family. */
const specNames = Object.freeze(['legacy', 'workforce', 'access', 'events']);

/**
 * Absolute path of a published spec file.
 * @param {string} name one of `specNames`
 * @param {'yaml' | 'json'} [format] YAML source or bundled JSON (JSON exists after `build`)
 * @returns {string}
 */
function specPath(name, format = 'yaml') {
  if (!specNames.includes(name))
    throw new Error(`unknown spec "${name}"; known: ${specNames.join(', ')}`);
  return join(__dirname, format === 'json' ? `dist/${name}.json` : `${name}.yaml`);
}

/**
 * Whether a value is a plain JSON object (not an array, not null).
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @type {Map<string, JsonObject>} */
const documents = new Map();

/**
 * The bundled document of a spec (`dist/<name>.json`), parsed at first use and cached for the
 * process. Callers share it: treat it as read-only.
 * @param {string} name one of `specNames`
 * @returns {JsonObject}
 */
function specDocument(name) {
  let doc = documents.get(name);
  if (doc) return doc;
  const file = specPath(name, 'json');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `@x/specs: cannot read ${file}; build the specs first (pnpm --filter @x/specs build)`,
      { cause: error },
    );
  }
  doc = /** @type {JsonObject} */ (JSON.parse(text));
  documents.set(name, doc);
  return doc;
}

/**
 * The node a local JSON pointer (`#/components/schemas/User`) names in a document; undefined
 * when nothing is there or the pointer is not local. One step: a `$ref` found there is returned
 * as it is (see `resolveRef`).
 * @param {JsonObject} doc
 * @param {string} pointer
 * @returns {unknown}
 */
function resolvePointer(doc, pointer) {
  if (pointer === '#') return doc;
  if (typeof pointer !== 'string' || !pointer.startsWith('#/')) return undefined;
  /** @type {unknown} */
  let node = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[key];
  }
  return node;
}

/**
 * Follows local `$ref`s (`#/components/...`) until a node that is not a reference (at most 32
 * hops, so a cycle of references ends). Any other node is returned as it is.
 * @param {JsonObject} doc
 * @param {unknown} node
 * @returns {unknown}
 */
function resolveRef(doc, node) {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    if (!isObject(current) || typeof current.$ref !== 'string' || !current.$ref.startsWith('#'))
      return current;
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

// The methods of an OpenAPI path item, in the order the specification lists them.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// The media types whose schema is "the JSON body", in order of preference.
const JSON_TYPES = ['application/json', 'application/scim+json'];

/** @type {Map<string, ReadonlyMap<string, SpecOperation>>} */
const indexes = new Map();

/**
 * Every operation of a spec by operationId, path by path in document order (cached for the
 * process).
 * Operations without an operationId are left out (the documents have none).
 * @param {string} name one of `specNames`
 * @returns {ReadonlyMap<string, SpecOperation>}
 */
function specOperations(name) {
  let index = indexes.get(name);
  if (!index) {
    index = indexOperations(name);
    indexes.set(name, index);
  }
  return index;
}

/**
 * @param {string} name
 * @returns {Map<string, SpecOperation>}
 */
function indexOperations(name) {
  const doc = specDocument(name);
  /** @type {Map<string, SpecOperation>} */
  const out = new Map();
  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = resolveRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const server = serverOf(op.servers) ?? serverOf(item.servers) ?? serverOf(doc.servers);
      out.set(
        op.operationId,
        Object.freeze({
          spec: name,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          summary: typeof op.summary === 'string' ? op.summary : undefined,
          description: typeof op.description === 'string' ? op.description : undefined,
          tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined,
          parameters: parametersOf(doc, item.parameters, op.parameters),
          requestBody: requestBodyOf(doc, op.requestBody),
          responses: responsesOf(doc, op.responses),
          serverUrl: server?.url,
          serverVariables: server ? serverVariablesOf(server) : Object.freeze([]),
          securitySchemes: securitySchemesOf(op.security ?? doc.security),
        }),
      );
    }
  }
  return out;
}

/**
 * Path-level then operation-level parameters; an operation's parameter replaces the path's one
 * with the same name and location.
 * @param {JsonObject} doc
 * @param {unknown} pathLevel
 * @param {unknown} opLevel
 * @returns {readonly SpecParameter[]}
 */
function parametersOf(doc, pathLevel, opLevel) {
  /** @type {Map<string, SpecParameter>} */
  const byKey = new Map();
  for (const list of [pathLevel, opLevel]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = resolveRef(doc, raw);
      if (!isObject(p) || typeof p.name !== 'string') continue;
      const where = p.in;
      if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')
        continue;
      byKey.set(
        `${where}:${p.name}`,
        Object.freeze({
          name: p.name,
          in: where,
          required: p.required === true,
          description: typeof p.description === 'string' ? p.description : undefined,
          schema: isObject(p.schema) ? p.schema : {},
          example: p.example,
        }),
      );
    }
  }
  return Object.freeze([...byKey.values()]);
}

/**
 * Each media type (lower-cased) to its schema, and the JSON one.
 * @param {JsonObject} doc
 * @param {unknown} rawContent
 * @returns {{ content: Readonly<Record<string, JsonObject | undefined>>, schema: JsonObject | undefined }}
 */
function contentOf(doc, rawContent) {
  /** @type {Record<string, JsonObject | undefined>} */
  const content = {};
  const declared = resolveRef(doc, rawContent);
  if (isObject(declared))
    for (const [type, media] of Object.entries(declared))
      content[type.toLowerCase()] =
        isObject(media) && isObject(media.schema) ? media.schema : undefined;
  const json = JSON_TYPES.find((type) => content[type] !== undefined);
  return { content: Object.freeze(content), schema: json ? content[json] : undefined };
}

/**
 * @param {JsonObject} doc
 * @param {unknown} raw
 * @returns {SpecRequestBody | undefined}
 */
function requestBodyOf(doc, raw) {
  const body = resolveRef(doc, raw);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  return Object.freeze({ required: body.required === true, ...contentOf(doc, body.content) });
}

/**
 * @param {JsonObject} doc
 * @param {unknown} raw
 * @returns {Readonly<Record<string, SpecResponse>>}
 */
function responsesOf(doc, raw) {
  /** @type {Record<string, SpecResponse>} */
  const out = {};
  if (isObject(raw))
    for (const [status, r] of Object.entries(raw)) {
      const response = resolveRef(doc, r);
      if (!isObject(response)) continue;
      out[status] = Object.freeze({
        ...contentOf(doc, response.content),
        headers: Object.freeze(isObject(response.headers) ? Object.keys(response.headers) : []),
      });
    }
  return Object.freeze(out);
}

/**
 * The first entry of a `servers` list, when it has a URL.
 * @param {unknown} servers
 * @returns {{ url: string, variables?: unknown } | undefined}
 */
function serverOf(servers) {
  const first = Array.isArray(servers) ? servers[0] : undefined;
  return isObject(first) && typeof first.url === 'string'
    ? { url: first.url, variables: first.variables }
    : undefined;
}

/**
 * The variables of a server other than the base address its URL starts with, as path parameters:
 * `tenant_id` and `realm_id` of `{access_api_url}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`.
 * @param {{ url: string, variables?: unknown }} server
 * @returns {readonly SpecParameter[]}
 */
function serverVariablesOf(server) {
  if (!isObject(server.variables)) return Object.freeze([]);
  const base = /^\{([^{}]+)\}/.exec(server.url)?.[1];
  return Object.freeze(
    Object.entries(server.variables)
      .filter(([name]) => name !== base)
      .map(([name, variable]) =>
        Object.freeze({
          name,
          in: /** @type {const} */ ('path'),
          required: true,
          description:
            isObject(variable) && typeof variable.description === 'string'
              ? variable.description
              : undefined,
          schema: { type: 'string', minLength: 1 },
          example: undefined,
        }),
      ),
  );
}

/**
 * The names of the security schemes any of which a requirement list accepts.
 * @param {unknown} raw
 * @returns {readonly string[]}
 */
function securitySchemesOf(raw) {
  if (!Array.isArray(raw)) return Object.freeze([]);
  return Object.freeze(
    raw.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : [])),
  );
}

/**
 * Whether the documents' convention makes a schema a closed object: it declares `properties`
 * (or is an `allOf`) and says nothing about further properties, neither itself
 * (`additionalProperties`, `unevaluatedProperties`) nor in a member of its `allOf`. The members
 * of an `allOf` are parts, not objects of their own: callers do not close them.
 * @param {unknown} schema
 * @returns {boolean}
 */
function isClosedObject(schema) {
  if (!isObject(schema)) return false;
  if ('additionalProperties' in schema || 'unevaluatedProperties' in schema) return false;
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : undefined;
  if (allOf?.some((part) => isObject(part) && 'additionalProperties' in part)) return false;
  return 'properties' in schema || allOf !== undefined;
}

/**
 * A copy of a spec schema for a JSON Schema 2020-12 validator: every closed object (see
 * `isClosedObject`) says `unevaluatedProperties: false`, and local `$ref`s (`#/components/...`)
 * are prefixed with `refBase`, the `$id` under which the caller registers the document's
 * components (`{ $id: refBase, components: closedSchema(doc.components, refBase) }`).
 * `example`, `examples` and `discriminator` are copied as they are.
 * @param {unknown} schema
 * @param {string} [refBase] prefix of local references (none by default)
 * @returns {unknown}
 */
function closedSchema(schema, refBase = '') {
  return close(schema, refBase, false);
}

/**
 * @param {unknown} schema
 * @param {string} refBase
 * @param {boolean} insideAllOf
 * @returns {unknown}
 */
function close(schema, refBase, insideAllOf) {
  if (Array.isArray(schema)) return schema.map((s) => close(s, refBase, insideAllOf));
  if (!isObject(schema)) return schema;
  /** @type {JsonObject} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/'))
      out[key] = `${refBase}${value}`;
    else if (key === 'allOf' && Array.isArray(value))
      out[key] = value.map((s) => close(s, refBase, true));
    else if (key === 'properties' && isObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, s]) => [k, close(s, refBase, false)]),
      );
    else if (key === 'example' || key === 'examples' || key === 'discriminator') out[key] = value;
    else out[key] = close(value, refBase, false);
  }
  if (!insideAllOf && isClosedObject(schema)) out.unevaluatedProperties = false;
  return out;
}

module.exports = {
  specNames,
  specPath,
  specDocument,
  specOperations,
  resolvePointer,
  resolveRef,
  isClosedObject,
  closedSchema,
};
