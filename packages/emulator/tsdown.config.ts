import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The library and the `x-emulator` command (dist/bin.js, run by bin/x-emulator.mjs).
// The filter tables come from the SDK's own filter module (`@x/workforce` in the source), bundled
// from its source at build time: the emulator then loads none of the SDK's client code at run
// time, and a change to the tables reaches the emulator with the next build.
export default defineConfig({
  ...packageBuild,
  entry: ['src/index.ts', 'src/bin.ts'],
  alias: {
    '@x/workforce': fileURLToPath(new URL('../workforce/src/filter/index.ts', import.meta.url)),
  },
  deps: { ...packageBuild.deps, alwaysBundle: [/^@x\/workforce$/] },
});
