// 0. The SDK beside raw fetch and the peers in one table, from the figures of sections 1, 3 and 4
// of the same run (overhead.ts, bundle-size.ts, import-time.ts).
import { oneCallBytes } from './bundle-size.js';
import { importMs } from './import-time.js';
import { PEERS } from './lib/peers.js';
import { fmt, kb, ratio, type Section } from './lib/report.js';
import { table } from './overhead.js';

export function sideBySide(): Section {
  const rows = PEERS.map((peer) => {
    const r = table?.rows.get(peer.name);
    const bundle = oneCallBytes?.get(peer.name);
    const ms = importMs?.get(peer.name);
    return [
      peer.name,
      r ? ratio(r[0], 2) : '—',
      r ? ratio(r[1], 2) : '—',
      r ? ratio(r[2], 2) : '—',
      ms === undefined ? '—' : `${fmt(ms, 1)} ms`,
      bundle === undefined
        ? '—'
        : `${kb(bundle.gzip)}${bundle.platform === 'node' ? ' (Node only)' : ''}`,
      peer.carries,
    ];
  });
  return {
    id: 'side-by-side',
    title: '0. Side by side',
    method:
      'One row per client, every figure from this run: per-request time as a ratio to raw fetch (small GET and 1000-item page: lower is better; 64 in flight: throughput, higher is better) from section 1, cold import from section 4, the smallest one-call program (min+gzip, with everything it needs) from section 3. Goals for the SDK: small GET ≤ 0.90x, page ≤ 0.95x, 64 in flight ≥ 1.5x, cold import < 30 ms.',
    figures: [],
    table: {
      header: [
        'client',
        'small GET',
        '1000-item page',
        '64 in flight, throughput',
        'cold import',
        'one-call bundle min+gz',
        'carries at its defaults',
      ],
      rows,
    },
  };
}
