// 2. Paging and export throughput: 100,000 events in pages of 1000 from a loopback server with a
// per-page delay of 0 ms and 20 ms. Items per second of `events.list` (with and without prefetch),
// `exportEvents` to NDJSON (prefetch on) and a hand-written cursor loop over raw fetch; plus the
// export's peak RSS for 100k and 1M events, each in its own child process.
import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';
import { figure, fmt, runStandalone, type Section } from './lib/report.js';
import { interleave } from './lib/rounds.js';
import { startServer } from './lib/server.js';

const TOKEN = 'bench-events-api-key-0123';
const PAGE = 1000;
const TOTAL = 100_000;

/** A Writable that accepts and drops every chunk. */
export function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

async function throughput(delayMs: number, rounds: number) {
  const server = await startServer({ delayMs, totalEvents: TOTAL });
  try {
    const events = createEventsClient({ baseUrl: server.url, auth: staticToken(TOKEN) });
    const count = async (iterable: AsyncIterable<unknown>) => {
      let n = 0;
      for await (const _ of iterable) n++;
      if (n !== TOTAL) throw new Error(`expected ${TOTAL} events, got ${n}`);
    };
    const handLoop = async () => {
      let cursor: string | undefined;
      let n = 0;
      do {
        const query = `ordering=desc&page_size=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await fetch(`${server.url}/v1/events?${query}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const page = (await response.json()) as { body: { events: unknown[]; cursor?: string } };
        for (const _ of page.body.events) n++;
        cursor = page.body.cursor;
      } while (cursor);
      if (n !== TOTAL) throw new Error(`expected ${TOTAL} events, got ${n}`);
    };
    const result = await interleave(
      [
        { name: 'list', run: () => count(events.list({ page_size: PAGE })) },
        {
          name: 'list+prefetch',
          run: () => count(events.list({ page_size: PAGE }, { prefetch: true })),
        },
        {
          name: 'export',
          run: () =>
            events.exportEvents({ query: { page_size: PAGE }, to: discard(), prefetch: true }),
        },
        { name: 'hand loop', run: handLoop },
      ],
      { rounds, warmup: 1 },
    );
    const perSecond = (name: string) => TOTAL / (result.medianMs[name]! / 1000);
    return { result, perSecond };
  } finally {
    await server.stop();
  }
}

const exportChild = fileURLToPath(new URL('./paging-export-child.mjs', import.meta.url));

async function exportRss(total: number): Promise<{ maxRssMiB: number; seconds: number }> {
  const server = await startServer({ totalEvents: total });
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [exportChild, server.url, String(total)],
      { maxBuffer: 1024 * 1024 },
    );
    return JSON.parse(stdout.trim().split('\n').pop()!) as { maxRssMiB: number; seconds: number };
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<Section> {
  const fast = await throughput(0, 5);
  const slow = await throughput(20, 3);
  // With a 20 ms delay per page of 1000, no client can beat 1000 / 0.020 = 50,000 events/s.
  const bound = PAGE / 0.02;
  const k = (n: number) => `${fmt(n / 1000, 1)}k/s`;
  const prefetchSlow = slow.perSecond('list+prefetch');
  const exportSlow = slow.perSecond('export');
  const rss100k = await exportRss(100_000);
  const rss1m = await exportRss(1_000_000);
  const growth = rss1m.maxRssMiB / rss100k.maxRssMiB;
  return {
    id: 'paging',
    title: '2. Paging and export',
    method:
      '100,000 events in pages of 1000 from a loopback server in its own process; variants interleaved, 5 rounds (0 ms) or 3 rounds (20 ms per page) after a warm-up round. Throughput = 100,000 / median time. The export writes NDJSON into a discarding Writable with prefetch on. Peak RSS: `exportEvents` alone in a fresh child process, `process.resourceUsage().maxRSS`.',
    figures: [
      figure(
        '0 ms: list / list+prefetch / export / hand loop',
        ['list', 'list+prefetch', 'export', 'hand loop']
          .map((n) => k(fast.perSecond(n)))
          .join(' / '),
      ),
      figure(
        '0 ms: list+prefetch vs hand loop (time ratio)',
        `${fmt(fast.result.ratio('list+prefetch', 'hand loop'), 3)}x`,
      ),
      figure(
        '20 ms: list / list+prefetch / export / hand loop',
        ['list', 'list+prefetch', 'export', 'hand loop']
          .map((n) => k(slow.perSecond(n)))
          .join(' / '),
      ),
      figure(
        '20 ms: list+prefetch, share of the 50k/s bound',
        `${fmt((prefetchSlow / bound) * 100, 1)}%`,
        '≥ 90%',
        prefetchSlow >= 0.9 * bound,
      ),
      figure(
        '20 ms: export (prefetch), share of the 50k/s bound',
        `${fmt((exportSlow / bound) * 100, 1)}%`,
        '≥ 90%',
        exportSlow >= 0.9 * bound,
      ),
      figure('export peak RSS, 100k events', `${fmt(rss100k.maxRssMiB, 1)} MiB`),
      figure('export peak RSS, 1M events', `${fmt(rss1m.maxRssMiB, 1)} MiB`),
      figure('peak RSS 1M / 100k (flat memory)', `${fmt(growth, 2)}x`, '≤ 1.25x', growth <= 1.25),
    ],
    notes: [
      `Export of 1M events took ${fmt(rss1m.seconds, 1)} s (${k(1_000_000 / rss1m.seconds)}).`,
    ],
  };
}

await runStandalone(import.meta.url, run);
