// 2. Paging and export throughput: 100,000 events in pages of 1000 from a loopback server with a
// per-page delay of 0 ms and 20 ms. Items per second of `events.list` (with and without prefetch),
// `events.export` to NDJSON (prefetch on) and a hand-written cursor loop over raw fetch; plus the
// export's peak RSS for 100k and 1M events, each in its own child process.
//
// What bounds cursor paging: the request for page n+1 carries the cursor of page n, so no client
// can ask for a page before the previous one has arrived and been parsed. One page therefore costs
// at least one full round trip R = delay + the server's send + transfer + JSON parse, whatever the
// client does; the hand-written loop over raw fetch measures R. The nominal 50k/s (1000 events per
// 20 ms) leaves out everything but the delay and cannot be reached by any client of a cursor-paged
// API. Prefetch cannot shorten R either: it overlaps the next round trip with the consumer's own
// work on the current page. So the 20 ms run also has a consumer doing WORK_MS of asynchronous work
// per page (a stand-in for a database insert or a slow destination), and there the bound is
// pages x max(R, WORK_MS): prefetch should hide the smaller of the two almost entirely.
import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';
import { figure, fmt, median, runStandalone, type Section } from './lib/report.js';
import { interleave } from './lib/rounds.js';
import { startServer } from './lib/server.js';

const TOKEN = 'bench-events-api-key-0123';
const PAGE = 1000;
const TOTAL = 100_000;
const PAGES = TOTAL / PAGE;
/** The consumer's asynchronous work per page in the 20 ms variants "+work". */
const WORK_MS = 20;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A Writable that accepts and drops every chunk. */
export function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

