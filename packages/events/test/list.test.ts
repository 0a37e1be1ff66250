import { staticToken } from '@x/auth';
import { createEventsClient, type PlatformEvent, queryText, typeNameOf } from '@x/events';
import { PaginationError, ServerError, ValidationError } from '@x/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEventsServer, makeEvent, startFakeEventsServer } from './fake-server.js';

let server: FakeEventsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
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
    for await (const event of client(server.url).list({ ordering: 'asc', page_size: 1000 }))
      seen.push(event.id);
    expect(seen).toEqual(events.map((e) => e.id));
    expect(new Set(seen).size).toBe(2500);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1]!.get('cursor')).toBeTruthy();
  });

  it('defaults to newest first and works with prefetch', async () => {
    const events = sample(250);
    server = await startFakeEventsServer(events);
    const list = client(server.url).list({ page_size: 100 }, { prefetch: true });
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
    const list = client(server.url).list({ page_size: 100 }, { prefetch: true });
    const pages = list.pages();
    await pages.next();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests.length).toBe(2);
    await pages.return();
  });

  it('toArray stops at the limit without fetching further pages', async () => {
    server = await startFakeEventsServer(sample(500));
    const first = await client(server.url).list({ page_size: 100 }).toArray({ limit: 150 });
    expect(first).toHaveLength(150);
    expect(server.requests).toHaveLength(2);
  });

  it('list and page read a given cursor alike: empty means the first page, a non-string is refused', async () => {
    const events = sample(5);
    server = await startFakeEventsServer(events);
    const events5 = client(server.url);
    expect(await events5.list({ page_size: 10 }, { cursor: '' }).toArray()).toHaveLength(5);
    expect((await events5.page({ page_size: 10, cursor: '' })).events).toHaveLength(5);
    expect(server.requests.map((q) => q.has('cursor'))).toEqual([false, false]);
    expect(() => events5.list({}, { cursor: 5 as unknown as string })).toThrow(ValidationError);
    await expect(events5.page({ cursor: 5 as unknown as string })).rejects.toThrow(
      /^cursor: must be a string/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('sends every parameter once, arrays as repeated parameters, times as epoch ms', async () => {
    server = await startFakeEventsServer(sample(3));
    await client(server.url)
      .page({
        start_time: new Date(1_800_000_000_000),
        end_time: 1_800_000_000_002,
        page_size: 10,
        ordering: 'asc',
        cursor: 'abc',
        event_type: ['USER_CHANGE', 'POLICY_CHANGE'],
        actor: 'Ada Lovelace',
        outcome: ['SUCCESS'],
        emitting_service: ['directory', 'policy'],
        correlation_id: ['c1'],
        query_text: queryText.any('ada', 'grace').not('te"st'),
        include_not_attested: true,
      })
      .catch(() => undefined); // the fake cannot read the made-up cursor; the request is what counts
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
        data: { type_name: 'PolicyChange', old_policy: {}, new_policy: {} },
      }),
    ];
    server = await startFakeEventsServer(events);
    const got = await client(server.url).list({ event_type: 'policy_change' }).toArray();
    expect(got.map((e) => e.event_type)).toEqual(['POLICY_CHANGE']);
  });

  it('refuses invalid queries before sending anything', async () => {
    server = await startFakeEventsServer();
    const events = client(server.url);
    expect(() => events.list({ page_size: 0 })).toThrow(ValidationError);
    expect(() => events.list({ page_size: 1001 })).toThrow(/page_size/);
    expect(() => events.list({ page_size: 1.5 })).toThrow(/page_size/);
    expect(() => events.list({ start_time: -1 })).toThrow(/start_time/);
    expect(() => events.list({ start_time: new Date('nope') })).toThrow(/start_time/);
    expect(() => events.list({ start_time: 5, end_time: 4 })).toThrow(/start_time/);
    // @ts-expect-error: ordering is asc or desc
    expect(() => events.list({ ordering: 'up' })).toThrow(/ordering/);
    // @ts-expect-error: filters are strings
    expect(() => events.list({ actor: [42] })).toThrow(/actor/);
    await expect(events.page({ page_size: 5000 })).rejects.toThrow(ValidationError);
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
    expect(a!.data?.qubits).toBe(7);
    expect(b!.data).toBeUndefined();
  });

  it('a page that keeps failing after the retries throws PaginationError with the cursor to resume from', async () => {
    server = await startFakeEventsServer(sample(250));
    server.fail = (n) => (n >= 2 && n <= 4 ? 503 : undefined);
    const events = client(server.url);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of events.list({ page_size: 100, ordering: 'asc' })) seen.push(e.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).cause).toBeInstanceOf(ServerError);
    const resumeFrom = (error as PaginationError).resumeFrom as string;
    for await (const e of events.list({ page_size: 100, ordering: 'asc' }, { cursor: resumeFrom }))
      seen.push(e.id);
    expect(seen).toEqual(server.ids());
  });

  it('page() returns one page and its cursor', async () => {
    server = await startFakeEventsServer(sample(150));
    const events = client(server.url);
    const first = await events.page({ ordering: 'asc', page_size: 100 });
    expect(first.events).toHaveLength(100);
    expect(first.message).toBe('OK');
    const second = await events.page({ ordering: 'asc', page_size: 100, cursor: first.cursor! });
    expect(second.events).toHaveLength(50);
    expect(second.cursor).toBeUndefined();
  });
});
