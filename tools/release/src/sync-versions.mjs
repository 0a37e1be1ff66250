// After `changeset version` bumps the manifests, writes each published package's `src/version.ts`
// (the version its User-Agent reports) from its package.json. `pnpm version-packages` runs it; a
// test in tools/release/test checks that the two agree.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);

/** The packages with a `src/version.ts`, and the version their package.json has. */
export function versionFiles() {
  return readdirSync(new URL('packages/', root))
    .map((name) => ({
      manifest: new URL(`packages/${name}/package.json`, root),
      file: new URL(`packages/${name}/src/version.ts`, root),
    }))
    .filter(({ manifest, file }) => existsSync(manifest) && existsSync(file))
    .map(({ manifest, file }) => ({
      file,
      version: JSON.parse(readFileSync(manifest, 'utf8')).version,
    }));
}

/** The content `src/version.ts` must have for `version`. */
export function versionSource(version) {
  return `/** This package's version (kept equal to package.json by \`pnpm version-packages\`; a test checks). */\nexport const VERSION = '${version}';\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, version } of versionFiles()) writeFileSync(file, versionSource(version));
}
