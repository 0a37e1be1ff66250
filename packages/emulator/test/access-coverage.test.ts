// Every operation of the access spec has a handler: none answers 501.
import { readFileSync } from 'node:fs';
import { specPath } from '@x/specs';
import { describe, expect, it } from 'vitest';
import { accessHandlers } from '../src/families/access/index.js';

describe('family A coverage', () => {
  it('handles all 106 operations of the access spec', () => {
    const doc = JSON.parse(readFileSync(specPath('access', 'json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item)
        .map((op) => op?.operationId)
        .filter((id): id is string => typeof id === 'string'),
    );
    expect(ids).toHaveLength(106);
    expect(ids.filter((id) => !(id in accessHandlers))).toEqual([]);
  });
});
