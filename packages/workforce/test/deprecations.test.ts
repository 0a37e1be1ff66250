// The deprecated aliases are marked `@deprecated` where users see it: in their editor. TypeScript
// reports a deprecated use as a suggestion (editors strike it through), not as a compile error,
// so this asks the language service about the calls in api.types.ts.
import { fileURLToPath } from 'node:url';
import { deprecatedUses as usesIn } from '@x/testing';
import { describe, expect, it } from 'vitest';

const configPath = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const usesPath = fileURLToPath(new URL('./api.types.ts', import.meta.url));

/** The text of each deprecated use. */
const deprecatedUses = () => usesIn(configPath, usesPath).map((u) => u.text);

describe('deprecated aliases', () => {
  it('addUsers, removeUsers, listUsers, setTags, pageSize and orderBy are reported as deprecated, and nothing else', () => {
    expect(deprecatedUses().sort()).toEqual([
      'addUsers',
      'listUsers',
      'orderBy',
      'pageSize',
      'removeUsers',
      'setTags',
    ]);
  }, 60_000);
});
