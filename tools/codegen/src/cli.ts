#!/usr/bin/env node
// Generates, for each family package from its spec, the typed path map (openapi-typescript) and
// the facts of each operation its catalog and parameter tables are built from.
//   codegen           write packages/<family>/src/generated/{schema,operations,queries}.ts for every spec
//   codegen --check   write nothing; fail if a committed file differs from what the spec produces
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { specNames, specPath } from '@x/specs';
import { generateFacts } from './facts.js';
import { generate } from './generate.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const check = process.argv.includes('--check');

const stale: string[] = [];
for (const name of specNames) {
  const source = specPath(name);
  const display = relative(root, source);
  const generated = join(root, 'packages', name, 'src', 'generated');
  await compare(join(generated, 'schema.ts'), await generate(pathToFileURL(source), display));
  const facts = generateFacts(name, display);
  await compare(join(generated, 'operations.ts'), facts.operations);
  await compare(join(generated, 'queries.ts'), facts.queries);
}

/** Writes `code` to `target`, or with --check records `target` when it differs. */
async function compare(target: string, code: string): Promise<void> {
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current === code) return;
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
