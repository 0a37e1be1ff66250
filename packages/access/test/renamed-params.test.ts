// 0.2's camelCase parameter names still work in 0.3: each list sends them under their wire names,
// and the client warns once per name (a `deprecation` event), never once per call.

import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import type { ClientEvent } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('0.2 parameter names', () => {
  it('are sent under their wire names, each reported once per client', async () => {
    const queries: URLSearchParams[] = [];
    server = await startJsonFake(({ url }) => {
      queries.push(url.searchParams);
      return { status: 200, body: {} };
    });
    const events: ClientEvent[] = [];
    const access = createAccessClient({
      baseUrl: server.url,
      tenantId: 't-1',
      auth: staticToken('unit-token'),
      retry: false,
      onEvent: (event) => events.push(event),
    });
    const realm = access.realm('r-1');
    await access.realms.list({ pageSize: 5, pageToken: 'p-1' });
    await realm.groups.roles.list('g-1', { resourceServerId: 'rs-1', pageSize: 6 });
    await realm.identities.roles.list('i-1', { resourceServerId: 'rs-2' });
    await realm.resourceServers.roles.members.list('rs-1', 'role-1', {
      groupsPageSize: 7,
      identitiesSkip: 2,
    });
    await realm.applications.tokens.list('app-1', {
      principalType: 'identity',
      principalId: 'i-1',
    });
    await realm.ssoConfigs.list({ types: ['bookmark'], isMigrated: false, orderBy: 'name' });

    expect(queries.map((query) => Object.fromEntries(query))).toEqual([
      { page_size: '5', page_token: 'p-1' },
      { page_size: '6', resource_server_id: 'rs-1' },
      { resource_server_id: 'rs-2' },
      { groups_page_size: '7', identities_skip: '2' },
      { principal_type: 'identity', principal_id: 'i-1' },
      { type: 'bookmark', is_migrated: 'false', order_by: 'name' },
    ]);
    const renamed = events.flatMap((event) =>
      event.type === 'deprecation' ? [`${event.name}->${event.replacement}`] : [],
    );
    expect(renamed).toEqual([
      'pageSize->page_size',
      'pageToken->page_token',
      'resourceServerId->resource_server_id',
      'groupsPageSize->groups_page_size',
      'identitiesSkip->identities_skip',
      'principalType->principal_type',
      'principalId->principal_id',
      'types->type',
      'isMigrated->is_migrated',
      'orderBy->order_by',
    ]);
  });
});
