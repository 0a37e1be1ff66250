// Bundles every published spec into dist/<name>.json so generators can consume plain JSON, and
// derives each one's OpenAPI 3.0.3 form into dist/3.0/<name>.json for generators that read only 3.0.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { specNames } from '../index.mjs';
import { downConvert } from './down-convert.mjs';
import { runCli } from './run-cli.mjs';

mkdirSync('dist/3.0', { recursive: true });
for (const name of specNames) {
  runCli(
    '@redocly/cli/bin/cli.js',
    ['bundle', `${name}.yaml`, '-o', `dist/${name}.json`, '--config', 'redocly.yaml'],
    true,
  );
  const { doc } = downConvert(JSON.parse(readFileSync(`dist/${name}.json`, 'utf8')));
  writeFileSync(`dist/3.0/${name}.json`, `${JSON.stringify(doc, null, 2)}\n`);
}
console.log(`bundled ${specNames.map((n) => `dist/${n}.json, dist/3.0/${n}.json`).join(', ')}`);
