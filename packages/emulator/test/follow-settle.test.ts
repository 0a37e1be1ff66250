// The tail's settle window, against the emulator: an event recorded in the past but visible only
// now (back-dated through the emulator's control surface, as under replica or ingest lag) is
// delivered, in recorded order, when it is within `settleMs` of the newest recorded time seen.
// The emulator's clock is frozen in the past, so a tail that used the local clock would treat
// every event as settled at once.
import { staticToken } from '@x/auth';
import { startEmulator } from '@x/emulator';
import { createEventsClient, type PlatformEvent } from '@x/events';
import { describe, expect, it } from 'vitest';

const START = Date.parse('2026-01-01T00:00:00Z');

async function scene() {
  const emulator = await startEmulator({ clock: { start: START, frozen: true } });
  const record = (name: string, recordedMillis?: number) =>
    emulator.recordEvent({
      eventType: 'USER_CHANGE',
      data: { name },
      ...(recordedMillis !== undefined ? { recordedMillis } : {}),
    }).id as string;
  const events = createEventsClient({
    baseUrl: emulator.urls.events,
    fetch: emulator.fetch,
    auth: staticToken(emulator.credentials.events.apiKey),
  });
  return { emulator, record, events };
}

describe('follow with a settle window', () => {
  it('delivers an event that became visible late, in recorded order, once settled', async () => {
    const { emulator, record, events } = await scene();
    const e1 = record('e1');
    emulator.advanceClock(1000);
    const e2 = record('e2');
    emulator.advanceClock(9000);
    const e3 = record('e3'); // START + 10 s: the newest, so e3 is not settled yet
    const stop = new AbortController();
    const tail = events.follow({ pollIntervalMs: 1, signal: stop.signal });
    const next = async () => ((await tail.next()).value as PlatformEvent).id;
    expect([await next(), await next()]).toEqual([e1, e2]);

    // Recorded at START + 8 s (before e3) but visible only now; then a later event settles both.
    const late = record('late', START + 8000);
    emulator.advanceClock(10_000);
    record('e4'); // START + 20 s: settles everything up to START + 15 s
    expect([await next(), await next()]).toEqual([late, e3]);
    stop.abort();
    expect(await tail.next()).toEqual({ done: true, value: undefined });
  });

  it('holds back what is within settleMs of the newest recorded time, and checkpoints before it', async () => {
    const { emulator, record, events } = await scene();
    const e1 = record('e1');
    emulator.advanceClock(5000);
    record('e2'); // exactly settleMs later: e1 is not "more than" settleMs before it
    emulator.advanceClock(1);
    const e3 = record('e3');
    const checkpoints: unknown[] = [];
    const got: string[] = [];
    for await (const e of events.follow({
      maxPages: 2,
      pollIntervalMs: 1,
      onCheckpoint: (c) => void checkpoints.push(c),
    }))
      got.push(e.id);
    expect(got).toEqual([e1]);
    expect(got).not.toContain(e3);
    expect(checkpoints.at(-1)).toEqual({ recordedAfter: START, seenIdsAtEdge: [e1] });
  });

  it('settleMs: 0 delivers at once, and then misses the late event (the old behaviour)', async () => {
    const { emulator, record, events } = await scene();
    const e1 = record('e1');
    emulator.advanceClock(10_000);
    const e2 = record('e2');
    const stop = new AbortController();
    const tail = events.follow({ settleMs: 0, pollIntervalMs: 1, signal: stop.signal });
    const next = async () => ((await tail.next()).value as PlatformEvent).id;
    expect([await next(), await next()]).toEqual([e1, e2]);
    record('late', START + 5000);
    emulator.advanceClock(1000);
    const e3 = record('e3');
    expect(await next()).toBe(e3);
    stop.abort();
    await tail.return(undefined);
  });

  it('refuses a negative settleMs', async () => {
    const { events } = await scene();
    // Bad input rejects when the tail is first read, never as a synchronous throw.
    const tail = events.follow({ settleMs: -1 });
    await expect(tail[Symbol.asyncIterator]().next()).rejects.toThrow(/^settleMs: /);
  });
});
