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
  const code = await bundleCode(entry, withDeps, 'browser');
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/** The minified bundle of `entry` for `platform` (esbuild's conditions for it: `browser` or `node`). */
export async function bundleCode(
  entry: string,
  withDeps: boolean,
  platform: 'browser' | 'node',
): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: entry, resolveDir: benchDir, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    format: 'esm',
    minify: true,
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: ['node:*', ...(withDeps ? [] : ['@x/runtime', 'openapi-fetch'])],
  });
  return result.outputFiles[0]!.contents;
}

/**
 * Strings only the Node transport holds (node:http, which undici imports, and one of the sender's
 * messages): a bundle that contains neither does not contain the transport.
 */
const NODE_TRANSPORT_MARKS = ['node:http', 'redirect count exceeded'];

/** Whether the bundle of a client for `platform` holds the Node transport. */
export async function holdsNodeTransport(platform: 'browser' | 'node'): Promise<boolean> {
  const code = new TextDecoder().decode(
    await bundleCode("export { createApiClient } from '@x/runtime';", true, platform),
  );
  return NODE_TRANSPORT_MARKS.some((mark) => code.includes(mark));
}

export async function measureAll(): Promise<
  Record<string, { withDeps: BundleSize; own: BundleSize }>
> {
  const out: Record<string, { withDeps: BundleSize; own: BundleSize }> = {};
  for (const [name, entry] of Object.entries(ENTRIES))
    out[name] = { withDeps: await bundle(entry, true), own: await bundle(entry, false) };
  return out;
}
