// Other teams feed `@x/specs` to their own generators. The bundled JSON documents generate a
// client with an independent generator from the npm registry (@hey-api/openapi-ts), and that
// client compiles with strict TypeScript. The spec shape generators rely on (unique
// operationIds, named components, tags) is checked in specs/test/generator-ready.test.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, run, tempDir, tsc, writeFiles } from './lib.js';

const out = tempDir('generators');
afterAll(() => out.remove());
const specs = ['legacy', 'workforce', 'access', 'events'];

describe('@hey-api/openapi-ts', () => {
  it.each(specs)('generates a client for %s that compiles', async (spec) => {
    const dir = join(out.dir, spec);
    const cli = join(root, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
    await run(
      process.execPath,
      [
        cli,
        '--input',
        join(root, 'specs', 'dist', `${spec}.json`),
        '--output',
        join(dir, 'client'),
        '--plugins',
        '@hey-api/client-fetch',
        '@hey-api/typescript',
        '@hey-api/sdk',
      ],
      { cwd: out.dir },
    );
    const files = readdirSync(join(dir, 'client'), { recursive: true }).map(String);
    expect(files).toEqual(expect.arrayContaining(['sdk.gen.ts', 'types.gen.ts']));
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'esnext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: true,
        },
        include: ['client/**/*.ts'],
      }),
    });
    await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir });
  });
});
