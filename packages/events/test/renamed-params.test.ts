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
});
