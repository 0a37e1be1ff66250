import { staticToken } from '@x/auth';
import {
  createEventsClient,
  isKnownEventData,
  type PlatformEvent,
  queryText,
  typeNameOf,
} from '@x/events';
import { PagingLoopError, ServerError, UnauthorizedError, ValidationError } from '@x/runtime';
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

const client = (url: string) =>
  createEventsClient({ baseUrl: url, auth: staticToken('fake-key'), retry: { baseDelayMs: 1 } });

/** 2,500 events, three per millisecond, so pages end inside a millisecond. */
const sample = (n: number, base = 1_800_000_000_000) =>
  Array.from({ length: n }, (_, i) => makeEvent(base + Math.floor(i / 3)));

describe('list', () => {
  it('pages through every event exactly once, in ascending order', async () => {
    const events = sample(2500);
    server = await startFakeEventsServer(events);
    const seen: string[] = [];
    for await (const event of client(server.url).list({ ordering: 'asc', pageSize: 1000 }))
      seen.push(event.id);
    expect(seen).toEqual(events.map((e) => e.id));
    expect(new Set(seen).size).toBe(2500);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1]!.get('cursor')).toBeTruthy();
  });

  it('defaults to newest first and works with prefetch', async () => {
    const events = sample(250);
    server = await startFakeEventsServer(events);
    const list = client(server.url).list({ pageSize: 100 }, { prefetch: true });
    const pages: number[] = [];
    const seen: string[] = [];
    for await (const page of list.pages()) {
      pages.push(page.items.length);
      seen.push(...page.items.map((e) => e.id));
    }
    expect(pages).toEqual([100, 100, 50]);
    expect(seen).toEqual(events.map((e) => e.id).reverse());
    expect(server.requests.every((q) => q.get('ordering') === 'desc')).toBe(true);
  });

  it('prefetch asks for the next page before the current one is consumed', async () => {
    server = await startFakeEventsServer(sample(300));
    const list = client(server.url).list({ pageSize: 100 }, { prefetch: true });
    const pages = list.pages();
    await pages.next();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests.length).toBe(2);
    await pages.return();
  });

  it('toArray stops at the limit without fetching further pages', async () => {
    server = await startFakeEventsServer(sample(500));
    const first = await client(server.url).list({ pageSize: 100 }).toArray({ limit: 150 });
    expect(first).toHaveLength(150);
    expect(server.requests).toHaveLength(2);
  });

  it('reads a given cursor: empty means the first page, a non-string is refused', async () => {
    const events = sample(5);
    server = await startFakeEventsServer(events);
    const events5 = client(server.url);
    expect(await events5.list({ pageSize: 10, cursor: '' }).toArray()).toHaveLength(5);
    expect((await events5.list({ pageSize: 10, cursor: '' })).items).toHaveLength(5);
    expect(server.requests.map((q) => q.has('cursor'))).toEqual([false, false]);
    await expect(events5.list({ cursor: 5 as unknown as string })).rejects.toThrow(ValidationError);
    await expect(events5.list({ cursor: 5 as unknown as string })).rejects.toThrow(
      /^cursor: must be a string/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('sends every parameter once, arrays as repeated parameters, times as epoch ms', async () => {
    server = await startFakeEventsServer(sample(3));
    await client(server.url)
      .list({
        startTime: new Date(1_800_000_000_000),
        endTime: 1_800_000_000_002,
        pageSize: 10,
        ordering: 'asc',
        cursor: 'abc',
        eventType: ['USER_CHANGE', 'POLICY_CHANGE'],
        actor: 'Ada Lovelace',
        outcome: ['SUCCESS'],
        emittingService: ['directory', 'policy'],
        correlationId: ['c1'],
        queryText: queryText.any('ada', 'grace').not('te"st'),
        includeNotAttested: true,
      })
      // the fake cannot read the made-up cursor; the request is what counts
      .then(undefined, () => undefined);
    const q = server.requests[0]!;
    expect(q.getAll('event_type')).toEqual(['USER_CHANGE', 'POLICY_CHANGE']);
    expect(q.getAll('emitting_service')).toEqual(['directory', 'policy']);
    expect(q.getAll('actor')).toEqual(['Ada Lovelace']);
    expect(q.get('start_time')).toBe('1800000000000');
    expect(q.get('end_time')).toBe('1800000000002');
    expect(q.get('query_text')).toBe('"ada" OR "grace" -"te\\"st"');
    expect(q.get('include_not_attested')).toBe('true');
    for (const name of ['start_time', 'end_time', 'page_size', 'ordering', 'cursor', 'query_text'])
      expect(q.getAll(name)).toHaveLength(1);
  });

  it('filters reach the server: only the chosen type comes back', async () => {
    const events = [
      ...sample(5),
      makeEvent(1_800_000_000_010, {
        event_type: 'POLICY_CHANGE',
        data: {
          type_name: 'PolicyChange',
          old_policy: { id: 'p1', date_created: '2026-11-01', policy: {} },
          new_policy: { id: 'p1', date_created: '2026-11-02', policy: {} },
        },
      }),
    ];
    server = await startFakeEventsServer(events);
    const got = await client(server.url).list({ eventType: 'policy_change' }).toArray();
    expect(got.map((e) => e.event_type)).toEqual(['POLICY_CHANGE']);
  });

  it('refuses invalid parameters before sending anything', async () => {
    server = await startFakeEventsServer();
    const events = client(server.url);
    await expect(events.list({ pageSize: 0 })).rejects.toThrow(ValidationError);
    await expect(events.list({ pageSize: 1001 })).rejects.toThrow(/pageSize/);
    await expect(events.list({ pageSize: 1.5 })).rejects.toThrow(/pageSize/);
    await expect(events.list({ startTime: -1 })).rejects.toThrow(/startTime/);
    await expect(events.list({ startTime: new Date('nope') })).rejects.toThrow(/startTime/);
    await expect(events.list({ startTime: 5, endTime: 4 })).rejects.toThrow(/startTime/);
    // @ts-expect-error: ordering is asc or desc
    await expect(events.list({ ordering: 'up' })).rejects.toThrow(/ordering/);
    // @ts-expect-error: filters are strings
    await expect(events.list({ actor: [42] })).rejects.toThrow(/actor/);
    await expect(events.list({ pageSize: 5000 })).rejects.toThrow(ValidationError);
    await expect(events.list({}, { maxPages: 0 })).rejects.toThrow(/maxPages/);
    await expect(events.list({}, { limit: -1 })).rejects.toThrow(/limit/);
    expect(server.requests).toHaveLength(0);
  });

  it('parses unknown event types and payloads without error, as generic events', async () => {
    const future = makeEvent(1_800_000_000_000, {
      event_type: 'QUANTUM_LOGIN',
      data: { type_name: 'QuantumLogin', qubits: 7 } as unknown as PlatformEvent['data'],
    });
    const odd = makeEvent(1_800_000_000_001, { data: undefined });
    server = await startFakeEventsServer([future, odd]);
    const [a, b] = await client(server.url).list({ ordering: 'asc' }).toArray();
    expect(a!.event_type).toBe('QUANTUM_LOGIN');
    expect(typeNameOf(a!.data)).toBe('QuantumLogin');
    const data = a!.data;
    expect(!isKnownEventData(data) && data?.qubits).toBe(7);
    expect(b!.data).toBeUndefined();
  });

  it('a page that keeps failing after the retries throws its own class with the cursor to resume from', async () => {
    server = await startFakeEventsServer(sample(250));
    server.fail = (n) => (n >= 2 && n <= 4 ? 503 : undefined);
    const events = client(server.url);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of events.list({ pageSize: 100, ordering: 'asc' })) seen.push(e.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    const paging = (error as ServerError).paging!;
    expect(paging).toMatchObject({ page: 2, pagesDelivered: 1, itemsDelivered: 100 });
    const resumeFrom = paging.resumeFrom as string;
    for await (const e of events.list({ pageSize: 100, ordering: 'asc', cursor: resumeFrom }))
      seen.push(e.id);
    expect(seen).toEqual(server.ids());
  });

  it('await list() is the first page, with its cursor and response', async () => {
    server = await startFakeEventsServer(sample(150));
    const events = client(server.url);
    const first = await events.list({ ordering: 'asc', pageSize: 100 });
    expect(first.items).toHaveLength(100);
    expect(first.raw.message).toBe('OK');
    expect(first.response.status).toBe(200);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.nextPage();
    expect(second!.items).toHaveLength(50);
    expect(second!.next).toBeUndefined();
    const again = await events.list({ ordering: 'asc', pageSize: 100, cursor: String(first.next) });
    expect(again.items.map((e) => e.id)).toEqual(second!.items.map((e) => e.id));
    expect(server.requests).toHaveLength(3);
  });

  it('a failing first page rejects await list() with its own class and paging', async () => {
    server = await startFakeEventsServer(sample(3));
    const refused = createEventsClient({ baseUrl: server.url, auth: staticToken('wrong-key') });
    const error = await refused.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).paging).toEqual({
      page: 1,
      resumeFrom: undefined,
      pagesDelivered: 0,
      itemsDelivered: 0,
    });
  });
});

