// The names other teams' generators give our shapes read well only when the document names them:
// a generator names an unnamed object after where it stands (`CreateUser200Response`,
// `InlineObject3`, `ScimUser_Manager`). So every request body, response body and nested object
// that a generator would make a type of is a `$ref` to a component, every component's `title` is
// its component name (some generators name a type by its title), and every operationId starts with
// a verb from the list below (generated method names read `client.listUsers(...)`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specNames, specPath } from '../index.mjs';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const load = (name: string) => JSON.parse(readFileSync(specPath(name, 'json'), 'utf8')) as Json;

/**
 * The verbs an operationId may start with. `batch` is the verb of the batch methods the platform
 * publishes (`identities:batchDelete`, as Google's AIP-235 names them).
 */
export const OPERATION_VERBS = [
  'add',
  'batch',
  'check',
  'create',
  'delete',
  'get',
  'issue',
  'list',
  'patch',
  'recover',
  'remove',
  'replace',
  'retire',
  'revoke',
  'set',
  'test',
  'update',
] as const;

/**
 * Whether a generator makes a type of this inline schema, and so names it after where it stands:
 * an object with `properties`, or a union (`oneOf`, `anyOf`) of two or more schemas besides
 * `null`. A free-form map (`type: object` with no `properties`, only `additionalProperties`) is not
 * one: TypeScript, Go and Java read it as a map; openapi-python-client names it
 * `<Parent><Property>`, which reads. An inline enum is not one either: each generator names it after
 * its property (`SchemasEnum`). Nor is an `allOf`: generators merge its members into one type.
 */
function wouldBeNamed(schema: Json): boolean {
  if (typeof schema.$ref === 'string') return false;
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return true;
  return ['oneOf', 'anyOf'].some(
    (k) =>
      Array.isArray(schema[k]) &&
      (schema[k] as unknown[]).filter((m) => !(isObject(m) && m.type === 'null')).length > 1,
  );
}

/** Locations of inline schemas a generator would name, in `schema` (at `where`) or under it. */
function unnamed(schema: unknown, where: string, out: string[]): void {
  if (!isObject(schema) || typeof schema.$ref === 'string') return;
  if (wouldBeNamed(schema)) out.push(where);
  nested(schema, where, out);
}

/** The same, for what a schema holds: its properties, items, map values and union members. */
function nested(schema: Json, where: string, out: string[]): void {
  for (const [name, value] of Object.entries(isObject(schema.properties) ? schema.properties : {}))
    unnamed(value, `${where}/properties/${name}`, out);
  unnamed(schema.items, `${where}/items`, out);
  unnamed(schema.additionalProperties, `${where}/additionalProperties`, out);
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    if (Array.isArray(schema[key]))
      for (const [i, member] of (schema[key] as unknown[]).entries()) {
        // An allOf member is merged into the schema that holds it: only what it holds is named.
        if (key !== 'allOf') unnamed(member, `${where}/${key}/${i}`, out);
        else if (isObject(member)) nested(member, `${where}/${key}/${i}`, out);
      }
}

/** Every inline schema a generator would name, with its JSON pointer. */
export function unnamedShapes(doc: Json): string[] {
  const out: string[] = [];
  const bodies = (content: unknown, where: string) => {
    for (const [type, media] of Object.entries(isObject(content) ? content : {}))
      if (isObject(media)) unnamed(media.schema, `${where}/content/${type}/schema`, out);
  };
  const parameters = (list: unknown, where: string) => {
    for (const [i, p] of (Array.isArray(list) ? list : []).entries())
      if (isObject(p)) unnamed(p.schema, `${where}/parameters/${i}/schema`, out);
  };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const at = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    parameters(item.parameters, at);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      parameters(op.parameters, `${at}/${method}`);
      if (isObject(op.requestBody)) bodies(op.requestBody.content, `${at}/${method}/requestBody`);
      for (const [status, response] of Object.entries((op.responses ?? {}) as Json))
        if (isObject(response)) bodies(response.content, `${at}/${method}/responses/${status}`);
    }
  }
  const components = (doc.components ?? {}) as Record<string, Record<string, Json>>;
  for (const [name, body] of Object.entries(components.requestBodies ?? {}))
    bodies(body.content, `#/components/requestBodies/${name}`);
  for (const [name, response] of Object.entries(components.responses ?? {}))
    bodies(response.content, `#/components/responses/${name}`);
  parameters(Object.values(components.parameters ?? {}), '#/components');
  // A component is named; what it holds is not.
  for (const [name, schema] of Object.entries(components.schemas ?? {}))
    nested(schema, `#/components/schemas/${name}`, out);
  return out;
}

describe.each(specNames)('%s.json names what generators name', (name) => {
  const doc = load(name);
  const operationIds = Object.values((doc.paths ?? {}) as Record<string, Json>).flatMap((item) =>
    METHODS.filter((m) => isObject(item[m])).map((m) => String((item[m] as Json).operationId)),
  );

  it('every body, parameter and nested object a generator would name is a $ref', () => {
    expect(unnamedShapes(doc)).toEqual([]);
  });

  it('every component schema has a title equal to its name (the name generators use)', () => {
    const schemas = ((doc.components as Json)?.schemas ?? {}) as Record<string, Json>;
    expect(Object.keys(schemas).length).toBeGreaterThan(0);
    const wrong = Object.entries(schemas)
      .filter(([component, schema]) => schema.title !== component)
      .map(([component, schema]) => `${component}: ${String(schema.title)}`);
    expect(wrong).toEqual([]);
  });

  it('every operationId is unique and starts with a verb', () => {
    expect(operationIds.length).toBeGreaterThan(0);
    expect(operationIds.filter((id, i) => operationIds.indexOf(id) !== i)).toEqual([]);
    const verbFirst = new RegExp(`^(${OPERATION_VERBS.join('|')})([A-Z0-9]|$)`);
    expect(operationIds.filter((id) => !verbFirst.test(id))).toEqual([]);
  });
});

describe('the checks find what they look for', () => {
  const doc = {
    paths: {
      '/users': {
        post: {
          operationId: 'createUser',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/x' } } } },
          responses: {
            '200': {
              content: {
                'application/json': { schema: { type: 'object', properties: { id: {} } } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        User: {
          type: 'object',
          properties: {
            manager: { oneOf: [{ type: 'string' }, { $ref: '#/y' }] },
            team: { oneOf: [{ $ref: '#/y' }, { type: 'null' }] },
            badge: {
              allOf: [
                { $ref: '#/y' },
                { type: 'object', properties: { issuer: { type: 'object', properties: {} } } },
              ],
            },
            address: {
              allOf: [
                {
                  type: 'object',
                  properties: { geo: { type: 'object', properties: { lat: {} } } },
                },
              ],
            },
            labels: { type: 'object', additionalProperties: { type: 'string' } },
            emails: { type: 'array', items: { type: 'object', properties: { value: {} } } },
          },
        },
      },
    },
  };

  it('finds inline bodies, nested objects and unions, with their location; lets maps, nullable references and allOf members be', () => {
    expect(unnamedShapes(doc)).toEqual([
      '#/paths/~1users/post/responses/200/content/application/json/schema',
      '#/components/schemas/User/properties/manager',
      '#/components/schemas/User/properties/address/allOf/0/properties/geo',
      '#/components/schemas/User/properties/emails/items',
    ]);
  });
});
