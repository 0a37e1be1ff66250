// Runs one export (or, with mode "hand", the hand-written cursor loop over raw fetch, for
// comparison) in a fresh process and prints its peak RSS: started by paging.ts. Plain JavaScript,
// so that no TypeScript loader adds to the process's memory.
import { Writable } from 'node:stream';
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';

const [url, total, mode = 'export'] = process.argv.slice(2);
const TOKEN = 'bench-events-api-key-0123';
const started = performance.now();
let exported = 0;
if (mode === 'hand') {
  let cursor;
  do {
    const query = `ordering=desc&page_size=1000${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${url}/v1/events?${query}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const page = await response.json();
    for (const _ of page.body.events) exported++;
    cursor = page.body.cursor;
  } while (cursor);
} else {
  const events = createEventsClient({ baseUrl: url, auth: staticToken(TOKEN) });
  const progress = await events.export({
    page_size: 1000,
    prefetch: true,
    to: new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    }),
  });
  exported = progress.events;
}
if (exported !== Number(total)) throw new Error(`${mode}: got ${exported} of ${total}`);
const seconds = (performance.now() - started) / 1000;
// maxRSS is in KiB. Then, when started with --expose-gc, the heap still live after a full
// collection: what the export kept, as opposed to garbage the collector had not reclaimed yet.
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
globalThis.gc?.();
const liveHeapMiB = process.memoryUsage().heapUsed / 1024 ** 2;
console.log(JSON.stringify({ maxRssMiB, liveHeapMiB, seconds }));
