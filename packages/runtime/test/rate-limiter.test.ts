// The proactive limiter: it reads RateLimit-Remaining/Reset and holds requests until the window
// resets, so a burst of concurrent calls gets no 429 at all.
import { AbortError, type ClientEvent, createApiClient } from '@x/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch } from './support/fake-fetch.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import { capture, settle } from './support/timers.js';

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
  it('14 concurrent calls get zero 429s: the limiter holds them until the reset', async () => {
    const limited = await limitedServer(4, 1000);
    server = limited.server;
    const events: ClientEvent[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      onEvent: (e) => events.push(e),
    });
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => client.request('GET', `/v2/users/u${i}`)),
    );
    expect(results).toHaveLength(14);
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
});
