import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The library and the `x-emulator` command (dist/bin.js, run by bin/x-emulator.mjs).
// The SDK's tables (workforce filter fields, every family's environment variable names) come
// from the family packages' own pure modules (`@x/<family>` in the source), bundled from their
// source at build time: the emulator then loads none of the SDK's client code at run time, and a
// change to a table reaches the emulator with the next build.
const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export default defineConfig({
  ...packageBuild,
  entry: ['src/index.ts', 'src/bin.ts'],
  alias: {
    '@x/workforce': source('workforce/src/tables.ts'),
    '@x/access': source('access/src/environment.ts'),
    '@x/events': source('events/src/environment.ts'),
    '@x/legacy': source('legacy/src/environment.ts'),
  },
  deps: { ...packageBuild.deps, alwaysBundle: [/^@x\/(workforce|access|events|legacy)$/] },
});
