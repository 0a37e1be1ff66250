// What a new app team writes first: each family's README "Everyday tasks" block, taken from the
// README of the published package, compiled in a fresh project with `strict` and with
// `exactOptionalPropertyTypes` on and off, the packages' own declarations checked too. The block
// must need no `!` and no cast. Its free names are the family's client (made with `fromEnv()`),
// `realm` (family A), `signal`, and ids (`…Id: string`, `…Ids: string[]`), declared by the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consumerNpmrc, FAMILIES, root, run, tempDir, tsc, writeFiles } from './lib.js';
import { everydayBlock, taskModule } from './readme-blocks.js';

const registry = inject('registry');
const published = inject('published');
const project = tempDir('readme-tasks');
const cache = tempDir('readme-cache');

beforeAll(async () => {
  writeFiles(project.dir, {
    'package.json': JSON.stringify({ name: 'readme-tasks', private: true, type: 'module' }),
    '.npmrc': consumerNpmrc(registry, cache.dir),
  });
  const specs = FAMILIES.map((f) => `@x/${f}@${published[`@x/${f}`]}`);
  // No @x/runtime: the READMEs import what they name from the family.
  await run('npm', ['install', ...specs], { cwd: project.dir });
}, 600_000);
afterAll(() => {
  project.remove();
  cache.remove();
});

const tsconfig = (exact: boolean) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'esnext',
      moduleResolution: 'bundler',
      strict: true,
      exactOptionalPropertyTypes: exact,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      // Node's own types (a README may read a file or a signal), from the workspace's install.
      typeRoots: [join(root, 'node_modules', '@types')],
      types: ['node'],
      // The packages' own declarations are checked too.
      skipLibCheck: false,
    },
    include: ['tasks/*.ts'],
  });

describe('README everyday tasks compile as a new consumer writes them', () => {
  it.each(FAMILIES)('%s: no `!` and no cast in the block', (family) => {
    const readme = readFileSync(
      join(project.dir, 'node_modules', '@x', family, 'README.md'),
      'utf8',
    );
    const block = everydayBlock(readme);
    // A non-null assertion (`x!.y`, `f()!`), not a `!=` or a logical not.
    const code = block.replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/[\w)\]]!(?!=)/);
    expect(code.replace(/\bas const\b/g, '')).not.toMatch(/\bas\s+[\w{([]/);
    writeFiles(project.dir, { [`tasks/${family}.ts`]: taskModule(family, block) });
  });

  it.each([true, false])('strict, exactOptionalPropertyTypes %s', async (exact) => {
    writeFiles(project.dir, { [`tsconfig.${exact}.json`]: tsconfig(exact) });
    await run(process.execPath, [tsc, '-p', `tsconfig.${exact}.json`], { cwd: project.dir });
  });
});
