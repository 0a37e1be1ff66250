// Retries, backoff, 429 waits, timeouts, aborts and the 401 refresh. Time runs on a fake clock
// with an injected fetch; the waits are asserted through the clock and the onEvent reports.
import {
  AbortError,
  type ClientEvent,
  type ClientOptions,
  createApiClient,
  RateLimitError,
  ServerError,
  TimeoutError,
  type TokenProvider,
  UnauthorizedError,
} from '@x/runtime';
import { capture } from '@x/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hang, jsonResponse, reset, scriptedFetch } from './support/fake-fetch.js';
import type { paths } from './support/paths.js';
import { settle } from './support/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(fetch: ReturnType<typeof scriptedFetch>, options: Partial<ClientOptions> = {}) {
  const events: ClientEvent[] = [];
  const client = createApiClient<paths>({
    baseUrl: 'https://api.example.test',
    auth: { getToken: async () => 'tok-abcdef' },
    fetch: fetch.fetch,
    random: () => 0.5,
    onEvent: (e) => events.push(e),
    ...options,
  });
  const retries = () =>
    events.filter((e): e is Extract<ClientEvent, { type: 'retry' }> => e.type === 'retry');
  return { client, events, retries };
}

const status503 = () => jsonResponse(503, { code: 'unavailable', message: 'try later' });
const ok = () => jsonResponse(200, { id: 'u1' });

