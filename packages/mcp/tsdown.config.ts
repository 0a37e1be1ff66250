import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The library and the `x-mcp` command (dist/bin.js, run by bin/x-mcp.mjs). `shims` gives the
// CommonJS build an `import.meta.url`, with which the server finds the reference documents.
export default defineConfig({
  ...packageBuild,
  entry: ['src/index.ts', 'src/bin.ts'],
  shims: true,
});
