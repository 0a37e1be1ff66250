// What other teams' generators rely on, checked on the bundled documents they consume: every
// operation has an operationId unique within its document (each document generates its own client),
// at least one tag that the document declares, and reusable object shapes are named components
// (no inline object schema with properties is repeated; titles and verb-first operationIds:
// generated-names.test.ts). Each document, in its 3.1 source form
// and its derived 3.0.3 form (dist/3.0/<name>.json), is valid against the OpenAPI schema of its
// version as @seriousme/openapi-schema-validator checks it: that validator, like several
// generators, reads any member named `$ref` as a reference.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { specNames, specPath } from '../index.mjs';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const load = (name: string) => JSON.parse(readFileSync(specPath(name, 'json'), 'utf8')) as Json;
const load30 = (name: string) =>
  JSON.parse(readFileSync(new URL(`../dist/3.0/${name}.json`, import.meta.url), 'utf8')) as Json;

describe.each(specNames)('%s is a valid OpenAPI document in both versions', (name) => {
  it.each([
    ['3.1', load(name)],
    ['3.0', load30(name)],
  ])('OpenAPI %s', async (version, doc) => {
    expect(String(doc.openapi)).toBe(version === '3.1' ? '3.1.0' : '3.0.3');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the 3.0 form says what 3.0 cannot say in its description', () => {
    const description = String((load30(name).info as Json).description);
    expect(description).toContain('## This is the OpenAPI 3.0.3 form');
    expect(JSON.stringify(load30(name))).not.toMatch(/"(const|contains)":/);
  });
});

function operations(doc: Json) {
  const result: { where: string; op: Json }[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>))
    for (const method of METHODS)
      if (item[method])
        result.push({ where: `${method.toUpperCase()} ${path}`, op: item[method] as Json });
  return result;
}

/** Inline (non-$ref) object schemas with properties outside components, by canonical text. */
function inlineObjects(node: unknown, path: string, found: Map<string, string[]>) {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) inlineObjects(n, `${path}/${i}`, found);
  } else if (node && typeof node === 'object') {
    const obj = node as Json;
    if (obj.type === 'object' && obj.properties && Object.keys(obj.properties).length > 1) {
      const key = JSON.stringify(obj, (_k, v) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([k]) => !['description', 'example', 'examples', 'title'].includes(k))
                .sort(),
            )
          : v,
      );
      found.set(key, [...(found.get(key) ?? []), path]);
    }
    for (const [k, v] of Object.entries(obj)) inlineObjects(v, `${path}/${k}`, found);
  }
}

describe.each(specNames)('%s.json is ready for generators', (name) => {
  const doc = load(name);
  const ops = operations(doc);

  it('has operations', () => expect(ops.length).toBeGreaterThan(0));

  it('every operation has a unique operationId', () => {
    const ids = ops.map(({ where, op }) => {
      expect(op.operationId, where).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      return op.operationId as string;
    });
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('every operation is grouped by a declared tag', () => {
    const declared = new Set(((doc.tags ?? []) as { name: string }[]).map((t) => t.name));
    for (const { where, op } of ops) {
      const tags = (op.tags ?? []) as string[];
      expect(tags.length, `${where} has a tag`).toBeGreaterThan(0);
      for (const tag of tags)
        expect(declared.has(tag), `${where}: tag "${tag}" is declared`).toBe(true);
    }
  });

  it('reusable shapes are named components', () => {
    expect(Object.keys(((doc.components as Json)?.schemas ?? {}) as Json).length).toBeGreaterThan(
      0,
    );
    const found = new Map<string, string[]>();
    inlineObjects(doc.paths, '#/paths', found);
    const repeated = [...found.values()].filter((paths) => paths.length > 1);
    expect(repeated, 'inline object schemas repeated instead of a $ref').toEqual([]);
  });
});
