// Every family's `*_ENV` table (the variables its `fromEnv` reads), as exported by the package.
import * as access from '../../../../packages/access/src/index.js';
import * as events from '../../../../packages/events/src/index.js';
import * as legacy from '../../../../packages/legacy/src/index.js';
import * as workforce from '../../../../packages/workforce/src/index.js';
import type { Fact } from './lines.js';

/** The facts of each family's tables, by package folder. */
export function envTables(): Map<string, Fact[]> {
  const byPackage = new Map<string, Fact[]>();
  const modules = { access, events, legacy, workforce } as Record<string, Record<string, unknown>>;
  for (const [folder, module] of Object.entries(modules)) {
    const facts: Fact[] = [];
    for (const [name, table] of Object.entries(module)) {
      if (!name.endsWith('_ENV') || typeof table !== 'object' || table === null) continue;
      for (const [key, variable] of Object.entries(table))
        facts.push({ owner: name, fact: `${key} ${String(variable)}` });
    }
    byPackage.set(folder, facts);
  }
  return byPackage;
}
