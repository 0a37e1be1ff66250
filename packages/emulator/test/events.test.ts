// `GET /v1/events`: recorded order, cursor paging, every filter, `ordering`,
// `include_not_attested`, `query_text` with `OR` and a leading `-`, and the time window.
import { queryText } from '@x/events';
import { describe, expect, it } from 'vitest';
import { type Harness, harness } from './support/harness.js';

async function scene(h: Harness) {
  const mk = (username: string, display_name: string) =>
    h.workforce('POST', '/v2/users', {
      body: { user: { username, display_name, email_address: `${username}@example.com` } },
    });
  await mk('ada', 'Ada Lovelace');
  h.em.advanceClock(1000);
  await mk('grace', 'Grace Hopper');
  h.em.advanceClock(1000);
  await h.workforce('POST', '/v2/groups', { body: { group: { name: 'Test pilots' } } });
  h.em.advanceClock(1000);
  await h.workforce('POST', '/scim/v2/Users', {
    contentType: 'application/json',
    body: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'idp-1',
      userName: 'linus',
      displayName: 'Linus T',
      active: true,
      emails: [{ value: 'linus@example.com', primary: true }],
    },
  });
}

const types = (res: {
  body: { body: { events: { event_type: string; data: { action: string } }[] } };
}) => res.body.body.events.map((e) => `${e.event_type}:${e.data.action}`);

describe('events', () => {
  it('lists in recorded order, both ways, and pages with a cursor', async () => {
    const h = await harness({ clock: { start: '2026-02-01T00:00:00Z', frozen: true } });
    await scene(h);
    const asc = await h.events('?ordering=asc');
    expect(types(asc)).toEqual(['USER_CHANGE:CREATE', 'USER_CHANGE:CREATE', 'GROUP_CHANGE:CREATE']);
    expect(asc.body.body.cursor).toBeUndefined();
    const desc = await h.events('?ordering=desc');
    expect(desc.body.body.events).toEqual([...asc.body.body.events].reverse());

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await h.events(
        `?ordering=desc&page_size=1&include_not_attested=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.body.events.map((e: { id: string }) => e.id));
      cursor = page.body.body.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(4);
    expect((await h.events('?ordering=asc&cursor=garbage')).status).toBe(400);
    const other = await h.events('?ordering=asc&page_size=1');
    expect((await h.events(`?ordering=desc&cursor=${other.body.body.cursor}`)).status).toBe(400);
  });

  it('leaves out events that are not attested unless asked', async () => {
    const h = await harness();
    await scene(h);
    const scimEvents = await h.events('?ordering=asc&emitting_service=scim');
    expect(scimEvents.body.body.events).toEqual([]);
    const included = await h.events(
      '?ordering=asc&emitting_service=scim&include_not_attested=true',
    );
    expect(included.body.body.events).toEqual([
      expect.objectContaining({ attested: false, event_type: 'USER_CHANGE' }),
    ]);
  });

  it('filters by type (case-insensitive), actor, outcome, service, correlation id and time', async () => {
    const h = await harness({ clock: { start: '2026-02-01T00:00:00Z', frozen: true } });
    await scene(h);
    expect(
      types(await h.events('?ordering=asc&event_type=group_change&event_type=nothing')),
    ).toEqual(['GROUP_CHANGE:CREATE']);
    const actor =
      h.em.snapshot().state.workforce.tenants[h.em.credentials.workforce.tenantId]!.client_name;
    expect(
      (await h.events(`?ordering=asc&actor=${encodeURIComponent(actor.toLowerCase())}`)).body.body
        .events,
    ).toHaveLength(3);
    expect((await h.events('?ordering=asc&actor=Someone%20Else')).body.body.events).toHaveLength(0);
    expect((await h.events('?ordering=asc&outcome=SUCCESS')).body.body.events).toHaveLength(3);
    expect((await h.events('?ordering=asc&outcome=FAILURE')).body.body.events).toHaveLength(0);
    expect(
      (await h.events('?ordering=asc&emitting_service=directory')).body.body.events,
    ).toHaveLength(3);
    const first = (await h.events('?ordering=asc')).body.body.events[0];
    expect(
      (await h.events(`?ordering=asc&correlation_id=${first.correlation_id}`)).body.body.events,
    ).toEqual([first]);
    const start = Date.parse('2026-02-01T00:00:01Z');
    expect(
      types(await h.events(`?ordering=asc&start_time=${start}&end_time=${start + 1000}`)),
    ).toEqual(['USER_CHANGE:CREATE', 'GROUP_CHANGE:CREATE']);
  });

  it('searches the data with query_text: terms, OR and a leading -', async () => {
    const h = await harness();
    await scene(h);
    const search = async (q: string) =>
      (
        await h.events(
          `?ordering=asc&include_not_attested=true&query_text=${encodeURIComponent(q)}`,
        )
      ).body.body.events.map(
        (e: { data: { user?: { user_name?: string }; group?: { name?: string } } }) =>
          e.data.user?.user_name ?? e.data.group?.name,
      );
    // Terms that no id can hold: the data's ids are hex, and 'ada' alone is hex.
    expect(await search('ada@')).toEqual(['ada']);
    expect(await search('ada@ OR grace')).toEqual(['ada', 'grace']);
    expect(await search('example.com -linus')).toEqual(['ada', 'grace']);
    expect(await search('"Test pilots"')).toEqual(['Test pilots']);
    expect(await search(queryText.any('ADA@', 'linus').not('grace').toString())).toEqual([
      'ada',
      'linus',
    ]);
    expect((await h.events('?ordering=asc&query_text=%22open')).status).toBe(400);
    expect((await h.events('?ordering=asc&query_text=OR%20ada')).status).toBe(400);
  });

  it('takes start_time and end_time across the whole int64 range and refuses values past it', async () => {
    const h = await harness();
    // Compared as decimal strings: past 2^53 a number would round onto the bound and pass.
    for (const bound of ['-9223372036854775808', '9223372036854775807']) {
      expect((await h.events(`?ordering=desc&start_time=${bound}`)).status).toBe(200);
      expect((await h.events(`?ordering=desc&end_time=${bound}`)).status).toBe(200);
    }
    for (const past of ['-9223372036854775809', '9223372036854775808']) {
      for (const name of ['start_time', 'end_time']) {
        const refused = await h.events(`?ordering=desc&${name}=${past}`);
        expect(refused.status).toBe(400);
        expect(JSON.stringify(refused.body)).toContain(name);
      }
    }
  });
});