describe('backoff defaults', () => {
  it('2 retries with full-jitter exponential backoff from 0.5 s, waiting on the clock', async () => {
    const f = scriptedFetch(status503);
    const { client, retries } = setup(f);
    const call = capture(client.request('GET', '/v2/users/u1'));
    await settle();
    expect(f.calls).toHaveLength(1);
    // random 0.5: half of 500 ms, then half of 1000 ms.
    expect(retries().map((e) => e.delayMs)).toEqual([250]);
    await vi.advanceTimersByTimeAsync(249);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(f.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(f.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    await call.settled;
    expect(f.calls).toHaveLength(3);
    expect(retries().map((e) => [e.delayMs, e.reason, e.status])).toEqual([
      [250, 'server-error', 503],
      [500, 'server-error', 503],
    ]);
    expect(call.error).toBeInstanceOf(ServerError);
    expect((call.error as ServerError).request?.attempts).toBe(3);
  });

  it('the ceiling doubles per retry and is capped at 8 s; the wait is random below it', async () => {
    const f = scriptedFetch(status503);
    const { client, retries } = setup(f, { retry: { maxRetries: 7 }, random: () => 0.999999 });
    const call = capture(client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(f.calls).toHaveLength(8);
    expect(retries().map((e) => e.delayMs)).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);

    const g = scriptedFetch(status503);
    const zero = setup(g, { random: () => 0 });
    const second = capture(zero.client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await second.settled;
    expect(zero.retries().map((e) => e.delayMs)).toEqual([0, 0]);
  });

  it('the client `retry` option overrides the defaults; `false` sends once', async () => {
    const f = scriptedFetch(status503);
    const { client, retries } = setup(f, {
      retry: { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 300 },
    });
    const call = capture(client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(f.calls).toHaveLength(5);
    expect(retries().map((e) => e.delayMs)).toEqual([50, 100, 150, 150]);

    const g = scriptedFetch(status503);
    const off = setup(g, { retry: false });
    const once = capture(off.client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await once.settled;
    expect(g.calls).toHaveLength(1);
    expect(once.error).toBeInstanceOf(ServerError);
  });

  it('a call overrides the retry settings through its options ({ retry })', async () => {
    const f = scriptedFetch(status503);
    const { client } = setup(f);
    const more = capture(
      client.get('/v2/users/{user_id}', { path: { user_id: 'u1' } }, { retry: { maxRetries: 4 } }),
    );
    await vi.runAllTimersAsync();
    await more.settled;
    expect(f.calls).toHaveLength(5);

    const g = scriptedFetch(status503);
    const other = setup(g);
    const none = capture(
      other.client.get('/v2/users/{user_id}', { path: { user_id: 'u1' } }, { retry: false }),
    );
    await vi.runAllTimersAsync();
    await none.settled;
    expect(g.calls).toHaveLength(1);
    // The client's own default is untouched by the per-call override.
    const h = scriptedFetch(status503);
    const plain = setup(h);
    const third = capture(plain.client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await third.settled;
    expect(h.calls).toHaveLength(3);
  });
});

describe('429', () => {
  const limited = (reset?: string) => () =>
    jsonResponse(
      429,
      { code: 'too_many_requests', message: 'slow down' },
      reset === undefined
        ? {}
        : { 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': reset },
    );

  for (const method of ['POST', 'PATCH', 'GET', 'DELETE'] as const) {
    it(`with RateLimit-Reset waits that many seconds and retries ${method}`, async () => {
      const f = scriptedFetch(limited('3'), ok);
      const { client, retries } = setup(f, { rateLimit: false });
      const body = method === 'POST' || method === 'PATCH' ? { a: 1 } : undefined;
      const call = capture(client.request(method, '/v2/users', { body }));
      await settle();
      expect(retries()).toEqual([
        expect.objectContaining({ reason: 'rate-limited', delayMs: 3000, status: 429, method }),
      ]);
      await vi.advanceTimersByTimeAsync(2999);
      expect(f.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      await call.settled;
      expect(f.calls).toHaveLength(2);
      expect(call.error).toBeUndefined();
      expect(call.value).toEqual({ id: 'u1' });
      expect(f.calls[1]!.body).toBe(body ? JSON.stringify(body) : '');
    });
  }

  it('the proactive limiter also holds other calls until the reset', async () => {
    const f = scriptedFetch(limited('3'), ok);
    const { client, events } = setup(f);
    const first = capture(client.request('GET', '/a'));
    await settle();
    const second = capture(client.request('GET', '/b'));
    await settle();
    expect(f.calls).toHaveLength(1);
    expect(events.some((e) => e.type === 'rate-limit-wait')).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    await Promise.all([first.settled, second.settled]);
    expect(f.calls.map((c) => new URL(c.url).pathname).sort()).toEqual(['/a', '/a', '/b']);
  });

  it('a reset longer than maxRateLimitWaitMs throws RateLimitError at once', async () => {
    const f = scriptedFetch(limited('61'));
    const { client, retries } = setup(f);
    const call = capture(client.request('POST', '/v2/users', { body: {} }));
    await settle();
    expect(call.done).toBe(true);
    expect(call.error).toBeInstanceOf(RateLimitError);
    expect((call.error as RateLimitError).resetSeconds).toBe(61);
    expect(f.calls).toHaveLength(1);
    expect(retries()).toHaveLength(0);
    // A second call through the same client is not held for the whole minute either.
    const again = capture(client.request('GET', '/v2/users'));
    await settle();
    expect(again.done).toBe(true);
    expect(again.error).toBeInstanceOf(RateLimitError);
    expect(f.calls).toHaveLength(2);
  });

  it('maxRateLimitWaitMs can be raised per client', async () => {
    const f = scriptedFetch(limited('61'), ok);
    const { client, retries } = setup(f, { retry: { maxRateLimitWaitMs: 120_000 } });
    const call = capture(client.request('GET', '/v2/users'));
    await settle();
    expect(retries().map((e) => e.delayMs)).toEqual([61_000]);
    await vi.advanceTimersByTimeAsync(61_000);
    await settle();
    await call.settled;
    expect(call.error).toBeUndefined();
    expect(f.calls).toHaveLength(2);
  });

  it('without RateLimit-Reset backs off like any retry, for any method', async () => {
    const f = scriptedFetch(limited(), limited(), ok);
    const { client, retries } = setup(f, { rateLimit: false });
    const call = capture(client.request('POST', '/v2/users', { body: {} }));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(call.error).toBeUndefined();
    expect(f.calls).toHaveLength(3);
    expect(retries().map((e) => [e.reason, e.delayMs])).toEqual([
      ['rate-limited', 250],
      ['rate-limited', 500],
    ]);
  });
});

describe('5xx, lost connections and timeouts by method', () => {
  const failures = {
    503: status503,
    'connection reset': reset,
    timeout: hang,
  } as const;
  for (const [what, responder] of Object.entries(failures)) {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE'] as const) {
      it(`${what}: ${method} is retried twice`, async () => {
        const f = scriptedFetch(responder);
        const { client } = setup(f, { timeoutMs: 1000 });
        const call = capture(client.request(method, '/v2/users/u1'));
        await vi.runAllTimersAsync();
        await call.settled;
        expect(f.calls).toHaveLength(3);
        expect(call.error).toBeInstanceOf(Error);
      });
    }
    for (const method of ['POST', 'PATCH'] as const) {
      it(`${what}: ${method} is sent exactly once`, async () => {
        const f = scriptedFetch(responder);
        const { client, retries } = setup(f, { timeoutMs: 1000 });
        const call = capture(client.request(method, '/v2/users', { body: { a: 1 } }));
        await vi.runAllTimersAsync();
        await call.settled;
        expect(f.calls).toHaveLength(1);
        expect(retries()).toHaveLength(0);
        expect(call.error).toBeInstanceOf(Error);
      });
      it(`${what}: ${method} is retried when the call opts in with retryNonIdempotent`, async () => {
        const f = scriptedFetch(responder);
        const { client } = setup(f, { timeoutMs: 1000 });
        const call = capture(
          client.request(method, '/v2/users', {
            body: { a: 1 },
            retry: { retryNonIdempotent: true },
          }),
        );
        await vi.runAllTimersAsync();
        await call.settled;
        expect(f.calls).toHaveLength(3);
        expect(f.calls.every((c) => c.body === JSON.stringify({ a: 1 }))).toBe(true);
      });
    }
  }

  it('a retried GET succeeds when the server recovers', async () => {
    const f = scriptedFetch(reset, status503, ok);
    const { client, retries } = setup(f);
    const call = capture(client.request('GET', '/v2/users/u1'));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(call.value).toEqual({ id: 'u1' });
    expect(retries().map((e) => e.reason)).toEqual(['connection', 'server-error']);
  });
});

describe('timeouts and aborts', () => {
  it('timeoutMs bounds each attempt: a hanging attempt fails after exactly timeoutMs', async () => {
    const f = scriptedFetch(hang);
    const { client, retries } = setup(f, { timeoutMs: 5000, retry: false });
    const call = capture(client.request('GET', '/x'));
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(call.error).toBeInstanceOf(TimeoutError);
    expect(retries()).toHaveLength(0);
  });

  it('a per-call timeoutMs overrides the client timeout, and timeouts are retried for GET', async () => {
    const f = scriptedFetch(hang);
    const { client, retries } = setup(f, { timeoutMs: 60_000 });
    const call = capture(client.request('GET', '/x', { timeoutMs: 100 }));
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(retries()).toEqual([expect.objectContaining({ reason: 'timeout', delayMs: 250 })]);
    await vi.runAllTimersAsync();
    await call.settled;
    expect(call.error).toBeInstanceOf(TimeoutError);
    expect((call.error as TimeoutError).timeoutMs).toBe(100);
    expect(f.calls).toHaveLength(3);
  });

  it('abort during a backoff rejects with AbortError at once and sends nothing more', async () => {
    const f = scriptedFetch(status503);
    const { client, retries } = setup(f, { retry: { baseDelayMs: 8000 } });
    const controller = new AbortController();
    const call = capture(client.request('GET', '/x', { signal: controller.signal }));
    await settle();
    expect(retries()).toHaveLength(1);
    controller.abort();
    await settle();
    expect(call.done).toBe(true);
    expect(call.error).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(1);
  });

  it('abort during a 429 reset wait rejects with AbortError at once and sends nothing more', async () => {
    const f = scriptedFetch(() =>
      jsonResponse(429, {}, { 'ratelimit-remaining': '0', 'ratelimit-reset': '30' }),
    );
    const { client } = setup(f);
    const controller = new AbortController();
    const call = capture(client.request('POST', '/x', { body: {}, signal: controller.signal }));
    await settle();
    controller.abort();
    await settle();
    expect(call.error).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(1);
  });

  it('abort during an attempt rejects with AbortError; an already aborted signal sends nothing', async () => {
    const f = scriptedFetch(hang);
    const { client } = setup(f);
    const controller = new AbortController();
    const call = capture(client.request('GET', '/x', { signal: controller.signal }));
    await settle();
    controller.abort();
    await settle();
    expect(call.error).toBeInstanceOf(AbortError);
    expect(f.calls).toHaveLength(1);

    const dead = capture(client.request('GET', '/y', { signal: AbortSignal.abort() }));
    await settle();
    expect(dead.error).toBeInstanceOf(AbortError);
    expect(f.calls).toHaveLength(1);
  });
});

describe('401 with a refreshable provider', () => {
  function rotating() {
    let n = 0;
    const invalidated: string[] = [];
    const provider: TokenProvider = {
      getToken: async () => `token-${n === 0 ? 'one' : 'two'}`,
      invalidate(token) {
        invalidated.push(token);
        n++;
      },
    };
    return { provider, invalidated };
  }
  const unauthorized = () => jsonResponse(401, { code: 'unauthorized', message: 'no' });

  for (const method of ['GET', 'POST'] as const) {
    it(`invalidates the token and retries ${method} exactly once with a new one`, async () => {
      const f = scriptedFetch((call) =>
        call.headers.get('authorization') === 'Bearer token-one' ? unauthorized() : ok(),
      );
      const { provider, invalidated } = rotating();
      const { client, retries } = setup(f, { auth: provider });
      const call = capture(
        client.request(method, '/x', { body: method === 'POST' ? {} : undefined }),
      );
      await vi.runAllTimersAsync();
      await call.settled;
      expect(call.value).toEqual({ id: 'u1' });
      expect(f.calls.map((c) => c.headers.get('authorization'))).toEqual([
        'Bearer token-one',
        'Bearer token-two',
      ]);
      expect(invalidated).toEqual(['token-one']);
      expect(retries()).toEqual([expect.objectContaining({ reason: 'unauthorized' })]);
    });
  }

  it('a second 401 is final: two requests, UnauthorizedError', async () => {
    const f = scriptedFetch(unauthorized);
    const { provider, invalidated } = rotating();
    const { client } = setup(f, { auth: provider });
    const call = capture(client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(call.error).toBeInstanceOf(UnauthorizedError);
    expect(f.calls).toHaveLength(2);
    expect(invalidated).toEqual(['token-one']);
  });

  it('a provider without invalidate gets no retry on 401', async () => {
    const f = scriptedFetch(unauthorized);
    const { client } = setup(f);
    const call = capture(client.request('GET', '/x'));
    await vi.runAllTimersAsync();
    await call.settled;
    expect(call.error).toBeInstanceOf(UnauthorizedError);
    expect(f.calls).toHaveLength(1);
  });
});