async function throughput(delayMs: number, rounds: number, withWork: boolean) {
  const server = await startServer({ delayMs, totalEvents: TOTAL });
  try {
    const events = createEventsClient({ baseUrl: server.url, auth: staticToken(TOKEN) });
    const count = async (iterable: AsyncIterable<unknown>) => {
      let n = 0;
      for await (const _ of iterable) n++;
      if (n !== TOTAL) throw new Error(`expected ${TOTAL} events, got ${n}`);
    };
    // Pages, each followed by the consumer's work on it.
    const countWorking = async (pages: AsyncIterable<{ items: readonly unknown[] }>) => {
      let n = 0;
      for await (const page of pages) {
        n += page.items.length;
        await pause(WORK_MS);
      }
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
    const work = [
      {
        name: 'list+work',
        run: () => countWorking(events.list({ page_size: PAGE }).pages()),
      },
      {
        name: 'list+prefetch+work',
        run: () => countWorking(events.list({ page_size: PAGE }, { prefetch: true }).pages()),
      },
      // The consumer's work alone, page after page: the other half of the bound.
      {
        name: 'work only',
        run: async () => {
          for (let i = 0; i < PAGES; i++) await pause(WORK_MS);
        },
      },
    ];
    const result = await interleave(
      [
        { name: 'list', run: () => count(events.list({ page_size: PAGE })) },
        {
          name: 'list+prefetch',
          run: () => count(events.list({ page_size: PAGE }, { prefetch: true })),
        },
        {
          name: 'export',
          run: () => events.export({ page_size: PAGE, to: discard(), prefetch: true }),
        },
        { name: 'hand loop', run: handLoop },
        ...(withWork ? work : []),
      ],
      { rounds, warmup: 1 },
    );
    const perSecond = (name: string) => TOTAL / (result.medianMs[name]! / 1000);
    /** Median over rounds of bound / time(name), the bound being max(hand loop, work only). */
    const shareOfWorkBound = (name: string) =>
      median(
        result.times[name]!.map(
          (t, i) => Math.max(result.times['hand loop']![i]!, result.times['work only']![i]!) / t,
        ),
      );
    return { result, perSecond, shareOfWorkBound };
  } finally {
    await server.stop();
  }
}

const exportChild = fileURLToPath(new URL('./paging-export-child.mjs', import.meta.url));

interface ExportMemory {
  maxRssMiB: number;
  liveHeapMiB: number;
  seconds: number;
}

/** Peak RSS and kept heap of the export, or of the hand loop over raw fetch (`hand`). */
async function exportRss(total: number, mode: 'export' | 'hand' = 'export'): Promise<ExportMemory> {
  const server = await startServer({ totalEvents: total });
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', exportChild, server.url, String(total), mode],
      { maxBuffer: 1024 * 1024 },
    );
    return JSON.parse(stdout.trim().split('\n').pop()!) as ExportMemory;
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<Section> {
  const fast = await throughput(0, 5, false);
  const slow = await throughput(20, 3, true);
  // With a 20 ms delay per page of 1000, no client can beat 1000 / 0.020 = 50,000 events/s.
  const bound = PAGE / 0.02;
  const k = (n: number) => `${fmt(n / 1000, 1)}k/s`;
  const pct = (share: number) => `${fmt(share * 100, 1)}%`;
  const prefetchSlow = slow.perSecond('list+prefetch');
  const exportSlow = slow.perSecond('export');
  const overlapped = slow.shareOfWorkBound('list+prefetch+work');
  const rss100k = await exportRss(100_000);
  const rss1m = await exportRss(1_000_000);
  const growth = rss1m.maxRssMiB / rss100k.maxRssMiB;
  const hand100k = await exportRss(100_000, 'hand');
  const hand1m = await exportRss(1_000_000, 'hand');
  const handGrowth = hand1m.maxRssMiB / hand100k.maxRssMiB;
  const keptGrowth = rss1m.liveHeapMiB / rss100k.liveHeapMiB;
  const roundTripMs = slow.result.medianMs['hand loop']! / PAGES;
  return {
    id: 'paging',
    title: '2. Paging and export',
    method: `100,000 events in pages of 1000 from a loopback server in its own process (pages serialised once at start-up, so that a page costs the server one socket write); variants interleaved, 5 rounds (0 ms) or 3 rounds (20 ms per page) after a warm-up round. Throughput = 100,000 / median time. The export writes NDJSON into a discarding Writable with prefetch on. Cursor paging needs page n's cursor to ask for page n+1, so every client pays one round trip R per page (delay + send + transfer + parse; the hand loop over raw fetch measures it) and the nominal 50k/s, which counts the delay alone, is out of any client's reach; prefetch can only overlap R with the consumer's own work. "+work": the consumer awaits ${WORK_MS} ms of asynchronous work per page (a database insert, say); its bound is, per round, max(hand loop time, the work alone) = pages x max(R, ${WORK_MS} ms). Peak RSS: \`events.export\` alone in a fresh child process, \`process.resourceUsage().maxRSS\`; then, after a forced full GC, the heap still in use (what the export kept); the same for the hand loop over raw fetch, for comparison.`,
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
        pct(prefetchSlow / bound),
        '≥ 90%',
        prefetchSlow >= 0.9 * bound,
      ),
      figure(
        '20 ms: export (prefetch), share of the 50k/s bound',
        pct(exportSlow / bound),
        '≥ 90%',
        exportSlow >= 0.9 * bound,
      ),
      figure(
        '20 ms: hand loop (one round trip per page), share of the 50k/s bound',
        pct(slow.perSecond('hand loop') / bound),
      ),
      figure(
        `20 ms + ${WORK_MS} ms work per page: list / list+prefetch / work alone`,
        ['list+work', 'list+prefetch+work', 'work only']
          .map((n) => k(slow.perSecond(n)))
          .join(' / '),
      ),
      figure(
        `20 ms + ${WORK_MS} ms work: list+prefetch, share of the bound pages x max(R, work)`,
        pct(overlapped),
        '≥ 90%',
        overlapped >= 0.9,
      ),
      figure(
        `20 ms + ${WORK_MS} ms work: list without prefetch, share of the same bound`,
        pct(slow.shareOfWorkBound('list+work')),
      ),
      figure(
        'export peak RSS, 100k / 1M events (1M / 100k)',
        `${fmt(rss100k.maxRssMiB, 1)} / ${fmt(rss1m.maxRssMiB, 1)} MiB (${fmt(growth, 2)}x)`,
      ),
      figure(
        'hand loop over raw fetch, peak RSS, 100k / 1M events (1M / 100k)',
        `${fmt(hand100k.maxRssMiB, 1)} / ${fmt(hand1m.maxRssMiB, 1)} MiB (${fmt(handGrowth, 2)}x)`,
      ),
      figure(
        'export: heap kept after a full GC, 100k / 1M events (flat memory)',
        `${fmt(rss100k.liveHeapMiB, 1)} / ${fmt(rss1m.liveHeapMiB, 1)} MiB (${fmt(keptGrowth, 2)}x)`,
        '≤ 1.25x',
        keptGrowth <= 1.25,
      ),
    ],
    notes: [
      'Flat memory is judged on the heap the export keeps (live after a forced full GC), not on peak RSS: peak RSS also counts garbage not yet collected and the heap V8 grows during a long run, which a loop that keeps nothing shows too (the raw fetch row).',
      `Export of 1M events took ${fmt(rss1m.seconds, 1)} s (${k(1_000_000 / rss1m.seconds)}).`,
      `20 ms: one round trip of the hand loop took ${fmt(roundTripMs, 1)} ms, i.e. ${fmt(roundTripMs - 20, 1)} ms beyond the delay (send, transfer and JSON parse of a ~260 kB page); that, not the client, keeps every variant from the nominal 50k/s.`,
    ],
  };
}

await runStandalone(import.meta.url, run);
