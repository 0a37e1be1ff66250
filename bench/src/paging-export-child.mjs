// Runs one export in a fresh process and prints its peak RSS: started by paging.ts. Plain
// JavaScript, so that no TypeScript loader adds to the process's memory.
import { Writable } from 'node:stream';
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';

const [url, total] = process.argv.slice(2);
const events = createEventsClient({ baseUrl: url, auth: staticToken('bench-events-api-key-0123') });
const started = performance.now();
const progress = await events.exportEvents({
  query: { page_size: 1000 },
  prefetch: true,
  to: new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  }),
});
if (progress.events !== Number(total)) throw new Error(`exported ${progress.events} of ${total}`);
const seconds = (performance.now() - started) / 1000;
// maxRSS is in KiB. Then, when started with --expose-gc, the heap still live after a full
// collection: what the export kept, as opposed to garbage the collector had not reclaimed yet.
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
globalThis.gc?.();
const liveHeapMiB = process.memoryUsage().heapUsed / 1024 ** 2;
console.log(JSON.stringify({ maxRssMiB, liveHeapMiB, seconds }));
