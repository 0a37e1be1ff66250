// 0.2's sub-resource entry points are marked `@deprecated` where users see it: in their editor.
// TypeScript reports a deprecated use as a suggestion (editors strike it through), not as a compile
// error, so this asks the language service about the calls in deprecated-calls.types.ts.
import { fileURLToPath } from 'node:url';
import { deprecatedUses as usesIn } from '@x/testing';
import { describe, expect, it } from 'vitest';

const configPath = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const usesPath = fileURLToPath(new URL('./deprecated-calls.types.ts', import.meta.url));

/** Each deprecated use as `<line> <text>`. */
const deprecatedUses = () => usesIn(configPath, usesPath).map((u) => `${u.line} ${u.text}`);

describe("0.2's sub-resource entry points", () => {
  it('are each reported as deprecated, and the calls that replace them are not', () => {
    // Lines 6 to 26 hold one deprecated entry point each, named first on its line (a scoping
    // method's returned view is deprecated too: `realm.credentials('i').list()` reports both).
    const byLine = new Map<string, string>();
    for (const use of deprecatedUses()) {
      const [line = '', name = ''] = use.split(' ');
      if (!byLine.has(line)) byLine.set(line, name);
    }
    expect([...byLine.keys()]).toEqual(Array.from({ length: 21 }, (_, i) => String(6 + i)));
    expect([...byLine.values()]).toEqual([
      'credentials',
      'credentialBindingJobs',
      'roles',
      'tokens',
      'addMembers',
      'removeMembers',
      'listMembers',
      'listRoles',
      'listGroups',
      'listRoles',
      'addIdentities',
      'removeIdentities',
      'listIdentities',
      'addGroups',
      'removeGroups',
      'listGroups',
      'getGroupListing',
      'isGroupAssigned',
      'isIdentityAssigned',
      'listForIdentity',
      'listForGroup',
    ]);
  }, 60_000);
});
