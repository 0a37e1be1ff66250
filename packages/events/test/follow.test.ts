import { staticToken } from '@x/auth';
import {
  createEventsClient,
  type EventsCheckpoint,
  type PlatformEvent,
  parseCheckpoint,
} from '@x/events';
import {
  BadRequestError,
  PagingLoopError,
  ServerError,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEventsServer, makeEvent, startFakeEventsServer } from './fake-server.js';

let server: FakeEventsServer | undefined;
let json: Awaited<ReturnType<typeof startJsonFake>> | undefined;
afterEach(async () => {
  await server?.close();
  await json?.close();
  server = undefined;
  json = undefined;
});

const BASE = 1_800_000_000_000;
const client = (url: string, key = 'fake-key') =>
  createEventsClient({ baseUrl: url, auth: staticToken(key), retry: { baseDelayMs: 1 } });

describe('follow over 10,000 events', () => {
  it('delivers every event exactly once across additions, 429/503 failures, a crash and restarts', async () => {
    const TOTAL = 10_000;
    let clock = BASE;
    let added = 0;
    // Four events per millisecond; every other batch starts at the current high-water
    // millisecond, so new events land exactly on the edge a poll restarts from.
    const addBatch = (fake: FakeEventsServer, n: number, atEdge: boolean) => {
      const start = atEdge && added > 0 ? fake.maxRecorded() : clock;
      const batch = Array.from({ length: n }, (_, i) => makeEvent(start + Math.floor(i / 4)));
      clock = start + Math.ceil(n / 4) + 1;
      added += n;
      fake.add(batch);
    };
    server = await startFakeEventsServer();
    const fake = server;
    addBatch(fake, 3000, false);
    let batches = 0;
    fake.onRequest = (n) => {
      if (n % 2 === 0 && added < TOTAL)
        addBatch(fake, Math.min(350, TOTAL - added), batches++ % 2 === 0);
    };
    // Single 429s (retried by the runtime) and runs of three 503s (beyond the runtime's two
    // retries, so the tail itself must keep its checkpoint and poll again).
    fake.fail = (n) => (n % 9 === 0 ? 429 : n % 40 >= 37 ? 503 : undefined);

    // The consumer commits its buffer together with each checkpoint, like a SIEM writing a batch
    // and its position in one transaction. A crash loses the uncommitted buffer.
    const committed: PlatformEvent[] = [];
    let buffer: PlatformEvent[] = [];
    let saved: string | undefined;
    const onCheckpoint = (checkpoint: EventsCheckpoint) => {
      committed.push(...buffer);
      buffer = [];
      saved = JSON.stringify(checkpoint);
    };
    const errors: number[] = [];
    const common = {
      pollIntervalMs: 2,
      settleMs: 0,
      maxErrorDelayMs: 20,
      onCheckpoint,
      onError: (_: unknown, info: { consecutiveFailures: number }) => {
        errors.push(info.consecutiveFailures);
      },
      maxPages: 3000,
    };
    const events = client(fake.url);

    // Run 1: crash after 4,000 committed events (the generator is abandoned, no cleanup runs).
    const first = events.follow(common);
    for (let i = 0; i < 50_000 && committed.length < 4000; i++) {
      const step = await first.next();
      if (step.done) break;
      buffer.push(step.value);
    }
    expect(committed.length).toBeGreaterThanOrEqual(4000);
    buffer = [];

    // Run 2: restart from the saved checkpoint, stop cleanly with the signal at ~7,000.
    const stop2 = new AbortController();
    let loops = 0;
    for await (const event of events.follow({
      ...common,
      checkpoint: saved!,
      signal: stop2.signal,
    })) {
      buffer.push(event);
      if (committed.length + buffer.length >= 7000) stop2.abort();
      if (++loops > 50_000) throw new Error('runaway');
    }
    expect(buffer).toHaveLength(0); // the clean stop committed what was delivered

    // Run 3: restart again and run until all 10,000 are in.
    const stop3 = new AbortController();
    for await (const event of events.follow({
      ...common,
      checkpoint: saved!,
      signal: stop3.signal,
    })) {
      buffer.push(event);
      if (committed.length + buffer.length >= TOTAL) stop3.abort();
      if (++loops > 100_000) throw new Error('runaway');
    }

    const ids = committed.map((e) => e.id);
    expect(added).toBe(TOTAL);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL); // no duplicate
    expect(ids).toEqual(fake.ids()); // no loss, and in ascending recorded order
    expect(fake.failuresSent[429]).toBeGreaterThan(0);
    expect(fake.failuresSent[503]).toBeGreaterThanOrEqual(3);
    expect(errors.length).toBeGreaterThan(0); // polls failed beyond the runtime's retries
    // Every poll asked for ascending order from the high-water mark.
    expect(
      fake.requests.every((q) => q.get('ordering') === 'asc' && q.get('page_size') === '1000'),
    ).toBe(true);
    const parsed = JSON.parse(saved!) as EventsCheckpoint;
    expect(parsed.recordedAfter).toBe(fake.maxRecorded());
  }, 60_000);
});

