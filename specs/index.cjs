// CommonJS twin of index.mjs: the list of published specs and where their files live.
'use strict';
const { join } = require('node:path');

/** Names of the published specs, one per API family. */
const specNames = Object.freeze(['legacy', 'workforce', 'access', 'events']);

/**
 * Absolute path of a published spec file.
 * @param {string} name one of `specNames`
 * @param {'yaml' | 'json'} [format] YAML source or bundled JSON (JSON exists after `build`)
 */
function specPath(name, format = 'yaml') {
  if (!specNames.includes(name))
    throw new Error(`unknown spec "${name}"; known: ${specNames.join(', ')}`);
  return join(__dirname, format === 'json' ? `dist/${name}.json` : `${name}.yaml`);
}

module.exports = { specNames, specPath };
