// 9. The Node transport: the runtime's senders side by side, each under the same pipeline (timeouts,
// retries, typed errors), beside raw fetch, in the same interleaved rounds as section 1: a small
// GET, a 1000-item page, and 64 calls in flight; then what loading each sender costs a process
// (the client's first request pays it: the transport is loaded lazily, never on import).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import {
  AbortError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
} from '../../packages/runtime/src/core/errors.js';
import { fetchSender } from '../../packages/runtime/src/transport/fetch-sender.js';
import { sendRequest } from '../../packages/runtime/src/transport/pipeline.js';
import { transportSettings } from '../../packages/runtime/src/transport/settings.js';
import { createUndiciSender } from '../../packages/runtime/src/transport/undici-sender.js';
import {
  describe,
  type OutgoingRequest,
  type Sender,
} from '../../packages/runtime/src/transport/wire.js';
import { measurePerCall, PER_CALL, withSpread as spreadOf } from './lib/per-call.js';
import { figure, fmt, median, runStandalone, type Section } from './lib/report.js';
import type { RoundsResult } from './lib/rounds.js';
import { startServer } from './lib/server.js';

const LOADS = 11;
const FETCH = 'fetch';
const TOKEN = 'Bearer bench-static-token-0123456789';
const runtimeSrc = fileURLToPath(new URL('../../packages/runtime/src/transport/', import.meta.url));
const benchDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * A sender of the runtime, measured under the pipeline; `module`: the file a client loads on its
 * first request (the fetch sender is part of every build).
 */
interface Candidate {
  name: string;
  module?: string;
  make(): Sender;
}

const kit = { AbortError, ConnectionError, ResponseTooLargeError, TimeoutError, describe };
const CANDIDATES: Candidate[] = [
  {
    name: 'undici sender',
    module: 'undici-sender.ts',
    make: () => createUndiciSender(kit),
  },
  { name: 'fetch sender', make: () => fetchSender },
];

/**
 * How undici became the Node transport (issue 25, goal 6): the rule was to adopt it unless it
 * failed a case of the senders' contract tests or a goal. The node:http sender it replaced is
 * deleted; these runs measured both, with this file as of commit 7758400 (both senders in it).
 */
const DECISION = [
  "Decision (2026-11-27): undici's request() on a dispatcher per client replaced the sender over node:http. It passes every case of the senders' contract tests (test/sender-contract.test.ts: 26 cases, each run against fetch as well: redirects, decompression of gzip, deflate and br, keep-alive, FormData and Blob bodies, timeouts in headers and body, aborts, size limits, cut-off error bodies), proxies through a local CONNECT proxy, the token request included (test/sender-choice.test.ts, tests/reliability/proxy.test.ts), and the per-call goals; the node:http sender had no proxy support (a proxy switched the client to fetch).",
  'Decision runs, pipeline + sender / raw fetch (small GET time, 1000-item page time, 64 in flight throughput; load on the first request): run 1: undici 0.592x, 0.834x, 2.72x, 134.9 ms; node:http 0.494x, 0.914x, 2.53x, 10.3 ms. Run 2: undici 0.494x, 0.767x, 2.64x, 289.8 ms; node:http 0.489x, 0.778x, 2.11x, 20.0 ms. Run 3: undici 0.554x, 0.700x, 2.77x, 835.0 ms; node:http 0.521x, 0.741x, 2.12x, 48.9 ms. The fetch sender, for scale: 1.316x, 0.950x, 0.94x; 1.022x, 0.963x, 0.91x; 1.027x, 0.920x, 0.88x. The machine (2 cores) was shared with other jobs (load average 6 to 40): ratios only, absolute times are not comparable between runs.',
  "The SDK itself (section 1 alone, `tsx bench/src/overhead-only.ts`), SDK / fetch: over node:http 0.647x (small GET), 0.884x (page), 2.03x (64 in flight); over undici 0.687x, 0.916x, 2.29x, and in a second run 0.703x, 0.847x, 1.85x (a run in between, 1.346x, 1.242x, 0.73x, is left out: the runtime's dist was being rebuilt as it started, so its clients found no undici sender and sent over fetch, whose ratios those are); goals ≤ 0.90x, ≤ 0.95x, ≥ 1.5x: met by both.",
  "What undici costs: its load on a client's first request, 13 to 17 times node:http's (the undici package, and Node's own fetch, which it reads as it loads); the families' cold import does not change, since neither transport is loaded on import (test/import-cost.test.ts). In exchange: proxies (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, or a dispatcher of the caller's) over the same transport, FormData and Blob bodies without fetch, and 427 lines of HTTP client code less to keep.",
];

const decoder = new TextDecoder();

