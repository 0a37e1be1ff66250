// The list of published specs and where their files live, for tools and for consumers.
import { fileURLToPath } from 'node:url';

/** Names of the published specs, one per API family. */
export const specNames = Object.freeze(['legacy', 'workforce', 'access', 'events']);

/**
 * Absolute path of a published spec file.
 * @param {string} name one of `specNames`
 * @param {'yaml' | 'json'} [format] YAML source or bundled JSON (JSON exists after `build`)
 */
export function specPath(name, format = 'yaml') {
  if (!specNames.includes(name))
    throw new Error(`unknown spec "${name}"; known: ${specNames.join(', ')}`);
  const file = format === 'json' ? `dist/${name}.json` : `${name}.yaml`;
  return fileURLToPath(new URL(file, import.meta.url));
}
