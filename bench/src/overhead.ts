// 1. Per-request cost on loopback, the SDK beside raw fetch and the peers (lib/peers.ts), all in the
// same interleaved rounds: a small GET, a 1000-item list page, and 64 calls in flight.

import { FETCH, PEERS, SDK } from './lib/peers.js';
import { measurePerCall, PER_CALL, withSpread as spreadOf } from './lib/per-call.js';
import { figure, fmt, runStandalone, type Section } from './lib/report.js';
import type { RoundsResult } from './lib/rounds.js';
import { startServer } from './lib/server.js';

/** A ratio to raw fetch with the middle half of its per-round ratios. */
const withSpread = (result: RoundsResult, variant: string, invert = false) =>
  spreadOf(result, variant, FETCH, invert);

/** The ratios of each variant per case, for the side-by-side table (main.ts). */
export interface OverheadTable {
  /** variant -> [small GET, page, 64 in flight throughput] */
  rows: Map<string, [number, number, number]>;
  carries: Map<string, string>;
}

export let table: OverheadTable | undefined;

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const clients = PEERS.map((peer) => ({ peer, calls: peer.make(server.url) }));
    const { small, page, flight } = await measurePerCall(
      clients.map(({ peer, calls }) => ({
        name: peer.name,
        get: () => calls.get(),
        page: () => calls.page(),
      })),
    );

    table = { rows: new Map(), carries: new Map() };
    for (const { peer } of clients) {
      table.rows.set(peer.name, [
        small.ratio(peer.name, FETCH),
        page.ratio(peer.name, FETCH),
        1 / flight.ratio(peer.name, FETCH),
      ]);
      table.carries.set(peer.name, peer.carries);
    }
    const sdkSmall = small.ratio(SDK, FETCH);
    const sdkPage = page.ratio(SDK, FETCH);
    const sdkFlight = 1 / flight.ratio(SDK, FETCH);
    const perCall = (result: RoundsResult, calls: number) =>
      clients
        .map(
          ({ peer }) => `${peer.name} ${fmt((result.medianMs[peer.name]! / calls) * 1000, 0)} µs`,
        )
        .join(', ');
    const others = clients.filter(({ peer }) => peer.name !== SDK && peer.name !== FETCH);
    const figures = [
      figure('small GET: SDK / fetch (time)', withSpread(small, SDK), '≤ 0.90x', sdkSmall <= 0.9),
      ...others.map(({ peer }) =>
        figure(`small GET: ${peer.name} / fetch`, withSpread(small, peer.name)),
      ),
      figure('small GET per call', perCall(small, PER_CALL.smallCalls)),
      figure(
        '1000-item page: SDK / fetch (time)',
        withSpread(page, SDK),
        '≤ 0.95x',
        sdkPage <= 0.95,
      ),
      ...others.map(({ peer }) =>
        figure(`1000-item page: ${peer.name} / fetch`, withSpread(page, peer.name)),
      ),
      figure('1000-item page per call', perCall(page, PER_CALL.pageCalls)),
      figure(
        `${PER_CALL.inFlight} in flight: SDK throughput / fetch's`,
        withSpread(flight, SDK, true),
        '≥ 1.5x',
        sdkFlight >= 1.5,
      ),
      ...others.map(({ peer }) =>
        figure(
          `${PER_CALL.inFlight} in flight: ${peer.name} throughput / fetch's`,
          withSpread(flight, peer.name, true),
        ),
      ),
      figure(
        `${PER_CALL.inFlight} in flight: calls per second`,
        clients
          .map(
            ({ peer }) =>
              `${peer.name} ${fmt(PER_CALL.flightCalls / (flight.medianMs[peer.name]! / 1000), 0)}/s`,
          )
          .join(', '),
      ),
    ];
    return {
      id: 'overhead',
      title: '1. Per-request cost beside the peers',
      method: `A loopback node:http server in its own process, keep-alive. Every variant makes the same calls in the same rounds, interleaved (the order rotating each round), after ${PER_CALL.warmup} warm-up rounds: ${PER_CALL.smallCalls} small GETs one after another (${PER_CALL.smallRounds} rounds; the SDK's is \`workforce.users.get(id)\`), ${PER_CALL.pageCalls} pages of 1000 users one after another (${PER_CALL.pageRounds} rounds; \`await workforce.users.list({ page_size: 1000 })\`, the first page), and ${PER_CALL.flightCalls} small GETs with ${PER_CALL.inFlight} in flight at any time (${PER_CALL.flightRounds} rounds). Before each variant's turn a full garbage collection (untimed) clears what the previous variant left, so that each pays only for the collections its own calls cause. Figures are medians of the per-round ratios to raw fetch (time for the first two, lower is better; throughput for the third, higher is better). Each client runs at its defaults: the SDK with a static token, 2 retries, a 30 s attempt timeout and the rate limiter on; "fetch + timeout signal" is raw fetch with an AbortController and a timer per call, what any per-call timeout over fetch needs.`,
      figures,
      notes: [
        "On Node the SDK sends over undici's request() with a keep-alive pool per client (loaded on the first request, which waits for it; fetch when the caller passes `fetch` or `fetchOptions` fields other than `dispatcher`, and on every other runtime), and parses JSON bodies from the bytes it read, without a fetch `Response`.",
        'What each client carries at its defaults: ' +
          clients.map(({ peer }) => `${peer.name}: ${peer.carries}`).join('; ') +
          '.',
      ],
    };
  } finally {
    await server.stop();
  }
}

await runStandalone(import.meta.url, run);
