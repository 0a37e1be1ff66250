// Each family installed alone from the local registry, the way its README says, with npm and
// with pnpm, in a fresh project: only the expected packages arrive, a TypeScript consumer
// compiles under moduleResolution node16, nodenext and bundler (ESM and CommonJS files, with
// the published declarations checked too), and an ESM and a CommonJS script run against Prism.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CASES, cjsScript, esmScript, typedModule } from './consumer-code.js';
import { consumerNpmrc, run, tempDir, tsc, writeFiles } from './lib.js';

const registry = inject('registry');
const published = inject('published');
const mockUrls = inject('consumerMockUrls');
const cache = tempDir('pm-cache');
afterAll(() => cache.remove());

/** name@version of everything installed, from npm's lockfile or pnpm's virtual store. */
function installed(dir: string, pm: 'npm' | 'pnpm'): string[] {
  if (pm === 'npm') {
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    return Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .map(([path, info]) => `${path.replace(/^.*node_modules\//, '')}@${info.version}`)
      .sort();
  }
  return readdirSync(join(dir, 'node_modules', '.pnpm'))
    .filter((entry) => entry.includes('@') && entry !== 'node_modules')
    .map((entry) => entry.replace(/^@([^+]+)\+/, '@$1/').replace(/_.*$/, ''))
    .sort();
}

const tsconfig = (moduleResolution: string, module: string, files: string[]) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module,
      moduleResolution,
      strict: true,
      noEmit: true,
      types: [],
      // As apps do. (With `false`, openapi-fetch 0.17's own declarations fail under node16:
      // its dependency openapi-typescript-helpers 0.1.0 has no `types` condition. attw checks
      // our declarations themselves in every mode; the `@ts-expect-error` line proves the
      // types arrive.)
      skipLibCheck: true,
    },
    files,
  });

const cases = Object.entries(CASES).flatMap(([family, c]) =>
  (['npm', 'pnpm'] as const).map((pm) => ({ family, pm, c })),
);

describe.concurrent('one family per fresh project', () => {
  it.each(cases)('$family with $pm', async ({ family, pm, c }) => {
    const project = tempDir(`${family}-${pm}`);
    try {
      const dir = project.dir;
      const typed = typedModule(c);
      writeFiles(dir, {
        'package.json': JSON.stringify({
          name: `consumer-${family}`,
          private: true,
          type: 'module',
        }),
        '.npmrc': consumerNpmrc(registry, cache.dir),
        'src/esm.mts': typed,
        'src/cjs.cts': typed,
        'src/bundler.ts': typed,
        'tsconfig.node16.json': tsconfig('node16', 'node16', ['src/esm.mts', 'src/cjs.cts']),
        'tsconfig.nodenext.json': tsconfig('nodenext', 'nodenext', ['src/esm.mts', 'src/cjs.cts']),
        'tsconfig.bundler.json': tsconfig('bundler', 'esnext', ['src/bundler.ts']),
        'smoke.mjs': esmScript(c),
        'smoke.cjs': cjsScript(c),
      });

      const specs = c.install.map((name) => `${name}@${published[name]}`);
      if (pm === 'npm') await run('npm', ['install', ...specs], { cwd: dir });
      else await run('pnpm', ['add', ...specs], { cwd: dir });

      // Only the family, its dependencies and nothing else, at the released versions.
      const expected = c.expected.map((name) => `${name}@${published[name]}`).sort();
      expect(installed(dir, pm)).toEqual(expected);

      for (const mode of ['node16', 'nodenext', 'bundler'])
        await run(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`], { cwd: dir });

      const baseUrl = mockUrls[family] ?? '';
      const outputs = [];
      for (const script of ['smoke.mjs', 'smoke.cjs']) {
        const { stdout } = await run(process.execPath, [script, baseUrl], { cwd: dir });
        outputs.push(JSON.parse(stdout.trim().split('\n').at(-1)!));
      }
      expect(outputs[0]).toEqual(outputs[1]);
      expect(outputs[0]).toMatchObject({ family });
      expect(outputs[0].value).toBeTruthy();
      if (family === 'legacy') expect(outputs[0].typedError).toBe('UnauthorizedError 401');
    } finally {
      project.remove();
    }
  });
});
