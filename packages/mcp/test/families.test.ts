// The server lists each family's variables without loading the family (configuration errors and
// help name them before any client exists); they must be exactly what its `fromEnv` reads.
import { ACCESS_ENV } from '@x/access';
import { EVENTS_ENV } from '@x/events';
import { LEGACY_ENV } from '@x/legacy';
import { WORKFORCE_ENV } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/config/families.js';

const EXPORTED: Record<string, Readonly<Record<string, string>>> = {
  workforce: WORKFORCE_ENV,
  access: ACCESS_ENV,
  events: EVENTS_ENV,
  legacy: LEGACY_ENV,
};

describe('families', () => {
  it("list exactly the variables of each family's fromEnv", () => {
    expect(FAMILIES.map((family) => family.name).sort()).toEqual(Object.keys(EXPORTED).sort());
    for (const family of FAMILIES)
      expect([...family.variables].sort(), family.name).toEqual(
        Object.values(EXPORTED[family.name]!).sort(),
      );
  });
});
