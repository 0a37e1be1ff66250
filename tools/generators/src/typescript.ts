// @hey-api/openapi-ts (the root devDependency, pinned), fed the 3.1 documents; the generated
// client must pass strict `tsc --noEmit`. This is the check tests/consumers/generators.test.ts
// used to run, moved here so that every language's generator runs in one harness.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { parseJUnit } from './story.js';
import { config, documentPath, families, outDir, root, run, toolEnv } from './toolchain.js';

const cli = join(root, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const stories = join(config, 'stories', 'typescript');

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
  async story(generated, target) {
    // The story's own vitest run (stories/typescript/vitest.config.ts), each family's generated
    // client under `@story/<family>`; its JUnit report is what counts.
    const report = join(outDir('typescript'), `story-${target.mode}.xml`);
    rmSync(report, { force: true });
    const clients: Record<string, string> = {};
    for (const family of families) {
      const dir = generated.get(family)?.dir;
      if (dir) clients[`X_STORY_CLIENT_${family.toUpperCase()}`] = dir;
    }
    // vitest strips types: the story is first held to the generated types by strict tsc (once,
    // as published; tolerance mode changes no type).
    if (target.mode === 'normal') await typecheckStory(generated);
    const result = await run(
      process.execPath,
      [vitest, 'run', '--config', join(stories, 'vitest.config.ts')],
      {
        cwd: stories,
        env: { ...toolEnv, ...target.env, ...clients, X_STORY_JUNIT: report, CI: '1' },
      },
    );
    const output = result.output.trim().split('\n').slice(-40).join('\n');
    if (!existsSync(report))
      throw new Error(`vitest wrote no JUnit report (exit ${result.code}):\n${output}`);
    return { steps: parseJUnit(readFileSync(report, 'utf8')), output };
  },
};

/** Strict `tsc --noEmit` over the story, `@story/<family>` mapped to the generated clients. */
async function typecheckStory(generated: Parameters<Generator['story']>[0]) {
  const paths: Record<string, string[]> = {};
  for (const [family, { dir }] of generated) {
    paths[`@story/${family}`] = [join(dir, 'client', 'index.ts')];
    paths[`@story/${family}/client`] = [join(dir, 'client', 'client', 'index.ts')];
  }
  const tsconfig = join(outDir('typescript'), 'story-tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'esnext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
        paths,
      },
      include: [join(stories, '*.ts')],
    }),
  );
  const result = await run(process.execPath, [tsc, '-p', tsconfig]);
  if (result.code !== 0)
    throw new Error(`the TypeScript story does not typecheck:\n${result.output.slice(-3000)}`);
}
