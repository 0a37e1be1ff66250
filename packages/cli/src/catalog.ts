// A family's operation catalog (`@x/<family>/operations`) as the command line uses it: entries of
// unknown client and argument types, checked for their shape when loaded.
import type { Family } from './families.js';
import { loadModule } from './family-client.js';

/** What a family's catalog entry looks like to the command line: untyped client and args. */
export interface LooseEntry {
  readonly effect: 'read' | 'write' | 'destructive';
  readonly resource: readonly string[];
  readonly method: string;
  readonly call?:
    | ((client: unknown, args: unknown, options: unknown) => Promise<unknown>)
    | undefined;
  readonly list?:
    | ((
        client: unknown,
        args: unknown,
        options: unknown,
      ) => AsyncIterable<unknown> & {
        pages(): AsyncIterable<{ items: readonly unknown[]; raw: unknown }>;
      })
    | undefined;
}

const isEntry = (value: unknown): value is LooseEntry => {
  const v = value as Partial<LooseEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.resource) &&
    typeof v.method === 'string' &&
    (typeof v.call === 'function' || typeof v.list === 'function')
  );
};

/**
 * The family's operation catalog (operationId -> entry), or undefined while the family package
 * has none. Each family exports it from `@x/<family>/operations`.
 */
export async function familyCatalog(
  family: Family,
): Promise<Record<string, LooseEntry> | undefined> {
  let mod: Record<string, unknown>;
  try {
    mod = await loadModule(family.catalogModule);
  } catch {
    return undefined;
  }
  const named = mod[family.catalogExport];
  const candidates = named !== undefined ? [named] : Object.values(mod);
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const entries = Object.entries(candidate);
    if (entries.length > 0 && entries.every(([, e]) => isEntry(e)))
      return candidate as Record<string, LooseEntry>;
  }
  return undefined;
}