/** One call through the pipeline over `sender`, its JSON parsed from the bytes, as the SDK does. */
function pipelineCall(sender: Sender): (url: string) => Promise<unknown> {
  const settings = transportSettings({});
  const call = { signal: undefined, timeoutMs: 30_000, retry: settings.retry };
  return async (url) => {
    const path = new URL(url).pathname;
    const request: OutgoingRequest = {
      method: 'GET',
      url,
      path,
      pathTemplate: path,
      headers: { authorization: TOKEN, accept: 'application/json' },
      body: undefined,
    };
    const { response } = await sendRequest(settings, call, request, sender);
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    return JSON.parse(decoder.decode(response.bytes));
  };
}

function fetchJson(url: string): Promise<unknown> {
  return fetch(url, { headers: { authorization: TOKEN } }).then((response) => {
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  });
}

/** A ratio to raw fetch with the middle half of its per-round ratios. */
const withSpread = (result: RoundsResult, variant: string, invert = false) =>
  spreadOf(result, variant, FETCH, invert);

/**
 * Milliseconds to import each sender's module, bundled alone (esbuild, its node: and npm imports
 * left out) so that no TypeScript loader is timed, in fresh processes, interleaved; the median.
 */
async function loadCosts(): Promise<Map<string, number>> {
  // Under bench/ (its .cache/, git-ignored), so that the bundles' `undici` import resolves.
  await mkdir(join(benchDir, '.cache'), { recursive: true });
  const dir = await mkdtemp(join(benchDir, '.cache', 'transport-load-'));
  try {
    const entries = new Map<string, string>();
    for (const candidate of CANDIDATES) {
      if (!candidate.module) continue;
      const out = join(dir, `${candidate.module.replace('.ts', '')}.mjs`);
      await build({
        entryPoints: [join(runtimeSrc, candidate.module)],
        bundle: true,
        format: 'esm',
        platform: 'node',
        packages: 'external',
        outfile: out,
        logLevel: 'silent',
      });
      entries.set(candidate.name, pathToFileURL(out).href);
    }
    // Each process first imports a file of its own (the ESM loader's start-up, untimed).
    const warm = join(dir, 'warm.mjs');
    await writeFile(warm, 'export default 1;\n');
    const times = new Map<string, number[]>([...entries.keys()].map((name) => [name, []]));
    for (let i = 0; i < LOADS; i++) {
      for (const [name, entry] of entries) {
        const script = `await import(${JSON.stringify(pathToFileURL(warm).href)}); const t = performance.now(); await import(${JSON.stringify(entry)}); console.log(performance.now() - t);`;
        const { stdout } = await promisify(execFile)(
          process.execPath,
          ['--input-type=module', '-e', script],
          { cwd: benchDir },
        );
        times.get(name)!.push(Number(stdout.trim()));
      }
    }
    return new Map([...times].map(([name, t]) => [name, median(t)]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const variants = [
      { name: FETCH, call: fetchJson },
      ...CANDIDATES.map((c) => ({ name: `pipeline + ${c.name}`, call: pipelineCall(c.make()) })),
    ];
    const user = `${server.url}/v2/users/u1`;
    const page = `${server.url}/v2/users?page_size=1000`;
    const {
      small,
      page: pages,
      flight,
    } = await measurePerCall(
      variants.map((v) => ({ name: v.name, get: () => v.call(user), page: () => v.call(page) })),
    );
    const loads = await loadCosts();
    const notes = DECISION;
    const others = variants.filter((v) => v.name !== FETCH);
    return {
      id: 'transport',
      title: '9. The Node transport',
      method: `Each of the runtime's senders under the same pipeline (the SDK's transport without openapi-fetch and the rate limiter: per-attempt timeout, retries, typed errors, JSON parsed from the bytes), beside raw fetch, against the loopback server of section 1, interleaved the same way: ${PER_CALL.smallCalls} small GETs (${PER_CALL.smallRounds} rounds), ${PER_CALL.pageCalls} pages of 1000 users (${PER_CALL.pageRounds} rounds), ${PER_CALL.flightCalls} small GETs with ${PER_CALL.inFlight} in flight (${PER_CALL.flightRounds} rounds), after ${PER_CALL.warmup} warm-up rounds; medians of the per-round ratios to raw fetch. Load: each sender's module bundled alone (esbuild; node: and npm imports left out, so undici's own files count), imported in a fresh process after the ESM loader's start-up, median of ${LOADS} processes; the client's first request pays it, never an import.`,
      figures: [
        ...others.map((v) => figure(`small GET: ${v.name} / fetch`, withSpread(small, v.name))),
        ...others.map((v) =>
          figure(`1000-item page: ${v.name} / fetch`, withSpread(pages, v.name)),
        ),
        ...others.map((v) =>
          figure(
            `${PER_CALL.inFlight} in flight: ${v.name} throughput / fetch's`,
            withSpread(flight, v.name, true),
          ),
        ),
        ...[...loads].map(([name, ms]) =>
          figure(`load on the first request: ${name}`, `${fmt(ms, 1)} ms`),
        ),
      ],
      notes,
    };
  } finally {
    await server.stop();
  }
}

await runStandalone(import.meta.url, run);
