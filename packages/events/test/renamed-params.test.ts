// 0.2's camelCase list parameters still work in 0.3: sent under their wire names, each reported
// once per client (a `deprecation` event and one `warn` line), never once per call.
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';
import type { ClientEvent } from '@x/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEventsServer, startFakeEventsServer } from './fake-server.js';

let server: FakeEventsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('0.2 list parameter names', () => {
  it('are sent under their wire names and warned about once per client and name', async () => {
    server = await startFakeEventsServer();
    const events: ClientEvent[] = [];
    const warnings: string[] = [];
    const client = createEventsClient({
      baseUrl: server.url,
      auth: staticToken('fake-key'),
      retry: false,
      onEvent: (event) => events.push(event),
      logger: { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) },
    });
    await client.list({ pageSize: 5, eventType: 'USER_CHANGE', includeNotAttested: true });
    await client.list({ pageSize: 6, startTime: 0 });
    await client.list({ page_size: 7, start_time: 0 });

    const queries = server.requests;
    expect(queries.map((query) => query.get('page_size'))).toEqual(['5', '6', '7']);
    expect(queries[0]?.get('event_type')).toBe('USER_CHANGE');
    expect(queries[0]?.get('include_not_attested')).toBe('true');
    expect(queries[1]?.get('start_time')).toBe('0');
    const renamed = events.flatMap((event) => (event.type === 'deprecation' ? [event.name] : []));
    expect(renamed).toEqual(['pageSize', 'eventType', 'includeNotAttested', 'startTime']);
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toBe('pageSize is deprecated and goes in the next minor: use page_size');
  });

  it('follow and export take the same wire names; their 0.2 names are reported once per client too', async () => {
    server = await startFakeEventsServer();
    const events: ClientEvent[] = [];
    const client = createEventsClient({
      baseUrl: server.url,
      auth: staticToken('fake-key'),
      retry: false,
      onEvent: (event) => events.push(event),
    });
    const sink = () => new WritableStream<Uint8Array>();
    for await (const _ of client.follow({ page_size: 3, start_time: 0, settleMs: 0, maxPages: 1 }));
    for await (const _ of client.follow({
      pageSize: 4,
      eventType: 'USER_CHANGE',
      settleMs: 0,
      maxPages: 1,
    }));
    await client.export({ page_size: 5, end_time: 1, to: sink() });
    await client.export({ pageSize: 6, endTime: 1, to: sink() });
    await client.export({ pageSize: 7, to: sink() });

    const queries = server.requests;
    expect(queries.map((query) => query.get('page_size'))).toEqual(['3', '4', '5', '6', '7']);
    expect(queries[1]?.get('event_type')).toBe('USER_CHANGE');
    expect(queries[3]?.get('end_time')).toBe('1');
    const renamed = events.flatMap((event) => (event.type === 'deprecation' ? [event.name] : []));
    expect(renamed).toEqual(['pageSize', 'eventType', 'endTime']);
    // The SDK's own knobs (settleMs, maxPages, to) are no spec parameter: not renamed, not reported.
  });

  it('follow refuses an option given under both names, naming the deprecated one', async () => {
    server = await startFakeEventsServer();
    const client = createEventsClient({ baseUrl: server.url, auth: staticToken('fake-key') });
    await expect(client.follow({ page_size: 3, pageSize: 3 }).next()).rejects.toThrow(
      /^pageSize: is the deprecated name of page_size/,
    );
    await expect(
      client.export({ to: new WritableStream(), start_time: 0, startTime: 0 }),
    ).rejects.toThrow(/^startTime: /);
    expect(server.requests).toHaveLength(0);
  });
});
