// The tooling @x/specs gives the documents' consumers (the emulator, the command line, the MCP
// server): the bundled documents, local references, the operations index and the closed-object
// convention, the same from `import` and from `require`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as esm from '../index.mjs';
import {
  closedSchema,
  isClosedObject,
  type JsonObject,
  resolvePointer,
  resolveRef,
  type SpecOperation,
  specDocument,
  specNames,
  specOperations,
  specPath,
} from '../index.mjs';

const cjs = createRequire(import.meta.url)('../index.cjs') as typeof esm;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('the two entries', () => {
  it('export the same functions, so ESM and CommonJS callers share one cache', () => {
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
    for (const [name, value] of Object.entries(esm))
      expect(value, name).toBe(cjs[name as keyof typeof cjs]);
    expect(cjs.specDocument('legacy')).toBe(specDocument('legacy'));
  });
});

describe('specDocument', () => {
  it.each(specNames)('%s is the bundled JSON, read once', (name) => {
    const doc = specDocument(name);
    expect(doc).toEqual(JSON.parse(readFileSync(specPath(name, 'json'), 'utf8')));
    expect(specDocument(name)).toBe(doc);
  });

  it('refuses a name that is not a published spec', () => {
    expect(() => specDocument('nope')).toThrow(/unknown spec "nope"/);
  });
});

