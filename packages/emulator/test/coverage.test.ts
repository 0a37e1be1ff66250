// Every operation of every spec has a handler, keyed by its operationId: none answers 501.
import { specOperations } from '@x/specs';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/families/registry.js';

describe.each(FAMILIES.map((family) => [family.name, family] as const))('%s', (_name, family) => {
  it('handles every operation of its spec', () => {
    const ids = [...specOperations(family.spec).keys()];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !(id in family.handlers))).toEqual([]);
  });
});

// The public documents' 142, the two token endpoints platform-api.md describes, and its
// `GET …/sso-configs/{id}/groups` listing beside the documents' `:listGroupAssociations`.
it('covers the 142 published operations, the two token endpoints and one more listing', () => {
  const total = FAMILIES.reduce((n, family) => n + specOperations(family.spec).size, 0);
  expect(total).toBe(145);
});
