// The limiter's queue: a cold client's first burst is not sent one request at a time, held
// requests go first come first served, and a call's timeout ends its wait.
import { type ClientEvent, createApiClient, TimeoutError } from '@x/runtime';
import { LEARNING_MS } from '@x/runtime/internal';
import { capture } from '@x/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch } from './support/fake-fetch.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import { settle } from './support/timers.js';

let server: FakeServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('a cold client (nothing known yet about the server limits)', () => {
  it('20 parallel calls against a 200 ms server: at least 10 are in flight before the first answer', async () => {
    let inFlight = 0;
    let peak = 0;
    server = await startFakeServer((request, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        send(res, 200, { n: request.number });
      }, 200);
    });
    // Counted on the client: requests sent before the first answer arrived.
    let sentBeforeFirstAnswer: number | undefined;
    let sent = 0;
    const client = createApiClient({
      baseUrl: server.url,
      retry: false,
      onEvent: (e) => {
        if (e.type === 'request') sent++;
        if (e.type === 'response') sentBeforeFirstAnswer ??= sent;
      },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.request('GET', `/v2/users/u${i}`)),
    );
    expect(results).toHaveLength(20);
    expect(sentBeforeFirstAnswer).toBeGreaterThanOrEqual(10);
    expect(peak).toBeGreaterThanOrEqual(10);
  });

  it('a server that never answers does not make a burst go one request at a time', async () => {
    // Accepts every request and never answers: each attempt ends at its 300 ms timeout.
    server = await startFakeServer(() => undefined);
    const client = createApiClient({ baseUrl: server.url, retry: false, timeoutMs: 300 });
    const started = Date.now();
    const calls = Array.from({ length: 10 }, (_, i) =>
      capture(client.request('GET', `/v2/users/u${i}`)),
    );
    await Promise.all(calls.map((c) => c.settled));
    const elapsed = Date.now() - started;
    expect(calls.every((c) => c.error instanceof TimeoutError)).toBe(true);
    // One at a time this takes 10 × 300 ms.
    expect(elapsed).toBeLessThan(3 * 300);
  });

  it('holds the others no longer than LEARNING_MS while the first request is out', async () => {
    vi.useFakeTimers({ now: 0 });
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(() => new Promise<Response>((resolve) => gates.push(resolve)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    const calls = ['/a', '/b', '/c'].map((p) => capture(client.request('GET', p)));
    await settle();
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(LEARNING_MS - 1);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls.map((c) => new URL(c.url).pathname)).toEqual(['/a', '/b', '/c']);
    for (const gate of gates) gate(jsonResponse(200, {}));
    await Promise.all(calls.map((c) => c.settled));
    expect(calls.every((c) => c.error === undefined)).toBe(true);
  });
});

