// The build every published package shares: ESM and CommonJS with declarations, for any runtime.
import type { UserConfig } from 'tsdown';

export const packageBuild: UserConfig = {
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  platform: 'neutral',
  target: 'es2022',
  // `node:` built-ins are only ever loaded dynamically (file output), never bundled.
  deps: { neverBundle: [/^node:/] },
};