describe('resolvePointer and resolveRef', () => {
  const doc: JsonObject = {
    paths: { '/a/{id}': { get: { operationId: 'getA' } } },
    components: {
      schemas: {
        Alias: { $ref: '#/components/schemas/Middle' },
        Middle: { $ref: '#/components/schemas/Target' },
        Target: { type: 'string' },
        'a~b': { const: 1 },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
    list: [{ x: 1 }],
  };

  it('finds the node a local pointer names, unescaping ~1 and ~0, one step only', () => {
    expect(resolvePointer(doc, '#/paths/~1a~1{id}/get')).toEqual({ operationId: 'getA' });
    expect(resolvePointer(doc, '#/components/schemas/a~0b')).toEqual({ const: 1 });
    expect(resolvePointer(doc, '#/components/schemas/Alias')).toEqual({
      $ref: '#/components/schemas/Middle',
    });
    expect(resolvePointer(doc, '#/list/0/x')).toBe(1);
    expect(resolvePointer(doc, '#')).toBe(doc);
  });

  it('gives undefined for what is not there, inherited names and non-local pointers', () => {
    expect(resolvePointer(doc, '#/components/schemas/Missing')).toBeUndefined();
    expect(resolvePointer(doc, '#/components/schemas/constructor')).toBeUndefined();
    expect(resolvePointer(doc, '#/components/schemas/Target/type/length')).toBeUndefined();
    expect(resolvePointer(doc, 'other.yaml#/components/schemas/Target')).toBeUndefined();
  });

  it('follows references until a node that is not one', () => {
    expect(resolveRef(doc, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'string' });
    expect(resolveRef(doc, { type: 'integer' })).toEqual({ type: 'integer' });
    expect(resolveRef(doc, 'text')).toBe('text');
    expect(resolveRef(doc, undefined)).toBeUndefined();
    expect(resolveRef(doc, { $ref: 'https://example.com/s.json' })).toEqual({
      $ref: 'https://example.com/s.json',
    });
  });

  it('ends a cycle of references', () => {
    expect(resolveRef(doc, { $ref: '#/components/schemas/Loop' })).toEqual({
      $ref: '#/components/schemas/Loop',
    });
  });

  it('resolves every reference of the published documents', () => {
    for (const name of specNames) {
      const spec = specDocument(name);
      const refs = new Set<string>();
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object')
          for (const [key, value] of Object.entries(node))
            if (key === '$ref' && typeof value === 'string') refs.add(value);
            else walk(value);
      };
      walk(spec);
      for (const ref of refs)
        expect(resolveRef(spec, { $ref: ref }), `${name} ${ref}`).toBeTypeOf('object');
    }
  });
});

describe('specOperations', () => {
  it.each(specNames)('%s: every operation of the document, by operationId', (name) => {
    const doc = specDocument(name);
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>;
    const expected = Object.entries(paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map(
        (m) => `${m.toUpperCase()} ${path} ${item[m]!.operationId}`,
      ),
    );
    const ops = specOperations(name);
    expect(
      [...ops.values()].map((op) => `${op.method} ${op.path} ${op.operationId}`).sort(),
    ).toEqual(expected.sort());
    for (const [id, op] of ops) {
      expect(op.operationId).toBe(id);
      expect(op.spec).toBe(name);
      expect(op.tag, id).toBeTypeOf('string');
      expect(op.summary, id).toBeTypeOf('string');
      expect(Object.isFrozen(op)).toBe(true);
    }
    expect(specOperations(name)).toBe(ops);
  });

  const op = (spec: string, id: string): SpecOperation => {
    const found = specOperations(spec).get(id);
    if (!found) throw new Error(`no ${id} in ${spec}`);
    return found;
  };

  it('merges the parameters of the path into each of its operations', () => {
    const getUser = op('workforce', 'getUser');
    expect(getUser).toMatchObject({ method: 'GET', path: '/v2/users/{user_id}', tag: 'Users' });
    expect(getUser.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:user_id']);
    expect(getUser.parameters[0]).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(op('workforce', 'deleteUser').parameters.map((p) => p.name)).toEqual(['user_id']);
  });

  it('gives each parameter once, its reference resolved', () => {
    for (const name of specNames)
      for (const { operationId, parameters } of specOperations(name).values()) {
        const keys = parameters.map((p) => `${p.in}:${p.name}`);
        expect(new Set(keys).size, operationId).toBe(keys.length);
        for (const p of parameters) expect(p, operationId).not.toHaveProperty('$ref');
      }
  });

  it('reads the JSON request body', () => {
    const create = op('access', 'createScimUser');
    expect(Object.keys(create.requestBody!.content)).toEqual(['application/json']);
    expect(create.requestBody).toMatchObject({
      required: true,
      schema: { $ref: '#/components/schemas/ScimUserCreate' },
    });
    const token = op('access', 'issueToken');
    expect(Object.keys(token.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(token.requestBody!.schema).toBeUndefined();
    expect(op('workforce', 'getUser').requestBody).toBeUndefined();
  });

  it('indexes the responses with their media types, JSON schema and headers', () => {
    const list = op('access', 'listScimUsers');
    expect(list.responses['200']!.schema).toBeDefined();
    expect(list.responses['200']!.content['application/scim+json']).toBeDefined();
    expect(list.responses['429']).toMatchObject({ content: {}, schema: undefined });
    expect(list.responses['429']!.headers).toContain('RateLimit-Reset');
  });

  it('gives the variables of a path-level server, not the base address', () => {
    const list = op('access', 'listScimUsers');
    expect(list.path).toBe('/Users');
    expect(list.serverUrl).toBe(
      '{access_api_url}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2',
    );
    expect(list.serverVariables.map((v) => v.name)).toEqual(['tenant_id', 'realm_id']);
    for (const v of list.serverVariables)
      expect(v).toMatchObject({
        in: 'path',
        required: true,
        schema: { type: 'string', minLength: 1 },
        description: expect.any(String),
      });
    // Token issuance has a server of its own, a different base address and no other variable.
    const token = op('access', 'issueToken');
    expect(token.serverUrl).toBe('{access_auth_url}');
    expect(token.serverVariables).toEqual([]);
    // Operations without a server of their own are addressed at the document's.
    expect(op('workforce', 'getUser')).toMatchObject({
      serverUrl: '{workforce_api_url}',
      serverVariables: [],
    });
  });

  it('names the security schemes an operation accepts', () => {
    expect(op('workforce', 'getUser').securitySchemes).toEqual(['bearerAuth', 'oauth2']);
    expect(op('legacy', specOperations('legacy').keys().next().value!).securitySchemes).toEqual([
      'bearerAuth',
    ]);
  });
});

describe('isClosedObject and closedSchema', () => {
  it('close objects that list their fields and say nothing more', () => {
    expect(isClosedObject({ type: 'object', properties: { a: {} } })).toBe(true);
    expect(isClosedObject({ allOf: [{ $ref: '#/components/schemas/A' }] })).toBe(true);
    expect(isClosedObject({ properties: {}, additionalProperties: true })).toBe(false);
    expect(isClosedObject({ properties: {}, additionalProperties: false })).toBe(false);
    expect(isClosedObject({ properties: {}, unevaluatedProperties: false })).toBe(false);
    expect(isClosedObject({ allOf: [{ properties: {}, additionalProperties: true }] })).toBe(false);
    expect(isClosedObject({ type: 'string' })).toBe(false);
    expect(isClosedObject(undefined)).toBe(false);
  });

  it('copies a schema closing its objects and pointing its references at refBase', () => {
    const schema = {
      type: 'object',
      properties: {
        user: { $ref: '#/components/schemas/User' },
        tags: { type: 'array', items: { type: 'object', properties: { name: {} } } },
        open: { type: 'object', properties: {}, additionalProperties: true },
        both: { allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: {} } }] },
        external: { $ref: 'https://example.com/s.json' },
      },
      examples: [{ user: {}, extra: { properties: 1 } }],
      discriminator: { propertyName: 'type', mapping: { a: '#/components/schemas/A' } },
    };
    const before = structuredClone(schema);
    expect(closedSchema(schema, 'urn:test')).toEqual({
      type: 'object',
      properties: {
        user: { $ref: 'urn:test#/components/schemas/User' },
        tags: {
          type: 'array',
          items: { type: 'object', properties: { name: {} }, unevaluatedProperties: false },
        },
        open: { type: 'object', properties: {}, additionalProperties: true },
        both: {
          allOf: [{ $ref: 'urn:test#/components/schemas/A' }, { properties: { b: {} } }],
          unevaluatedProperties: false,
        },
        external: { $ref: 'https://example.com/s.json' },
      },
      examples: [{ user: {}, extra: { properties: 1 } }],
      discriminator: { propertyName: 'type', mapping: { a: '#/components/schemas/A' } },
      unevaluatedProperties: false,
    });
    expect(schema).toEqual(before);
    expect(closedSchema({ $ref: '#/components/schemas/User' })).toEqual({
      $ref: '#/components/schemas/User',
    });
    expect(closedSchema('text', 'urn:test')).toBe('text');
  });
});
