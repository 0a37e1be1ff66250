// 0.2's camelCase parameter names still work in 0.3: each is sent under its wire name, and the
// client warns once per name (a `deprecation` event and one `warn` line), never once per call.
import { staticToken } from '@x/auth';
import type { ClientEvent } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient, userOrderBy } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('0.2 parameter names', () => {
  it('are sent under their wire names and reported once per client and name', async () => {
    const queries: string[] = [];
    server = await startJsonFake((request) => {
      queries.push(request.url.search);
      return { body: { users: [], groups: [], total_size: 0 } };
    });
    const events: ClientEvent[] = [];
    const warnings: string[] = [];
    const workforce = createWorkforceClient({
      baseUrl: server.url,
      auth: staticToken('unit-token'),
      retry: false,
      onEvent: (event) => events.push(event),
      logger: { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) },
    });
    const orderBy = userOrderBy.asc('username');
    await workforce.users.list({ pageSize: 5, orderBy });
    await workforce.users.list({ pageSize: 6, skip: 2 });
    await workforce.users.groups.list('user-1', { pageSize: 7 });
    await workforce.users.list({ page_size: 8, order_by: orderBy });

    const sent = queries.map((query) => new URLSearchParams(query));
    expect(sent.map((query) => query.get('page_size'))).toEqual(['5', '6', '7', '8']);
    expect(sent[0]?.get('order_by')).toBe(sent[3]?.get('order_by'));
    expect(sent.every((query) => !query.has('pageSize') && !query.has('orderBy'))).toBe(true);
    expect(events.filter((event) => event.type === 'deprecation')).toEqual([
      { type: 'deprecation', name: 'pageSize', replacement: 'page_size' },
      { type: 'deprecation', name: 'orderBy', replacement: 'order_by' },
    ]);
    expect(warnings).toEqual([
      'pageSize is deprecated and goes in the next minor: use page_size',
      'orderBy is deprecated and goes in the next minor: use order_by',
    ]);
  });

  it('reject the list when given beside their wire name', async () => {
    const workforce = createWorkforceClient({
      baseUrl: 'https://api.example.com',
      auth: staticToken('unit-token'),
    });
    await expect(workforce.users.list({ pageSize: 5, page_size: 6 })).rejects.toThrow(
      /^pageSize: is the deprecated name of page_size/,
    );
  });
});
