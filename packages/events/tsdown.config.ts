import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  platform: 'neutral',
  target: 'es2022',
  // Only loaded, dynamically, when an export writes to a file path (Node).
  deps: { neverBundle: [/^node:/] },
});
