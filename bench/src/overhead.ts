// 1. Per-request overhead on loopback: the SDK (static-token auth, retry layer, rate-limit
// tracking and error mapping all on) vs plain openapi-fetch vs raw fetch, for a small GET and a
// 1000-item list page.

import { staticToken } from '@x/auth';
import type { paths } from '@x/workforce';
import { createWorkforceClient } from '@x/workforce';
import createClient from 'openapi-fetch';
import { figure, fmt, ratio, runStandalone, type Section } from './lib/report.js';
import { interleave, type RoundsResult, repeat } from './lib/rounds.js';
import { startServer } from './lib/server.js';

const TOKEN = 'bench-static-token-0123456789';
const VARIANTS = ['sdk', 'openapi-fetch', 'fetch+timeout', 'fetch'];
// Rounds long enough that each holds the garbage collections its own calls cause, and many of
// them, so that the median of the per-round ratios leaves out rounds hit by a burst of noise.
const SMALL_CALLS = 100;
const SMALL_ROUNDS = 41;
const LIST_CALLS = 10;
const LIST_ROUNDS = 31;

/** A variant's median ratio to raw fetch, with the middle half of its per-round ratios. */
function withSpread(result: RoundsResult, variant: string): string {
  const [low, high] = result.spread(variant, 'fetch');
  return `${ratio(result.ratio(variant, 'fetch'))} (middle half of rounds ${fmt(low, 3)}–${fmt(high, 3)})`;
}

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const sdk = createWorkforceClient({ baseUrl: server.url, auth: staticToken(TOKEN) });
    const plain = createClient<paths>({
      baseUrl: server.url,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const rawGet = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    };

    // Raw fetch with what any per-attempt timeout needs: an AbortController whose signal fetch
    // watches, and a timer. No SDK can go below this while it can abort a stalled attempt.
    const timedGet = async (path: string) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        const response = await fetch(`${server.url}${path}`, {
          headers,
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        return await response.json();
      } finally {
        clearTimeout(timer);
      }
    };

    /** One case: its four variants measured side by side, and its figures. */
    const measure = async (c: {
      label: string;
      calls: number;
      rounds: number;
      goal: number;
      path: string;
      sdk: () => Promise<unknown>;
      openapiFetch: () => Promise<unknown>;
    }) => {
      const result = await interleave(
        [
          { name: 'sdk', run: () => repeat(c.calls, c.sdk) },
          { name: 'openapi-fetch', run: () => repeat(c.calls, c.openapiFetch) },
          { name: 'fetch', run: () => repeat(c.calls, () => rawGet(c.path)) },
          { name: 'fetch+timeout', run: () => repeat(c.calls, () => timedGet(c.path)) },
        ],
        { rounds: c.rounds, warmup: 5 },
      );
      const sdkRatio = result.ratio('sdk', 'fetch');
      const figures = [
        figure(
          `${c.label}: SDK / fetch`,
          withSpread(result, 'sdk'),
          `≤ ${fmt(c.goal)}x`,
          sdkRatio <= c.goal,
        ),
        figure(`${c.label}: openapi-fetch / fetch`, withSpread(result, 'openapi-fetch')),
        figure(
          `${c.label}: fetch with a per-attempt timeout signal / fetch (floor)`,
          withSpread(result, 'fetch+timeout'),
        ),
        figure(
          `${c.label} per call (SDK, openapi-fetch, fetch+timeout, fetch)`,
          VARIANTS.map((k) => `${fmt((result.medianMs[k]! / c.calls) * 1000, 0)} µs`).join(', '),
        ),
      ];
      return { result, figures };
    };

    const small = await measure({
      label: 'small GET',
      calls: SMALL_CALLS,
      rounds: SMALL_ROUNDS,
      goal: 1.1,
      path: '/v2/users/u1',
      sdk: () => sdk.users.get('u1'),
      openapiFetch: () => plain.GET('/v2/users/{user_id}', { params: { path: { user_id: 'u1' } } }),
    });
    const list = await measure({
      label: '1000-item page',
      calls: LIST_CALLS,
      rounds: LIST_ROUNDS,
      goal: 1.05,
      path: '/v2/users?page_size=1000&skip=0',
      sdk: () => sdk.users.listPage({ pageSize: 1000 }),
      openapiFetch: () =>
        plain.GET('/v2/users', { params: { query: { page_size: 1000, skip: 0 } } }),
    });
    const r = (c: { result: RoundsResult }, variant: string, reference = 'fetch') =>
      ratio(c.result.ratio(variant, reference));
    return {
      id: 'overhead',
      title: '1. Per-request overhead',
      method: `A loopback node:http server in its own process. Each round makes ${SMALL_CALLS} small GETs (\`workforce.users.get\`) or ${LIST_CALLS} list pages of 1000 users (\`workforce.users.listPage\`) per variant, sequentially; ${SMALL_ROUNDS} and ${LIST_ROUNDS} rounds after 5 warm-up rounds, variants interleaved (the order rotating each round). The SDK has a static-token provider, retries, rate-limit tracking and error mapping on (the defaults). "fetch+timeout" is raw fetch with what any per-attempt timeout needs: an AbortController whose signal fetch watches, and a timer.`,
      notes: [
        `The floor: raw fetch with only a per-attempt timeout signal costs ${r(small, 'fetch+timeout')} of raw fetch on the small GET (${r(list, 'fetch+timeout')} on the list page): Node's fetch registers a listener and a finalizer on every signal it is given. Every SDK call needs that signal, to abort an attempt that stalls and to honour the caller's signal. Measured from that floor, the SDK costs ${r(small, 'sdk', 'fetch+timeout')} on the small GET and ${r(list, 'sdk', 'fetch+timeout')} on the list page; openapi-fetch alone, which has no timeout, costs ${r(small, 'openapi-fetch')} and ${r(list, 'openapi-fetch')} of raw fetch.`,
      ],
      figures: [...small.figures, ...list.figures],
    };
  } finally {
    await server.stop();
  }
}

await runStandalone(import.meta.url, run);
