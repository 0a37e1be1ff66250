// @hey-api/openapi-ts (the root devDependency, pinned), fed the 3.1 documents; the generated
// client must pass strict `tsc --noEmit`. This is the check tests/consumers/generators.test.ts
// used to run, moved here so that every language's generator runs in one harness.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { documentPath, outDir, root, run } from './toolchain.js';

const cli = join(root, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

export const typescript: Generator = {
  language: 'typescript',
  tool: '@hey-api/openapi-ts 0.94.5',
  reads: '3.1',
  check: 'tsc --noEmit (strict)',
  sources: ['.ts'],
  async prepare() {
    readdirSync(join(root, 'node_modules', '@hey-api', 'openapi-ts'));
  },
  async generate(family) {
    const dir = join(outDir('typescript'), family);
    rmSync(dir, { recursive: true, force: true });
    const result = await run(
      process.execPath,
      [
        cli,
        '--input',
        documentPath(family, '3.1'),
        '--output',
        join(dir, 'client'),
        '--plugins',
        '@hey-api/client-fetch',
        '@hey-api/typescript',
        '@hey-api/sdk',
      ],
      { cwd: outDir('typescript') },
    );
    if (result.code !== 0) throw new Error(`@hey-api/openapi-ts failed:\n${result.output}`);
    const files = readdirSync(join(dir, 'client'), { recursive: true }).map(String);
    for (const file of ['sdk.gen.ts', 'types.gen.ts'])
      if (!files.includes(file)) throw new Error(`@hey-api/openapi-ts wrote no ${file}`);
    return { dir, warnings: warningLines(result.output, /warn/i) };
  },
  async build(_family, generated) {
    writeFileSync(
      join(generated.dir, 'tsconfig.json'),
      JSON.stringify({
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
    );
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: generated.dir,
    });
    return {
      ok: result.code === 0,
      output: result.output.trim().split('\n').slice(-12).join('\n'),
    };
  },
};
