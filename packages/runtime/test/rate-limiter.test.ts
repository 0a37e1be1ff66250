// The proactive limiter: it reads RateLimit-Remaining/Reset and holds requests until the window
// resets, so a burst of concurrent calls gets no 429 at all.
import { AbortError, type ClientEvent, createApiClient } from '@x/runtime';
import { capture } from '@x/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch } from './support/fake-fetch.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import { settle } from './support/timers.js';

/** A server allowing `limit` requests per fixed window, with the RateLimit headers on every answer. */
async function limitedServer(limit: number, windowMs: number) {
  let windowEnd = 0;
  let count = 0;
  const statuses: number[] = [];
  const server = await startFakeServer((_req, res) => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + windowMs;
      count = 0;
    }
    count++;
    const headers = {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - count)),
      'ratelimit-reset': String(Math.ceil((windowEnd - now) / 1000)),
    };
    const status = count > limit ? 429 : 200;
    statuses.push(status);
    send(res, status, status === 200 ? { ok: true } : { code: 'too_many_requests' }, headers);
  });
  return { server, statuses };
}

let server: FakeServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('against a server allowing 4 requests per 1 s window', () => {
  it('14 calls, 13 of them concurrent, get zero 429s: the limiter holds them until the reset', async () => {
    const limited = await limitedServer(4, 1000);
    server = limited.server;
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      onEvent: (e) => events.push(e),
    });
    // One call first, so the limiter knows the window: a cold client's burst is held only while
    // its first answer is at most LEARNING_MS away (tested on a fake clock below), and how long
    // the first answer of a real socket takes on a busy machine is not this test's subject.
    await client.request('GET', '/v2/users/warm');
    const results = await Promise.all(
      Array.from({ length: 13 }, (_, i) => client.request('GET', `/v2/users/u${i}`)),
    );
    expect(results).toHaveLength(13);
    expect(limited.statuses).toHaveLength(14);
    expect(limited.statuses.filter((s) => s === 429)).toHaveLength(0);
    const waits = events.filter(
      (e): e is Extract<ClientEvent, { type: 'rate-limit-wait' }> => e.type === 'rate-limit-wait',
    );
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((w) => w.waitMs > 0 && w.limit === 4)).toBe(true);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(0);
  });

  it('with rateLimit: false the same load runs into 429s, which are retried after the reset', async () => {
    const limited = await limitedServer(4, 1000);
    server = limited.server;
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      rateLimit: false,
      retry: { maxRetries: 5 },
      onEvent: (e) => events.push(e),
    });
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => client.request('GET', `/v2/users/u${i}`)),
    );
    expect(results).toHaveLength(14);
    expect(limited.statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const retries = events.filter(
      (e): e is Extract<ClientEvent, { type: 'retry' }> => e.type === 'retry',
    );
    expect(retries.length).toBe(limited.statuses.filter((s) => s === 429).length);
    expect(retries.every((r) => r.reason === 'rate-limited' && r.delayMs === 1000)).toBe(true);
    expect(events.filter((e) => e.type === 'rate-limit-wait')).toHaveLength(0);
  });
});

