// Every fault of the catalogue, for every operation of every spec (so every HTTP method the specs
// use), against the real transport over loopback: the error class, the number of attempts the
// server saw, the waits between them on the fake clock, no second POST/PATCH after a 5xx or a lost
// connection (except the operations a family marks retry-safe, which are retried like a GET), and
// no timer or socket left behind.

import type { ClientEvent } from '@x/runtime';
import * as runtime from '@x/runtime';
import { FAULTS, type Fault, OVERSIZED_BYTES, specOperations, startTestServer } from '@x/testing';
import { WORKFORCE_RETRY_SAFE } from '@x/workforce/operations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callOperation, drive, familyClient, suiteServer, trackTimers, warmUp } from './support.js';

const TIMEOUT_MS = 5000;
const BASE_DELAY_MS = 500;
const MAX_RETRIES = 2;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
/** The operations families mark retry-safe, by spec (`METHOD /path/template`). */
const RETRY_SAFE: Record<string, ReadonlySet<string>> = {
  workforce: new Set(WORKFORCE_RETRY_SAFE),
};
const retrySafe = (op: { spec: string; method: string; path: string }) =>
  RETRY_SAFE[op.spec]?.has(`${op.method} ${op.path}`) === true;
const tallySafe = new Set<string>();
const operations = specOperations();
const methods = [...new Set(operations.map((op) => op.method))];

const tally = { cases: 0, requests: 0, faultsSurvived: 0, operations: operations.length };

const server = suiteServer(
  'fault matrix',
  () => ({
    faults: FAULTS.length,
    methods: methods.length,
    operations: tally.operations,
    cases: tally.cases,
    requests: tally.requests,
    'fault cases with the expected outcome': tally.faultsSurvived,
    'retry-safe POST/PATCH operations (retried like GET)': tallySafe.size,
  }),
  async () => {
    const started = await startTestServer(undefined, {
      maxRequests: 100_000,
      maxBodyBytes: 64 * 1024,
      keepAlive: false,
    });
    await warmUp(started.url);
    return started;
  },
);
let timers: ReturnType<typeof trackTimers>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  timers = trackTimers();
});
afterEach(() => {
  // Nothing of the SDK still waiting: every attempt timer and backoff sleep was cleared.
  const pending = timers.pending();
  timers.restore();
  vi.useRealTimers();
  expect(pending).toEqual([]);
});

function expectedAttempts(fault: Fault, method: string, safe: boolean): number {
  if (fault.retried === 'any') return 1 + MAX_RETRIES;
  if (fault.retried === 'idempotent' && (IDEMPOTENT.has(method) || safe)) return 1 + MAX_RETRIES;
  return 1;
}

function expectedGaps(fault: Fault, attempts: number): number[] {
  const gaps: number[] = [];
  for (let retry = 1; retry < attempts; retry++) {
    // Full jitter with random pinned to 0.5: half of the ceiling.
    const backoff = Math.floor(0.5 * BASE_DELAY_MS * 2 ** (retry - 1));
    const w = fault.wait;
    gaps.push(
      w.kind === 'fixed'
        ? w.ms
        : w.kind === 'backoff'
          ? backoff
          : w.kind === 'timeout-then-backoff'
            ? TIMEOUT_MS + backoff
            : 0,
    );
  }
  return gaps;
}

describe.each(FAULTS.map((f) => [f.id, f] as const))('fault %s', (_id, fault) => {
  it.each(methods)('%s: every operation of every spec', async (method) => {
    const ops = operations.filter((op) => op.method === method);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      server().clear();
      server().handle((req, res, raw) => fault.respond(req, res, raw));
      const events: ClientEvent[] = [];
      const client = familyClient(op.spec, {
        baseUrl: server().url,
        timeoutMs: TIMEOUT_MS,
        maxResponseBytes: OVERSIZED_BYTES / 4,
        retry: { maxRetries: MAX_RETRIES, baseDelayMs: BASE_DELAY_MS },
        random: () => 0.5,
        onEvent: (e) => events.push(e),
      });
      const held = fault.wait.kind === 'timeout-then-backoff';
      const state = await drive(callOperation(client, op), {
        events,
        timeoutMs: TIMEOUT_MS,
        ...(held ? { held: () => server().requests.length } : {}),
      });
      const where = `${fault.id} ${op.spec} ${op.method} ${op.path}`;
      const safe = retrySafe(op);
      if (safe) tallySafe.add(`${op.spec} ${op.method} ${op.path}`);
      const attempts = expectedAttempts(fault, method, safe);
      expect(server().requests.length, `${where}: attempts seen by the server`).toBe(attempts);
      for (const r of server().requests) expect(r.method).toBe(method);
      const gaps = server()
        .requests.slice(1)
        .map((r, i) => r.receivedAt - server().requests[i]!.receivedAt);
      expect(gaps, `${where}: waits on the fake clock`).toEqual(expectedGaps(fault, attempts));
      if (fault.error === 'ok') {
        expect(state.error, where).toBeUndefined();
      } else {
        const ErrorClass = (runtime as unknown as Record<string, new () => Error>)[fault.error]!;
        expect(ErrorClass, fault.error).toBeTypeOf('function');
        expect(state.error, where).toBeInstanceOf(ErrorClass);
        expect(state.error, where).toBeInstanceOf(runtime.SdkError);
        const request = (state.error as runtime.SdkError).request;
        expect(request?.method, where).toBe(method);
        expect(request?.pathTemplate, where).toBe(op.path);
        if (fault.error !== 'InvalidResponseError')
          expect(request?.attempts, `${where}: attempts in the error`).toBe(attempts);
      }
      if ((method === 'POST' || method === 'PATCH') && !safe) {
        if (fault.retried !== 'any') expect(server().requests.length, where).toBe(1);
      }
      tally.cases++;
      tally.requests += server().requests.length;
      tally.faultsSurvived++;
    }
  });
});
