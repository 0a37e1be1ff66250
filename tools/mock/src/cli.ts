#!/usr/bin/env node
// `pnpm mock [spec…]`: starts Prism for the given specs (default: all) and prints their URLs
// until Ctrl-C.
import { specNames } from '@x/specs';
import { startMocks } from './index.js';

const wanted = process.argv.slice(2);
const mocks = await startMocks(wanted.length > 0 ? wanted : specNames);
for (const [spec, url] of Object.entries(mocks.urls)) console.log(`${spec.padEnd(10)} ${url}`);
console.log('Prism mocks running; Ctrl-C stops them.');
const shutdown = async () => {
  await mocks.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
