// How the shared budget places the tenant's window, step by step on an injected clock (the budget
// scripts take their time from it): which answers move the window's end, what a new window starts
// with, and when a waiting request goes. The server's answers are given as headers, as the
// transport hands them over; no request is sent and nothing waits on a real timer.
import type { RequestLimiter } from '@x/runtime';
import { AbortError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { suiteRedis } from './support/suite-redis.js';
import { VirtualClock } from './support/virtual-clock.js';

const redis = suiteRedis();
let prefixes = 0;

/** `count` processes' budgets named alike, on one virtual clock (their time, and the scripts'). */
async function fleetOf(count: number, clock: VirtualClock): Promise<RequestLimiter[]> {
  const keyPrefix = `window-${++prefixes}:`;
  return Promise.all(
    Array.from({ length: count }, async () =>
      (await redis.connect({ keyPrefix, clock })).rateBudget('tenant'),
    ),
  );
}

/** An answer's RateLimit headers: a fixed window of `limit`, `remaining` left, ending in `reset` s. */
const answer = (limit: number, remaining: number, reset = 1) =>
  new Headers({
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });

/**
 * Whether a request asked for now went ('sent') or waits for the window ('held'). It waits once
 * its process sleeps on the clock: a state, reached after a few Redis round trips, not a duration.
 */
async function outcome(
  asked: Promise<void> | undefined,
  clock: VirtualClock,
  sleeping: number,
): Promise<'sent' | 'held'> {
  if (asked === undefined) return 'sent';
  let sent = false;
  let failed: unknown;
  asked.then(
    () => {
      sent = true;
    },
    (error: unknown) => {
      failed = error ?? new Error('rejected');
    },
  );
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (failed !== undefined) throw failed;
    if (sent) return 'sent';
    if (clock.pending() > sleeping) return 'held';
  }
}

