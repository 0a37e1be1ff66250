// Shared helpers of the reliability suite: family clients pointed at the test server, calling any
// spec operation through the raw client, a fake-clock driver, open-handle checks and figures.
import { createAccessClient } from '@x/access';
import { createEventsClient } from '@x/events';
import { createLegacyClient } from '@x/legacy';
import type { ClientEvent, ClientOptions } from '@x/runtime';
import { capture, type SpecOperation, startTestServer, type TestServer } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { afterAll, beforeAll, expect, vi } from 'vitest';

type RawCall = (
  path: string,
  init: { params?: { path?: Record<string, unknown> }; body?: unknown },
) => Promise<{ data?: unknown }>;
export interface AnyClient {
  raw: Record<string, RawCall>;
}

/** The family client of a spec, pointed at `baseUrl`. */
export function familyClient(spec: string, options: ClientOptions): AnyClient {
  const client =
    spec === 'legacy'
      ? createLegacyClient(options)
      : spec === 'workforce'
        ? createWorkforceClient(options)
        : spec === 'access'
          ? createAccessClient({ ...options, tenantId: 'tenant-1' })
          : spec === 'events'
            ? createEventsClient(options)
            : undefined;
  if (!client) throw new Error(`no client for spec ${spec}`);
  return client as unknown as AnyClient;
}

/** Calls one spec operation through the family's typed raw client. */
export function callOperation(
  client: AnyClient,
  op: SpecOperation,
  pathValues: Record<string, unknown> = {},
): Promise<{ data?: unknown }> {
  const path: Record<string, unknown> = {};
  for (const name of op.pathParams)
    path[name] = name in pathValues ? pathValues[name] : `${name}-1`;
  const init: { params: { path: Record<string, unknown> }; body?: unknown } = { params: { path } };
  if (op.hasBody) init.body = {};
  return client.raw[op.method]!(op.path, init);
}

/** One turn of the real event loop (setImmediate is never faked here). */
export const realTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a call under fake timers without sleeping: each wait the client announces (a `retry` or
 * `rate-limit-wait` event) is skipped by moving the fake clock exactly that far, and a request the
 * server holds without answering is timed out by moving the clock by `timeoutMs`.
 */
export async function drive<T>(
  promise: Promise<T>,
  opts: {
    events: ClientEvent[];
    /** Requests received so far by the server, when the server may hold requests unanswered. */
    held?: () => number;
    timeoutMs: number;
  },
) {
  const state = capture(promise);
  let waits = 0;
  let timeouts = 0;
  for (let turns = 0; !state.done; turns++) {
    if (turns > 20_000) throw new Error('the call did not settle');
    await realTurn();
    if (state.done) break;
    const waitEvents = opts.events.filter(
      (e) => e.type === 'retry' || e.type === 'rate-limit-wait',
    );
    if (waitEvents.length > waits) {
      const e = waitEvents[waits++]!;
      await vi.advanceTimersByTimeAsync(e.type === 'retry' ? e.delayMs : e.waitMs);
      continue;
    }
    if (opts.held && opts.held() > timeouts) {
      // Let the client finish sending and start waiting before the clock moves.
      for (let i = 0; i < 5; i++) await realTurn();
      timeouts++;
      await vi.advanceTimersByTimeAsync(opts.timeoutMs);
    }
  }
  return state;
}

const WATCHED = ['TCPSocketWrap', 'TCPServerWrap', 'Timeout', 'FSReqCallback'];

/** Counts of the handle types that would keep a process alive. */
export function handleCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo())
    if (WATCHED.includes(type)) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/**
 * Waits until no more handles are open than in `baseline`, then asserts it. The wait is bounded in
 * real time, not in turns: a socket whose peer has closed still needs the kernel's FIN to reach the
 * event loop, which on a loaded CI machine can take longer than a few hundred turns. A real leak
 * stays open past the bound and fails.
 */
export async function expectNoHandlesBeyond(
  baseline: Record<string, number>,
  boundMs = 5000,
): Promise<void> {
  const over = () =>
    Object.entries(handleCounts()).filter(([type, n]) => n > (baseline[type] ?? 0));
  // performance.now() is not among the faked clocks, so the bound holds even under fake timers.
  const deadline = performance.now() + boundMs;
  while (over().length > 0 && performance.now() < deadline) await realTurn();
  expect(Object.fromEntries(over()), 'handles left open').toEqual({});
}

/**
 * One test server for a suite: started before its tests; after them closed with no socket left,
 * no handle left open beyond those open before the suite, and the suite's figures printed.
 * Returns the server, for use once the suite's tests run.
 */
export function suiteServer(
  name: string,
  figures: () => Record<string, number | string>,
  start: () => Promise<TestServer> = () => startTestServer(),
): () => TestServer {
  let server: TestServer | undefined;
  let baseline: Record<string, number> = {};
  beforeAll(async () => {
    baseline = handleCounts();
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.openSockets() ?? 0).toBe(0);
    await expectNoHandlesBeyond(baseline);
    figure(name, figures());
  });
  return () => {
    if (!server) throw new Error(`the ${name} server is used before the suite started it`);
    return server;
  };
}

/** Prints a figure line in the test output (copied by hand into docs/reliability.md). */
export function figure(name: string, values: Record<string, number | string>): void {
  const text = Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`[reliability] ${name}: ${text}`);
}

/**
 * One request with real timers, so that fetch's own lazily created housekeeping timer exists
 * before a test fakes the clock: the fake clock then holds only the SDK's timers.
 */
export async function warmUp(url: string): Promise<void> {
  const response = await fetch(`${url}/warm-up`);
  await response.arrayBuffer();
}

/**
 * Call right after `vi.useFakeTimers()`: records every timer set from then on with its origin.
 * `pending()` lists the timers still waiting that were not set by fetch's own connection
 * housekeeping (undici's idle-socket timers): after a call, that list must be empty.
 */
export function trackTimers(): { pending(): string[]; restore(): void } {
  const fakeSet = globalThis.setTimeout;
  const fakeClear = globalThis.clearTimeout;
  const live = new Map<unknown, string>();
  const tracked = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = fakeSet(() => {
      live.delete(timer);
      fn(...args);
    }, ms);
    live.set(timer, new Error(`timer of ${ms} ms`).stack ?? '');
    return timer;
  }) as unknown as typeof setTimeout;
  globalThis.setTimeout = tracked;
  globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
    live.delete(timer);
    fakeClear(timer);
  }) as typeof clearTimeout;
  return {
    pending: () => [...live.values()].filter((stack) => !stack.includes('deps/undici')),
    /** Puts the fake timer functions back; call before `vi.useRealTimers()`. */
    restore() {
      globalThis.setTimeout = fakeSet;
      globalThis.clearTimeout = fakeClear;
    },
  };
}
