// Prism serves examples without checking them, so every example in every spec is validated here
// against its schema. Objects that declare `properties` are closed for this check (unless they
// say otherwise with `additionalProperties`: `closedSchema`), so a misspelt key in an example
// fails too. The same examples are checked again against the derived OpenAPI 3.0 documents
// (dist/3.0/<name>.json), whose schemas say some things differently (`nullable`, `enum`).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { closedSchema, resolveRef, specNames, specPath } from '../index.mjs';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface ExampleCase {
  where: string;
  schema: unknown;
  value: unknown;
}

function collect(doc: Json): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const fromHolder = (where: string, holder: Json, schema: unknown) => {
    if ('example' in holder)
      cases.push({ where: `${where} example`, schema, value: holder.example });
    if (isObject(holder.examples))
      for (const [name, ex] of Object.entries(holder.examples)) {
        const example = resolveRef(doc, ex);
        if (isObject(example) && 'value' in example)
          cases.push({ where: `${where} examples.${name}`, schema, value: example.value });
      }
  };
  const fromContent = (where: string, content: unknown) => {
    if (!isObject(content)) return;
    for (const [mediaType, media] of Object.entries(content))
      if (isObject(media)) fromHolder(`${where} ${mediaType}`, media, media.schema);
  };
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (
        !isObject(op) ||
        !['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)
      )
        continue;
      const at = `${method.toUpperCase()} ${path}`;
      const params = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ];
      for (const p of params.map((p) => resolveRef(doc, p)))
        if (isObject(p)) fromHolder(`${at} parameter ${String(p.name)}`, p, p.schema);
      const body = resolveRef(doc, op.requestBody);
      if (isObject(body)) fromContent(`${at} request`, body.content);
      for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = resolveRef(doc, r);
        if (!isObject(response)) continue;
        fromContent(`${at} ${status}`, response.content);
        for (const [name, h] of Object.entries(
          isObject(response.headers) ? response.headers : {},
        )) {
          const header = resolveRef(doc, h);
          if (isObject(header)) fromHolder(`${at} ${status} header ${name}`, header, header.schema);
        }
      }
    }
  }
  const schemas =
    isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema)) continue;
    const ref = { $ref: `#/components/schemas/${name}` };
    if (Array.isArray(schema.examples))
      for (const [i, value] of schema.examples.entries())
        cases.push({ where: `schema ${name} examples[${i}]`, schema: ref, value });
    // The 3.0 form: one `example` per schema.
    if ('example' in schema)
      cases.push({ where: `schema ${name} example`, schema: ref, value: schema.example });
  }
  return cases;
}

// X_SPECS=name,name checks documents that are not published yet (while they are being written).
const names = process.env.X_SPECS ? process.env.X_SPECS.split(',') : [...specNames];

const forms = names.flatMap((name) => [
  {
    name,
    form: '3.1',
    file: specNames.includes(name) ? specPath(name) : new URL(`../${name}.yaml`, import.meta.url),
  },
  ...(specNames.includes(name)
    ? [{ name, form: '3.0', file: new URL(`../dist/3.0/${name}.json`, import.meta.url) }]
    : []),
]);

describe.each(forms)('$name spec examples (OpenAPI $form)', ({ name, form, file }) => {
  const doc = parse(readFileSync(file, 'utf8')) as Json;
  expect(String(doc.openapi).startsWith(form)).toBe(true);
  const specId = `urn:x-spec:${name}:${form}`;
  const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: false });
  addFormats.default(ajv);
  // OpenAPI's integer formats that ajv-formats does not know: checked as the ranges they are.
  ajv.addFormat('uint32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= 0 && n <= 4_294_967_295,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647,
  });
  ajv.addSchema({ $id: specId, components: closedSchema(doc.components ?? {}, specId) });
  const cases = collect(doc);

  it('has examples to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s matches its schema', (_where, c) => {
    const validate = ajv.compile(closedSchema(c.schema ?? {}, specId) as object);
    const ok = validate(c.value);
    expect(
      ok
        ? []
        : validate.errors?.map(
            (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
          ),
    ).toEqual([]);
  });
});
