// Bundles each package as an app would ship it: one realistic import, esbuild, ESM, minified,
// for the browser, then gzip. "with deps" includes @x/runtime and openapi-fetch; "own" leaves
// them out (the package's own code only). Shared by bundle-size.ts and size-check.ts.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** One realistic import per package. */
export const ENTRIES: Record<string, string> = {
  '@x/legacy': "export { createLegacyClient } from '@x/legacy';",
  '@x/auth': "export { clientCredentials, staticToken } from '@x/auth';",
  '@x/workforce': "export { createWorkforceClient, userFilter } from '@x/workforce';",
  '@x/access': "export { createAccessClient } from '@x/access';",
  '@x/events': "export { createEventsClient } from '@x/events';",
  '@x/runtime': "export { createApiClient, NotFoundError } from '@x/runtime';",
};

export interface BundleSize {
  minified: number;
  gzip: number;
}

const benchDir = new URL('../..', import.meta.url).pathname;

export async function bundle(entry: string, withDeps: boolean): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry, resolveDir: benchDir, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: ['node:*', ...(withDeps ? [] : ['@x/runtime', 'openapi-fetch'])],
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

export async function measureAll(): Promise<
  Record<string, { withDeps: BundleSize; own: BundleSize }>
> {
  const out: Record<string, { withDeps: BundleSize; own: BundleSize }> = {};
  for (const [name, entry] of Object.entries(ENTRIES))
    out[name] = { withDeps: await bundle(entry, true), own: await bundle(entry, false) };
  return out;
}