describe('waking held requests', () => {
  /**
   * A client whose first answer spends the budget for 50 ms (the next window allows 100), with a
   * turn counter that a macrotask moves on: calls sent in the same turn share its value.
   */
  function heldBurst(answer: (index: number) => Response | Promise<Response>) {
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    const sentInTurn: number[] = [];
    const f = scriptedFetch((_call, index) => {
      sentInTurn.push(turn);
      if (index === 0) return jsonResponse(200, {}, windowHeaders(0, 0.05));
      return answer(index);
    });
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    const run = async (count: number) => {
      await client.request('GET', '/first');
      const calls = Array.from({ length: count }, (_, i) => client.request('GET', `/n${i}`));
      setImmediate(tick);
      try {
        await Promise.all(calls);
      } finally {
        ticking = false;
      }
      const perTurn = new Map<number, number>();
      for (const t of sentInTurn.slice(1)) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
      return [...perTurn.values()];
    };
    return { f, run };
  }
  const windowHeaders = (remaining: number, reset: number) => ({
    'ratelimit-limit': '100',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });

  it('wakes them 16 at a time, a turn of the event loop apart, until the window says when it ends', async () => {
    // No answer of the new window arrives while they are sent.
    const gates: (() => void)[] = [];
    const { f, run } = heldBurst(
      (index) =>
        new Promise((resolve) => {
          gates.push(() => resolve(jsonResponse(200, {}, windowHeaders(100 - index, 10))));
          if (gates.length === 40) for (const open of gates) open();
        }),
    );
    const perTurn = await run(40);
    expect(perTurn).toEqual([16, 16, 8]);
    // In the order they began to wait.
    expect(f.calls.slice(1).map((c) => new URL(c.url).pathname)).toEqual(
      Array.from({ length: 40 }, (_, i) => `/n${i}`),
    );
  });

  it('once an answer of the new window has said when it ends, the rest of the budget goes at once', async () => {
    const { run } = heldBurst((index) => jsonResponse(200, {}, windowHeaders(100 - index, 10)));
    const perTurn = await run(40);
    expect(perTurn).toEqual([16, 24]);
  });
});