describe('follow', () => {
  it('stops promptly on the signal while waiting between polls, and reports its checkpoint', async () => {
    server = await startFakeEventsServer([makeEvent(BASE), makeEvent(BASE)]);
    const stop = new AbortController();
    const checkpoints: EventsCheckpoint[] = [];
    const got: string[] = [];
    const started = Date.now();
    setTimeout(() => stop.abort(), 100);
    for await (const event of client(server.url).follow({
      settleMs: 0,
      pollIntervalMs: 60_000,
      signal: stop.signal,
      onCheckpoint: (c) => {
        checkpoints.push(c);
      },
    }))
      got.push(event.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(got).toHaveLength(2);
    expect(checkpoints).toEqual([{ recordedAfter: BASE, seenIdsAtEdge: got }]);
  });

  it('skips the edge ids of its checkpoint and picks up late arrivals in the same millisecond', async () => {
    const a = makeEvent(BASE);
    const b = makeEvent(BASE);
    server = await startFakeEventsServer([a, b]);
    const events = client(server.url);
    const late = makeEvent(BASE);
    server.add([late, makeEvent(BASE + 1)]);
    const got = await events
      .follow({
        settleMs: 0,
        checkpoint: { recordedAfter: BASE, seenIdsAtEdge: [a.id, b.id] },
        maxPages: 1,
      })
      .next();
    expect(got.value?.id).toBe(late.id);
    expect(server.requests[0]!.get('start_time')).toBe(String(BASE));
  });

  it('sends its filters with every poll', async () => {
    server = await startFakeEventsServer([makeEvent(BASE)]);
    const all: PlatformEvent[] = [];
    for await (const e of client(server.url).follow({
      settleMs: 0,
      event_type: ['USER_CHANGE'],
      outcome: 'SUCCESS',
      start_time: new Date(BASE - 10),
      maxPages: 2,
      pollIntervalMs: 1,
    }))
      all.push(e);
    expect(all).toHaveLength(1);
    for (const q of server.requests) {
      expect(q.getAll('event_type')).toEqual(['USER_CHANGE']);
      expect(q.get('outcome')).toBe('SUCCESS');
      expect(q.get('ordering')).toBe('asc');
    }
    expect(server.requests[0]!.get('start_time')).toBe(String(BASE - 10));
  });

  it('ends with the error when the key is refused (not worth retrying)', async () => {
    server = await startFakeEventsServer([makeEvent(BASE)]);
    const follow = client(server.url, 'wrong-key').follow({
      settleMs: 0,
      pollIntervalMs: 1,
      maxPages: 5,
    });
    await expect(follow.next()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('stops with the error onError throws', async () => {
    server = await startFakeEventsServer([makeEvent(BASE)]);
    server.fail = () => 503;
    const follow = client(server.url).follow({
      settleMs: 0,
      pollIntervalMs: 1,
      onError: () => {
        throw new Error('give up');
      },
    });
    await expect(follow.next()).rejects.toThrow('give up');
  });

  it('refuses a bad checkpoint or bad options at once', async () => {
    const events = createEventsClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(
      events.follow({ settleMs: 0, checkpoint: '{"recordedAfter":"x"}' }).next(),
    ).rejects.toThrow(ValidationError);
    await expect(events.follow({ settleMs: 0, checkpoint: 'not json' }).next()).rejects.toThrow(
      /checkpoint/,
    );
    await expect(events.follow({ settleMs: 0, page_size: 0 }).next()).rejects.toThrow(/page_size/);
    await expect(events.follow({ settleMs: 0, pollIntervalMs: -1 }).next()).rejects.toThrow(
      /pollIntervalMs/,
    );
  });

  it('events without event_recorded_millis are delivered once and never move the checkpoint', async () => {
    const plain = makeEvent(BASE);
    const bare = makeEvent(BASE + 1, {
      event_recorded_millis: undefined,
      event_occurred_millis: BASE + 50,
    });
    server = await startFakeEventsServer([plain]);
    server.add([bare], BASE + 1);
    const checkpoints: EventsCheckpoint[] = [];
    const got: string[] = [];
    for await (const e of client(server.url).follow({
      settleMs: 0,
      pollIntervalMs: 1,
      maxPages: 4,
      onCheckpoint: (c) => {
        checkpoints.push(c);
      },
    }))
      got.push(e.id);
    expect(got).toEqual([plain.id, bare.id]);
    expect(checkpoints.at(-1)).toEqual({ recordedAfter: BASE, seenIdsAtEdge: [plain.id] });
  });
});

/** A scripted server: the n-th request (1-based) gets `answer(n)`. */
const eventsPage = (events: PlatformEvent[], cursor?: string) => ({
  body: { message: 'OK', body: { events, ...(cursor === undefined ? {} : { cursor }) } },
});

describe('follow: bounds and errors', () => {
  it('limit ends the tail after that many new events, maxPages after that many pages', async () => {
    server = await startFakeEventsServer(Array.from({ length: 30 }, (_, i) => makeEvent(BASE + i)));
    const events = client(server.url);
    const checkpoints: EventsCheckpoint[] = [];
    const limited: string[] = [];
    for await (const e of events.follow({
      settleMs: 0,
      page_size: 10,
      limit: 15,
      pollIntervalMs: 1,
      onCheckpoint: (c) => void checkpoints.push(c),
    }))
      limited.push(e.id);
    expect(limited).toEqual(server.ids().slice(0, 15));
    expect(checkpoints.at(-1)).toEqual({ recordedAfter: BASE + 14, seenIdsAtEdge: [limited[14]] });
    expect(server.requests).toHaveLength(2);

    const paged: string[] = [];
    for await (const e of events.follow({
      settleMs: 0,
      page_size: 10,
      maxPages: 2,
      pollIntervalMs: 1,
    }))
      paged.push(e.id);
    expect(paged).toEqual(server.ids().slice(0, 20));
    expect(server.requests).toHaveLength(4);
    // limit 0 asks for nothing.
    expect(await events.follow({ settleMs: 0, limit: 0 }).next()).toEqual({
      done: true,
      value: undefined,
    });
    expect(server.requests).toHaveLength(4);
  });

  it('refuses bad bounds at once, naming them', async () => {
    const events = createEventsClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(events.follow({ settleMs: 0, maxPages: 0 }).next()).rejects.toThrow(/^maxPages: /);
    await expect(events.follow({ settleMs: 0, maxPages: 1.5 }).next()).rejects.toThrow(
      /^maxPages: /,
    );
    await expect(events.follow({ settleMs: 0, limit: -1 }).next()).rejects.toThrow(/^limit: /);
    await expect(events.follow({ settleMs: 0, page_size: 1001 }).next()).rejects.toThrow(
      /^page_size: /,
    );
    await expect(events.follow({ settleMs: 0, start_time: 'yesterday' }).next()).rejects.toThrow(
      /^start_time: /,
    );
    await expect(events.follow({ settleMs: 0, actor: [''] }).next()).rejects.toThrow(
      /^actor\[0\]: /,
    );
    // 0.1 names are refused with the new one, not dropped.
    await expect(events.follow({ settleMs: 0, filters: {} } as never).next()).rejects.toThrow(
      /^filters: .*event_type/,
    );
    await expect(events.follow({ settleMs: 0, start: 0 } as never).next()).rejects.toThrow(
      /^start: .*start_time/,
    );
  });

  it('a refused poll ends the tail with its own class; paging.resumeFrom is the checkpoint as JSON text', async () => {
    const a = makeEvent(BASE);
    const b = makeEvent(BASE + 1);
    json = await startJsonFake(({ url }) =>
      url.searchParams.get('start_time') === '0'
        ? eventsPage([a, b])
        : { status: 400, body: { message: 'invalid value for start_time' } },
    );
    const follow = client(json.url).follow({ settleMs: 0, pollIntervalMs: 1 });
    const got = [(await follow.next()).value!.id, (await follow.next()).value!.id];
    const error = await follow.next().catch((e: unknown) => e);
    expect(got).toEqual([a.id, b.id]);
    expect(error).toBeInstanceOf(BadRequestError);
    const paging = (error as BadRequestError).paging!;
    expect(paging).toMatchObject({ page: 2, pagesDelivered: 1, itemsDelivered: 2 });
    expect(typeof paging.resumeFrom).toBe('string');
    expect(parseCheckpoint(paging.resumeFrom)).toEqual({
      recordedAfter: BASE + 1,
      seenIdsAtEdge: [b.id],
    });
    // Resuming from it asks from the checkpoint and delivers nothing twice.
    await json.close();
    json = await startJsonFake(() => eventsPage([b]));
    const resumed = await client(json.url)
      .follow({ settleMs: 0, checkpoint: paging.resumeFrom as string, maxPages: 1 })
      .next();
    expect(resumed.done).toBe(true);
    expect(json.requests[0]!.url.searchParams.get('start_time')).toBe(String(BASE + 1));
  });

  it('transient failures reach onError as their own class with paging, and the tail goes on', async () => {
    server = await startFakeEventsServer([makeEvent(BASE)]);
    server.fail = (n) => (n <= 3 ? 503 : undefined);
    const seen: unknown[] = [];
    const got: string[] = [];
    for await (const e of client(server.url).follow({
      settleMs: 0,
      pollIntervalMs: 1,
      maxPages: 1,
      onError: (error) => void seen.push(error),
    }))
      got.push(e.id);
    expect(got).toEqual(server.ids());
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(ServerError);
    expect((seen[0] as ServerError).paging).toMatchObject({ page: 1, itemsDelivered: 0 });
    expect(parseCheckpoint((seen[0] as ServerError).paging!.resumeFrom)).toEqual({
      recordedAfter: 0,
      seenIdsAtEdge: [],
    });
  });

  it('a server repeating its cursor ends the tail with PagingLoopError after delivering the page once', async () => {
    const a = makeEvent(BASE);
    const b = makeEvent(BASE + 1);
    json = await startJsonFake(() => eventsPage([a, b], 'same'));
    const got: string[] = [];
    const checkpoints: EventsCheckpoint[] = [];
    const error = await (async () => {
      for await (const e of client(json!.url).follow({
        settleMs: 0,
        pollIntervalMs: 1,
        onCheckpoint: (c) => void checkpoints.push(c),
      }))
        got.push(e.id);
    })().catch((e: unknown) => e);
    expect(got).toEqual([a.id, b.id]);
    expect(error).toBeInstanceOf(PagingLoopError);
    const paging = (error as PagingLoopError).paging!;
    expect(paging).toMatchObject({ pagesDelivered: 2, itemsDelivered: 2 });
    expect(parseCheckpoint(paging.resumeFrom)).toEqual(checkpoints.at(-1));
    expect(json.requests).toHaveLength(2);
  });
});
