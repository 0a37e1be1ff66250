import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The Node transport is a file of its own. The source imports it relatively (so tests and tsx run
// it from src); each build decides what that import becomes:
// - dist/: `#node-transport`, left to the consumer's resolver through package.json `imports`:
//   the Node transport under the `node` condition (Node, Bun, Deno), the stub under `default`;
// - dist/browser/ (the `browser` condition of `exports`, what browser bundlers and import maps
//   pick): the stub itself, bundled in, so that a browser never sees a `#` specifier.
const settingsImport = (source: string, importer: string | undefined) =>
  source === './node-transport.js' && importer?.endsWith('settings.ts');

const nodeTransportByCondition = {
  name: 'node-transport-by-condition',
  resolveId(source: string, importer: string | undefined) {
    return settingsImport(source, importer) ? { id: '#node-transport', external: true } : undefined;
  },
};

const noNodeTransport = {
  name: 'no-node-transport',
  resolveId(source: string, importer: string | undefined) {
    return settingsImport(source, importer)
      ? fileURLToPath(new URL('./src/transport/no-node-transport.ts', import.meta.url))
      : undefined;
  },
};

export default defineConfig([
  {
    ...packageBuild,
    entry: {
      index: 'src/index.ts',
      internal: 'src/internal.ts',
      'node-transport': 'src/transport/node-transport.ts',
      'no-node-transport': 'src/transport/no-node-transport.ts',
      'undici-sender': 'src/transport/undici-sender.ts',
    },
    plugins: [nodeTransportByCondition],
  },
  {
    ...packageBuild,
    entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
    format: ['esm'],
    dts: false,
    outDir: 'dist/browser',
    plugins: [noNodeTransport],
  },
]);