describe('a cold burst against a small budget', () => {
  it('whose first answer comes within LEARNING_MS: the rest wait for it, and only the budget goes', async () => {
    vi.useFakeTimers({ now: 0 });
    const headers = (remaining: number) => ({
      'ratelimit-limit': '4',
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': '1',
    });
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(() => new Promise<Response>((resolve) => gates.push(resolve)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    const calls = Array.from({ length: 10 }, (_, i) => capture(client.request('GET', `/u${i}`)));
    await settle();
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(LEARNING_MS - 10);
    gates[0]!(jsonResponse(200, {}, headers(3)));
    await settle();
    // The budget the first answer told (3 more in this window), and no more.
    expect(f.calls).toHaveLength(4);
    for (const [i, gate] of gates.slice(1).entries()) gate(jsonResponse(200, {}, headers(2 - i)));
    await settle();
    expect(f.calls).toHaveLength(4);
    while (calls.some((c) => !c.done)) {
      await vi.advanceTimersByTimeAsync(1000);
      for (const gate of gates.splice(0)) gate(jsonResponse(200, {}, headers(3)));
      await settle();
    }
    expect(calls.every((c) => c.error === undefined)).toBe(true);
  });
});

describe('first come, first served', () => {
  const windowHeaders = (remaining: number, reset: number) => ({
    'ratelimit-limit': '100',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });

  it('a caller arriving while held requests are being let go queues behind them', async () => {
    const events: ClientEvent[] = [];
    let late: Promise<unknown> | undefined;
    const f = scriptedFetch((call, index) => {
      if (index === 0) return jsonResponse(200, {}, windowHeaders(0, 0.05));
      // While the first batch of the held 40 goes out, a new caller arrives.
      if (new URL(call.url).pathname === '/n3') late = client.request('GET', '/late');
      return jsonResponse(200, {}, windowHeaders(100 - index, 10));
    });
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      fetch: f.fetch,
      onEvent: (e) => events.push(e),
    });
    await client.request('GET', '/first');
    const held = Array.from({ length: 40 }, (_, i) => client.request('GET', `/n${i}`));
    await Promise.all(held);
    await late;
    const order = f.calls.slice(1).map((c) => new URL(c.url).pathname);
    expect(order).toEqual([...Array.from({ length: 40 }, (_, i) => `/n${i}`), '/late']);
  });

  it('a held request let go is counted at once: a caller in between cannot take its place', async () => {
    vi.useFakeTimers({ now: 0 });
    // One request per 1 s window.
    const one = (remaining: number, reset: number) => ({
      'ratelimit-limit': '1',
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(reset),
    });
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(
      () => jsonResponse(200, {}, one(0, 1)),
      () => new Promise<Response>((resolve) => gates.push(resolve)),
    );
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    await client.request('GET', '/first');
    const a = capture(client.request('GET', '/a'));
    const b = capture(client.request('GET', '/b'));
    await settle();
    // At the reset the window allows one: A's. A caller arriving in the same turn waits.
    await vi.advanceTimersByTimeAsync(1000);
    const c = capture(client.request('GET', '/c'));
    await settle();
    expect(f.calls.map((x) => new URL(x.url).pathname)).toEqual(['/first', '/a']);
    gates[0]!(jsonResponse(200, {}, one(0, 1)));
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(f.calls.map((x) => new URL(x.url).pathname)).toEqual(['/first', '/a', '/b']);
    gates[1]!(jsonResponse(200, {}, one(0, 1)));
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(f.calls.map((x) => new URL(x.url).pathname)).toEqual(['/first', '/a', '/b', '/c']);
    gates[2]!(jsonResponse(200, {}, one(0, 1)));
    await Promise.all([a.settled, b.settled, c.settled]);
    expect([a.error, b.error, c.error]).toEqual([undefined, undefined, undefined]);
  });
});

describe("the call's timeout while held", () => {
  const headers = (remaining: number, reset: number) => ({
    'ratelimit-limit': '5',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });

  it('a wait that reaches timeoutMs ends the call with TimeoutError, unsent, leaving no timer', async () => {
    vi.useFakeTimers({ now: 0 });
    const f = scriptedFetch(() => jsonResponse(200, {}, headers(0, 10)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    await client.request('GET', '/a');
    const held = capture(client.request('GET', '/b', { timeoutMs: 1000 }));
    const patient = capture(client.request('GET', '/c'));
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(held.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(held.error).toBeInstanceOf(TimeoutError);
    expect((held.error as TimeoutError).timeoutMs).toBe(1000);
    expect((held.error as TimeoutError).request?.path).toBe('/b');
    expect(f.calls).toHaveLength(1);
    // The other call still waits for the window, and then goes.
    await vi.advanceTimersByTimeAsync(9000);
    await settle();
    await patient.settled;
    expect(patient.error).toBeUndefined();
    expect(f.calls.map((c) => new URL(c.url).pathname)).toEqual(['/a', '/c']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('timers', () => {
  it('once every held request has gone, no timer is left (not even for their deadlines)', async () => {
    vi.useFakeTimers({ now: 0 });
    const gates: ((r: Response) => void)[] = [];
    const f = scriptedFetch(() => new Promise<Response>((resolve) => gates.push(resolve)));
    const client = createApiClient({ baseUrl: 'https://api.example.test', fetch: f.fetch });
    const calls = ['/a', '/b', '/c'].map((p) => capture(client.request('GET', p)));
    await settle();
    gates[0]!(jsonResponse(200, {}));
    await settle();
    expect(f.calls).toHaveLength(3);
    // Only the transport's own attempt timers remain, one per request in flight.
    const inFlightTimers = vi.getTimerCount();
    for (const gate of gates.slice(1)) gate(jsonResponse(200, {}));
    await Promise.all(calls.map((c) => c.settled));
    expect(inFlightTimers).toBeLessThanOrEqual(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
