import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base.ts';

// The library (index) and the bin's code (`bin/xid.mjs` imports `dist/bin.js`), in one build so
// that one clean step precedes both.
export default defineConfig({ ...packageBuild, entry: ['src/index.ts', 'src/bin.ts'] });
