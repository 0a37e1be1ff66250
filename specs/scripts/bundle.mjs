// Bundles every published spec into dist/<name>.json so generators can consume plain JSON.
import { specNames } from '../index.mjs';
import { runCli } from './run-cli.mjs';

for (const name of specNames) {
  runCli(
    '@redocly/cli/bin/cli.js',
    ['bundle', `${name}.yaml`, '-o', `dist/${name}.json`, '--config', 'redocly.yaml'],
    true,
  );
}
console.log(`bundled ${specNames.map((n) => `dist/${n}.json`).join(', ')}`);
