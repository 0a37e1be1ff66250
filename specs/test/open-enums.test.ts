// Every enum a response can carry is open (`x-extensible-enum`): the platform adds values without
// notice, and a closed enum fails a generated Java or Python client on the first new one. The only
// closed ones are the sets platform-api.md gives as complete, listed in GAPS.md ("Open enums").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specDocument, specNames } from '../index.mjs';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The complete sets of platform-api.md (component names), as GAPS.md lists them. */
const COMPLETE_SETS = [
  'LegacyUserStatus',
  'AuthenticatorConfigKind',
  'ApplicationProtocolType',
  'SsoConfigType',
];

/** Components reachable from the operations' responses. */
function responseComponents(doc: Json): Set<string> {
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isObject(node)) return;
    if (
      typeof node.$ref === 'string' &&
      node.$ref.startsWith('#/components/') &&
      !seen.has(node.$ref)
    ) {
      seen.add(node.$ref);
      let target: unknown = doc;
      for (const part of node.$ref.slice(2).split('/')) target = (target as Json)[part];
      walk(target);
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'example' && key !== 'examples') walk(value);
  };
  for (const item of Object.values(doc.paths as Json))
    for (const op of Object.values(item as Json))
      if (isObject(op) && op.responses) walk(op.responses);
  return seen;
}

/** `component/path` of every multi-valued `enum` (a `not: {enum}` is no value set). */
function closedEnums(name: string, node: unknown, path: string, out: string[]) {
  if (Array.isArray(node))
    for (const [i, n] of node.entries()) closedEnums(name, n, `${path}/${i}`, out);
  if (!isObject(node)) return;
  if (Array.isArray(node.enum) && node.enum.length > 1) out.push(`${name}${path}`);
  for (const [key, value] of Object.entries(node))
    if (!['enum', 'not', 'example', 'examples'].includes(key))
      closedEnums(name, value, `${path}/${key}`, out);
}

describe.each(specNames)('%s', (spec) => {
  it('every response enum is open, but for the complete sets of platform-api.md', () => {
    const doc = specDocument(spec) as Json;
    const schemas = (doc.components as Json).schemas as Json;
    const found: string[] = [];
    for (const ref of responseComponents(doc)) {
      const name = ref.split('/').pop()!;
      if (ref.startsWith('#/components/schemas/') && !COMPLETE_SETS.includes(name))
        closedEnums(name, schemas[name], '', found);
    }
    expect(found).toEqual([]);
  });
});

it('GAPS.md names every complete set kept closed', () => {
  const gaps = readFileSync(new URL('../GAPS.md', import.meta.url), 'utf8');
  for (const name of COMPLETE_SETS) expect(gaps).toContain(`\`${name}\``);
});