describe('limiter details (fake clock)', () => {
  const headers = (remaining: number, reset: number) => ({
    'ratelimit-limit': '5',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });

  it('holds when the budget is spent, reports rate-limit-wait, and releases at the reset', async () => {
    vi.useFakeTimers();
    const f = scriptedFetch(() => jsonResponse(200, {}, headers(0, 10)));
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      fetch: f.fetch,
      onEvent: (e) => events.push(e),
    });
    await client.request('GET', '/a');
    const held = capture(client.request('GET', '/b'));
    await settle();
    expect(f.calls).toHaveLength(1);
    expect(events).toContainEqual({ type: 'rate-limit-wait', waitMs: 10_000, limit: 5 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    await held.settled;
    expect(f.calls).toHaveLength(2);
  });

  it('an abort while held rejects with AbortError and sends nothing', async () => {
    vi.useFakeTimers();
    const f = scriptedFetch(() => jsonResponse(200, {}, headers(0, 10)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    await client.request('GET', '/a');
    const controller = new AbortController();
    const held = capture(client.request('GET', '/b', { signal: controller.signal }));
    await settle();
    controller.abort();
    await settle();
    expect(held.error).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.calls).toHaveLength(1);
  });

  it('responses arriving out of order do not raise the budget again', async () => {
    vi.useFakeTimers();
    // The server counts requests 2..5 in order (remaining 3, 2, 1, 0) but the answers arrive in
    // the reverse order.
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(
      () => jsonResponse(200, {}, headers(4, 10)),
      () => new Promise<Response>((resolve) => gates.push(resolve)),
    );
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    await client.request('GET', '/first');
    const burst = [1, 2, 3, 4].map((i) => capture(client.request('GET', `/b${i}`)));
    await settle();
    expect(f.calls).toHaveLength(5);
    for (const [i, remaining] of [0, 1, 2, 3].entries()) {
      gates[3 - i]!(jsonResponse(200, {}, headers(remaining, 10)));
      await settle();
    }
    await Promise.all(burst.map((b) => b.settled));
    const next = capture(client.request('GET', '/sixth'));
    await settle();
    expect(next.done).toBe(false);
    expect(f.calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(f.calls).toHaveLength(6);
    gates[4]!(jsonResponse(200, {}, headers(4, 10)));
    await next.settled;
  });

  it('a server without RateLimit headers is not limited: concurrent calls all go out at once', async () => {
    vi.useFakeTimers();
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(
      () => jsonResponse(200, {}),
      () => new Promise<Response>((resolve) => gates.push(resolve)),
    );
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      fetch: f.fetch,
      onEvent: (e) => events.push(e),
    });
    await client.request('GET', '/first');
    const calls = Array.from({ length: 20 }, (_, i) => capture(client.request('GET', `/x${i}`)));
    await settle();
    expect(f.calls).toHaveLength(21);
    for (const gate of gates) gate(jsonResponse(200, {}));
    await Promise.all(calls.map((c) => c.settled));
    expect(calls.every((c) => c.error === undefined)).toBe(true);
    expect(events.filter((e) => e.type === 'rate-limit-wait')).toHaveLength(0);
  });

  /** A client over a fetch whose answers the test sends by hand, in any order, at any time. */
  function gatedClient() {
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(() => new Promise<Response>((resolve) => gates.push(resolve)));
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      fetch: f.fetch,
      onEvent: (e) => events.push(e),
    });
    const waits = () =>
      events.flatMap((e) => (e.type === 'rate-limit-wait' ? [e.waitMs] : ([] as number[])));
    /** Sends a first request and answers it with `limitHeaders`, which tell the limiter the window. */
    const answerFirst = async (limitHeaders: Record<string, string>) => {
      const first = capture(client.request('GET', '/first'));
      await settle();
      gates[0]!(jsonResponse(200, {}, limitHeaders));
      await first.settled;
    };
    return { f, gates, client, waits, answerFirst };
  }

  it('keeps the earliest end of a window: answers read late do not push the reset out', async () => {
    vi.useFakeTimers({ now: 0 });
    const { f, gates, client, waits, answerFirst } = gatedClient();
    await answerFirst(headers(4, 10)); // the window ends at 10 s
    const burst = [1, 2, 3, 4].map((i) => capture(client.request('GET', `/b${i}`)));
    await settle();
    expect(f.calls).toHaveLength(5);
    // The server counted the four at 0 s, but the client reads the answers 3 s later: each says
    // 10 s from when it was counted, which read now would mean 13 s.
    await vi.advanceTimersByTimeAsync(3000);
    for (const [i, remaining] of [3, 2, 1, 0].entries())
      gates[1 + i]!(jsonResponse(200, {}, headers(remaining, 10)));
    await Promise.all(burst.map((b) => b.settled));
    const next = capture(client.request('GET', '/next'));
    await settle();
    expect(f.calls).toHaveLength(5);
    expect(waits()).toEqual([7000]);
    await vi.advanceTimersByTimeAsync(6999);
    expect(f.calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(6);
    gates[5]!(jsonResponse(200, {}, headers(4, 10)));
    await next.settled;
    expect(next.error).toBeUndefined();
  });

  it('follows a newer window when an answer was counted in one the client had not seen start', async () => {
    vi.useFakeTimers({ now: 0 });
    const { f, gates, client, waits } = gatedClient();
    const first = capture(client.request('GET', '/first'));
    await settle();
    // Read 1 s late: the estimate is 11 s, the server's window really ends at 10 s.
    await vi.advanceTimersByTimeAsync(1000);
    gates[0]!(jsonResponse(200, {}, headers(4, 10)));
    await first.settled;
    await vi.advanceTimersByTimeAsync(9500); // 10.5 s: the server began a new window at 10 s
    const late = capture(client.request('GET', '/late'));
    await settle();
    // Counted at 10.5 s in the window 10 s..20 s, which has used its budget.
    gates[1]!(jsonResponse(200, {}, headers(0, 9.5)));
    await late.settled;
    const held = capture(client.request('GET', '/held'));
    await settle();
    expect(waits()).toEqual([9500]);
    // Not released at 11 s, the end of the window it knew before.
    await vi.advanceTimersByTimeAsync(9499);
    expect(f.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(3);
    gates[2]!(jsonResponse(200, {}, headers(4, 10)));
    await held.settled;
  });

  it('releases held requests when the first answer of a new window says when it ends, not a second later', async () => {
    vi.useFakeTimers({ now: 0 });
    const { f, gates, client, waits, answerFirst } = gatedClient();
    // A server with a 200 ms window of 2 requests.
    const limit2 = (remaining: number, reset: number) => ({
      'ratelimit-limit': '2',
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(reset),
    });
    await answerFirst(limit2(0, 0.2)); // spent until 200 ms
    const calls = ['/a', '/b', '/c'].map((path) => capture(client.request('GET', path)));
    await settle();
    expect(waits()).toEqual([200, 200, 200]);
    // At 200 ms a new window: two go out (the budget); the third is not woken, and stays held
    // without knowing the window's end yet.
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(f.calls).toHaveLength(3);
    expect(waits()).toEqual([200, 200, 200]);
    // The first answer of the new window, at 210 ms: it ends at 410 ms.
    await vi.advanceTimersByTimeAsync(10);
    gates[1]!(jsonResponse(200, {}, limit2(1, 0.2)));
    await settle();
    await vi.advanceTimersByTimeAsync(199);
    expect(f.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(4); // at 410 ms, not at 1200 ms
    gates[2]!(jsonResponse(200, {}, limit2(0, 0.19)));
    gates[3]!(jsonResponse(200, {}, limit2(1, 0.2)));
    await Promise.all(calls.map((c) => c.settled));
    expect(calls.every((c) => c.error === undefined)).toBe(true);
  });

  it('bounds a window by when each answered request went out, not by the latest request sent', async () => {
    vi.useFakeTimers({ now: 0 });
    const { f, gates, client, answerFirst } = gatedClient();
    await answerFirst(headers(2, 10)); // the window ends at 10 s
    const a = capture(client.request('GET', '/a')); // sent at 0 s
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    const b = capture(client.request('GET', '/b')); // sent at 3 s: the budget is spent
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    // A's answer, read at 3.1 s: counted at 0 s, so its window still ends at 10 s. Taken as counted
    // after B went out (3 s), it would have looked like a newer window ending at 13.1 s.
    gates[1]!(jsonResponse(200, {}, headers(1, 10)));
    await a.settled;
    const c = capture(client.request('GET', '/c'));
    await settle();
    await vi.advanceTimersByTimeAsync(6899);
    expect(f.calls).toHaveLength(3); // 9.999 s: C still held
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(4); // released at 10 s, not 13.1 s
    gates[2]!(jsonResponse(200, {}, headers(4, 10)));
    gates[3]!(jsonResponse(200, {}, headers(3, 10)));
    await Promise.all([b.settled, c.settled]);
    expect([b.error, c.error]).toEqual([undefined, undefined]);
  });

  it('a late answer from an earlier window does not bring the end of the current one forward', async () => {
    vi.useFakeTimers({ now: 0 });
    const { f, gates, client, answerFirst } = gatedClient();
    await answerFirst(headers(2, 10)); // the window ends at 10 s
    const slow = capture(client.request('GET', '/slow')); // counted at 0 s, answered at 10.2 s
    const quick = capture(client.request('GET', '/quick'));
    await settle();
    gates[2]!(jsonResponse(200, {}, headers(0, 10)));
    await quick.settled;
    await vi.advanceTimersByTimeAsync(10_000);
    // A new window: five go out at 10 s; the first answer says it ends at 20 s.
    const burst = [1, 2, 3, 4, 5].map((i) => capture(client.request('GET', `/n${i}`)));
    await settle();
    expect(f.calls).toHaveLength(8);
    gates[3]!(jsonResponse(200, {}, headers(4, 10)));
    await settle();
    await vi.advanceTimersByTimeAsync(200);
    // The slow answer, counted in the old window, would end at 10.2 s + 0 s.
    gates[1]!(jsonResponse(200, {}, headers(1, 0)));
    await slow.settled;
    for (let i = 4; i < 8; i++) gates[i]!(jsonResponse(200, {}, headers(0, 9.8)));
    await Promise.all(burst.map((b) => b.settled));
    const next = capture(client.request('GET', '/next'));
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(f.calls).toHaveLength(8); // still held at 11.2 s
    await vi.advanceTimersByTimeAsync(8800);
    await settle();
    expect(f.calls).toHaveLength(9); // released at 20 s
    gates[8]!(jsonResponse(200, {}, headers(4, 10)));
    await next.settled;
  });

  it('a held request aborted leaves no timer behind', async () => {
    vi.useFakeTimers({ now: 0 });
    const f = scriptedFetch(() => jsonResponse(200, {}, headers(0, 10)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    await client.request('GET', '/a');
    const controller = new AbortController();
    const held = capture(client.request('GET', '/b', { signal: controller.signal }));
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await settle();
    expect(held.error).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });
});