describe('list: maxPages and limit', () => {
  it('maxPages stops after that many pages, limit after that many events', async () => {
    server = await startFakeEventsServer(sample(500));
    const events = client(server.url);
    expect(await events.list({ pageSize: 100 }, { maxPages: 2 }).toArray()).toHaveLength(200);
    expect(server.requests).toHaveLength(2);
    const limited = await events.list({ pageSize: 100 }, { limit: 150 }).toArray();
    expect(limited).toHaveLength(150);
    expect(server.requests).toHaveLength(4);
    const pages: number[] = [];
    for await (const page of events.list({ pageSize: 100 }, { limit: 250, maxPages: 5 }).pages())
      pages.push(page.items.length);
    expect(pages).toEqual([100, 100, 50]);
  });
});

describe('list: a cursor that comes back', () => {
  const page = (ids: string[], cursor?: string) => ({
    body: {
      message: 'OK',
      body: {
        events: ids.map((id) => ({ id, event_type: 'USER_CHANGE' })),
        ...(cursor === undefined ? {} : { cursor }),
      },
    },
  });

  it('a server repeating its cursor stops the listing with PagingLoopError after the repeated page', async () => {
    // Prism does this: every answer is the same example page with the same cursor.
    json = await startJsonFake(() => page(['a', 'b'], 'same'));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of client(json!.url).list()) seen.push(e.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingLoopError);
    expect((error as PagingLoopError).paging).toMatchObject({ page: 3, resumeFrom: 'same' });
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
    expect(json.requests).toHaveLength(2);
  });

  it('a cursor the client started from, sent back, is a loop too', async () => {
    json = await startJsonFake(() => page(['a'], 'start'));
    const error = await client(json.url)
      .list({ cursor: 'start' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingLoopError);
    expect(json.requests).toHaveLength(1);
    expect(json.requests[0]!.url.searchParams.get('cursor')).toBe('start');
  });

  it('reads leniently: no events is an empty page, an empty cursor the last one', async () => {
    let n = 0;
    json = await startJsonFake(() => {
      n++;
      if (n === 1) return page(['a'], 'c1');
      if (n === 2)
        return { body: { message: 'OK', body: { events: [null, 'x', { id: 'b' }], cursor: '' } } };
      return { body: {} };
    });
    const events = client(json.url);
    expect((await events.list().toArray()).map((e) => e.id)).toEqual(['a', 'b']);
    expect(json.requests).toHaveLength(2);
    expect((await events.list()).items).toEqual([]);
  });
});