describe('the shared window on an injected clock', () => {
  it('RateLimit-Reset is rounded up: an answer of the same window sent later does not move its end later', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [budget] = await fleetOf(1, clock);
    const b = budget!;
    // The first request learns the limit: 3 a window; its answer says 2 left, the window ends in
    // (at most) 1 s from when it was read: t0 + 10 + 1000.
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(3, 2), t0);
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    // Both went out after the first answer and were counted in the same window (Reset 1 s, rounded
    // up): t0 + 15 + 1000 is no lower bound of its end, and the end stays t0 + 1010.
    clock.advance(10);
    b.release(answer(3, 1), t0 + 15);
    b.release(answer(3, 0), t0 + 15);
    const held = b.acquire({});
    expect(await outcome(held, clock, 0)).toBe('held');
    clock.advance(t0 + 1010 - clock.now() - 1);
    expect(await outcome(held, clock, 0)).toBe('held');
    clock.advance(1);
    expect(await outcome(held, clock, 0)).toBe('sent');
  });

  it('a new window starts without the requests still out: the server may count them in it', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(3, 2), t0);
    // Two more: one answered, the other held up after its grant (a token request, a busy process).
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(3, 1), t0 + 15);
    clock.advance(t0 + 1010 - clock.now());
    // The next window: 3 less the 1 still out.
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    expect(await outcome(b.acquire({}), clock, 0)).toBe('held');
  });

  it('an answer sent before the window rolled over does not set the new end; one sent after does', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(3, 2), t0);
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(5);
    b.release(answer(3, 1), t0 + 12);
    // One request of the first window is still out when it rolls over at t0 + 1010; the next
    // window's first request goes at t0 + 1011 and the server counts it (opening its window) at
    // t0 + 1030, so that window ends at t0 + 2030.
    clock.advance(t0 + 1011 - clock.now());
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    const newSentAt = clock.now() + 1;
    // The old request's answer comes at t0 + 1012 (counted in the old window, 0 left): the end it
    // allows, t0 + 2012, is the old window's bound, too early for the new one.
    clock.advance(1);
    b.release(answer(3, 0), t0 + 12);
    clock.advance(t0 + 1040 - clock.now());
    b.release(answer(3, 2), newSentAt);
    // 3 - 1 (out at the roll-over) = 2 in the new window, one of them taken: one more goes.
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    const held = b.acquire({});
    expect(await outcome(held, clock, 0)).toBe('held');
    // Not at t0 + 2012 (the old answer's end) but at t0 + 2040 (the new window's answer).
    clock.advance(t0 + 2012 - clock.now());
    expect(await outcome(held, clock, 0)).toBe('held');
    clock.advance(t0 + 2040 - clock.now());
    expect(await outcome(held, clock, 0)).toBe('sent');
  });

  it('a second window begun before the known end: a new one, counted from its first answer', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(3, 2), t0);
    // A request sent at t0 + 11 is held up and counted at t0 + 1001, after the server's window
    // ended (t0 + 1000) but before the end known here (t0 + 1010): it opens a new window
    // (2 left), which ends at t0 + 2001.
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(t0 + 1005 - clock.now());
    b.release(answer(3, 2), t0 + 11);
    // At t0 + 1010 a roll-over to a fresh window of 3 would send 3 more into that window.
    clock.advance(5);
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    const held = b.acquire({});
    expect(await outcome(held, clock, 0)).toBe('held');
    clock.advance(t0 + 2005 - clock.now() - 1);
    expect(await outcome(held, clock, 0)).toBe('held');
    clock.advance(1);
    expect(await outcome(held, clock, 0)).toBe('sent');
  });

  it('requests of several processes waiting for the next window go at its start, within the limit', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [a, b, c] = (await fleetOf(3, clock)) as [RequestLimiter, RequestLimiter, RequestLimiter];
    expect(await outcome(a.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    a.release(answer(2, 1), t0);
    expect(await outcome(a.acquire({}), clock, 0)).toBe('sent');
    clock.advance(5);
    a.release(answer(2, 0), t0 + 11);
    // Each process has 2 waiting; only 2 may go in the next window, the first to ask first.
    const asked = [a, b, c].flatMap((budget) => [budget.acquire({}), budget.acquire({})]);
    let went = 0;
    for (const p of asked) void p?.then(() => went++);
    while (clock.pending() < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(went).toBe(0);
    clock.advance(t0 + 1010 - clock.now());
    while (clock.pending() < 3 || went < 2) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(went).toBe(2);
  });

  it('a waiting request aborted leaves the queue uncounted; one that accepts no wait goes at once', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(1, 0), t0);
    const stop = new AbortController();
    const aborted = b.acquire({ signal: stop.signal });
    const next = b.acquire({});
    expect(await outcome(next, clock, 0)).toBe('held');
    stop.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
    // maxRateLimitWaitMs 0: it goes now, and the server's 429 ends its call.
    expect(await outcome(b.acquire({ maxWaitMs: 0 }), clock, 1)).toBe('sent');
    b.release(answer(1, 0), t0 + 11);
    clock.advance(t0 + 1010 - clock.now());
    expect(await outcome(next, clock, 0)).toBe('sent');
  });
  /**
   * Windows of 10 whose answers come 200 ms late: the window's end is known 200 ms after the
   * earliest it can be, which costs more than keeping 1 slot of 10. At `t0 + 2210` the third
   * window begins (its end known at `t0 + 3410`); 9 of it go and are answered; the last waits.
   */
  async function slowWindows(clock: VirtualClock, b: RequestLimiter, t0: number) {
    expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    b.release(answer(10, 9), t0);
    for (let i = 0; i < 9; i++) expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
    clock.advance(10);
    for (let i = 8; i >= 0; i--) b.release(answer(10, i), t0 + 15);
    for (const start of [t0 + 1010, t0 + 2210]) {
      clock.advance(start - clock.now());
      for (let i = 0; i < (start === t0 + 1010 ? 10 : 9); i++)
        expect(await outcome(b.acquire({}), clock, 0)).toBe('sent');
      clock.advance(200);
      // Counted in that order: 10 in the second window, 9 in the third (1 left).
      for (let i = 9; i >= (start === t0 + 1010 ? 0 : 1); i--) b.release(answer(10, i), start + 1);
    }
    const probe = b.acquire({});
    expect(await outcome(probe, clock, 0)).toBe('held');
    // The earliest the third window can end: its first grant and a window later.
    clock.advance(t0 + 3209 - clock.now());
    expect(await outcome(probe, clock, 0)).toBe('held');
    clock.advance(1);
    expect(await outcome(probe, clock, 0)).toBe('sent');
    const next = b.acquire({});
    expect(await outcome(next, clock, 0)).toBe('held');
    // In an object: an async function returning a promise would wait for it.
    return { next };
  }

  it('the last request of a window goes alone once the window may have ended; opening the next, it lets that budget go', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    const { next } = await slowWindows(clock, b, t0);
    // The server counted it after the end: the first of a new window (9 left).
    clock.advance(20);
    b.release(answer(10, 9), t0 + 3211);
    clock.advance(50);
    expect(clock.now()).toBeLessThan(t0 + 3410);
    expect(await outcome(next, clock, 0)).toBe('sent');
  });

  it('the last request counted before the end used the slot kept for it: the others wait for the known end', async () => {
    const clock = new VirtualClock();
    const t0 = clock.now();
    const [b] = (await fleetOf(1, clock)) as [RequestLimiter];
    const { next } = await slowWindows(clock, b, t0);
    clock.advance(20);
    b.release(answer(10, 0), t0 + 3211);
    clock.advance(t0 + 3409 - clock.now());
    expect(await outcome(next, clock, 0)).toBe('held');
    clock.advance(1);
    expect(await outcome(next, clock, 0)).toBe('sent');
  });
});
