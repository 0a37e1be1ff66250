// Lints every published spec with Redocly (recommended rules) and Spectral (spectral:oas).
// Any error fails; warnings are printed.
import { specNames } from '../index.mjs';
import { runCli } from './run-cli.mjs';

const files = specNames.map((name) => `${name}.yaml`);
runCli('@redocly/cli/bin/cli.js', [
  'lint',
  ...files,
  '--config',
  'redocly.yaml',
  '--format',
  'stylish',
]);
runCli('@stoplight/spectral-cli/dist/index.js', [
  'lint',
  ...files,
  '--ruleset',
  '.spectral.yaml',
  '--fail-severity',
  'error',
  '--fail-on-unmatched-globs',
]);
