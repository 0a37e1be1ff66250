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

    const small = await interleave(
      [
        { name: 'sdk', run: () => repeat(SMALL_CALLS, () => sdk.users.get('u1')) },
        {
          name: 'openapi-fetch',
          run: () =>
            repeat(SMALL_CALLS, () =>
              plain.GET('/v2/users/{user_id}', { params: { path: { user_id: 'u1' } } }),
            ),
        },
        { name: 'fetch', run: () => repeat(SMALL_CALLS, () => rawGet('/v2/users/u1')) },
        { name: 'fetch+timeout', run: () => repeat(SMALL_CALLS, () => timedGet('/v2/users/u1')) },
      ],
      { rounds: SMALL_ROUNDS, warmup: 5 },
    );
    const list = await interleave(
      [
        {
          name: 'sdk',
          run: () => repeat(LIST_CALLS, () => sdk.users.listPage({ pageSize: 1000 })),
        },
        {
          name: 'openapi-fetch',
          run: () =>
            repeat(LIST_CALLS, () =>
              plain.GET('/v2/users', { params: { query: { page_size: 1000, skip: 0 } } }),
            ),
        },
        {
          name: 'fetch',
          run: () => repeat(LIST_CALLS, () => rawGet('/v2/users?page_size=1000&skip=0')),
        },
        {
          name: 'fetch+timeout',
          run: () => repeat(LIST_CALLS, () => timedGet('/v2/users?page_size=1000&skip=0')),
        },
      ],
      { rounds: LIST_ROUNDS, warmup: 5 },
    );
    const smallSdk = small.ratio('sdk', 'fetch');
    const listSdk = list.ratio('sdk', 'fetch');
    const us = (ms: number, n: number) => `${fmt((ms / n) * 1000, 0)} µs`;
    return {
      id: 'overhead',
      title: '1. Per-request overhead',
      method: `A loopback node:http server in its own process. Each round makes ${SMALL_CALLS} small GETs (\`workforce.users.get\`) or ${LIST_CALLS} list pages of 1000 users (\`workforce.users.listPage\`) per variant, sequentially; ${SMALL_ROUNDS} and ${LIST_ROUNDS} rounds after 5 warm-up rounds, variants interleaved (the order rotating each round). The SDK has a static-token provider, retries, rate-limit tracking and error mapping on (the defaults). "fetch+timeout" is raw fetch with what any per-attempt timeout needs: an AbortController whose signal fetch watches, and a timer.`,
      notes: [
        `The floor: raw fetch with only a per-attempt timeout signal costs ${ratio(small.ratio('fetch+timeout', 'fetch'))} of raw fetch on the small GET (${ratio(list.ratio('fetch+timeout', 'fetch'))} on the list page): Node's fetch registers a listener and a finalizer on every signal it is given. Every SDK call needs that signal, to abort an attempt that stalls and to honour the caller's signal. Measured from that floor, the SDK costs ${ratio(small.ratio('sdk', 'fetch+timeout'))} on the small GET and ${ratio(list.ratio('sdk', 'fetch+timeout'))} on the list page; openapi-fetch alone, which has no timeout, costs ${ratio(small.ratio('openapi-fetch', 'fetch'))} and ${ratio(list.ratio('openapi-fetch', 'fetch'))} of raw fetch.`,
      ],
      figures: [
        figure('small GET: SDK / fetch', withSpread(small, 'sdk'), '≤ 1.10x', smallSdk <= 1.1),
        figure('small GET: openapi-fetch / fetch', withSpread(small, 'openapi-fetch')),
        figure(
          'small GET: fetch with a per-attempt timeout signal / fetch (floor)',
          withSpread(small, 'fetch+timeout'),
        ),
        figure(
          'small GET per call (SDK, openapi-fetch, fetch+timeout, fetch)',
          VARIANTS.map((k) => us(small.medianMs[k]!, SMALL_CALLS)).join(', '),
        ),
        figure('1000-item page: SDK / fetch', withSpread(list, 'sdk'), '≤ 1.05x', listSdk <= 1.05),
        figure('1000-item page: openapi-fetch / fetch', withSpread(list, 'openapi-fetch')),
        figure(
          '1000-item page: fetch with a per-attempt timeout signal / fetch (floor)',
          withSpread(list, 'fetch+timeout'),
        ),
        figure(
          '1000-item page per call (SDK, openapi-fetch, fetch+timeout, fetch)',
          VARIANTS.map((k) => us(list.medianMs[k]!, LIST_CALLS)).join(', '),
        ),
      ],
    };
  } finally {
    await server.stop();
  }
}

await runStandalone(import.meta.url, run);
