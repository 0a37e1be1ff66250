#!/usr/bin/env node
// Generates each family package's typed path map from its spec with openapi-typescript.
//   codegen           write packages/<family>/src/generated/schema.ts for every spec
//   codegen --check   write nothing; fail if a committed file differs from what the spec produces
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { specNames, specPath } from '@x/specs';
import { generate } from './generate.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const check = process.argv.includes('--check');

const stale: string[] = [];
for (const name of specNames) {
  const target = join(root, 'packages', name, 'src', 'generated', 'schema.ts');
  const source = specPath(name);
  const code = await generate(pathToFileURL(source), relative(root, source));
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current === code) continue;
  if (check) {
    stale.push(relative(root, target));
  } else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, code);
    console.log(`wrote ${relative(root, target)}`);
  }
}
if (stale.length > 0) {
  console.error(
    `generated code is out of date with the specs: ${stale.join(', ')}\nrun \`pnpm codegen\` and commit the result`,
  );
  process.exit(1);
}
console.log(
  check
    ? `generated code matches ${specNames.length} spec(s)`
    : `codegen done for ${specNames.length} spec(s)`,
);
