// A family's client, made by the family package's own `fromEnv` from profile variables, so that
// the command line reads exactly the variables the SDK documents.
import type { ClientOptions } from '@x/runtime';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import type { Family } from './families.js';

// A non-literal specifier: the bundler leaves the import to run time, and the type checker does
// not need the module to exist yet (the other families' catalogs land after this package).
/** Loads a family package (or one of its entries) at run time. */
export const loadModule = (specifier: string): Promise<Record<string, unknown>> =>
  import(specifier);

/** The family's package, loaded on first use. */
export async function familyModule(family: Family): Promise<Record<string, unknown>> {
  return loadModule(family.module);
}

/**
 * A client of the family from profile variables, through the package's own `fromEnv` (so the
 * command line reads exactly the variables the SDK documents).
 * @throws ConfigurationError (from `fromEnv`) naming every missing variable.
 */
export async function createFamilyClient(
  family: Family,
  variables: Readonly<Record<string, string | undefined>>,
  options: Partial<ClientOptions>,
): Promise<unknown> {
  const mod = await familyModule(family);
  const fromEnv = mod.fromEnv;
  if (typeof fromEnv !== 'function')
    throw new CliError(
      EXIT.config,
      `${family.module} has no fromEnv() in this version, so the command line cannot configure it`,
    );
  return (fromEnv as (o: unknown, e: unknown) => unknown)(options, { ...variables });
}
