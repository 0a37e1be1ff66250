// Family E with the generated client: the whole listing followed by its cursor, small pages, in
// which the changes the earlier steps made show up.

import { type Event, listEvents } from '@story/events';
import { createClient } from '@story/events/client';
import { expect, it } from 'vitest';
import { changes } from './changes.js';
import { env, tolerance } from './env.js';

const client = createClient({ baseUrl: env('EVENTS_URL'), auth: () => env('EVENTS_API_KEY') });

it('e_cursor_listing_shows_changes', async () => {
  const events: Event[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { data, error } = await listEvents({
      client,
      query: { ordering: 'asc', page_size: 5, ...(cursor ? { cursor } : {}) },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    events.push(...(data?.body?.events ?? []));
    cursor = data?.body?.cursor || undefined;
    pages++;
  } while (cursor && pages < 1000);
  expect(pages).toBeGreaterThan(1);
  // An event shows a change when its data names what the step created; in tolerance mode every
  // event_type is a value no list names, so only the data is matched there.
  const shows = (type: string, name: string | undefined) =>
    name !== undefined &&
    events.some(
      (e) => (tolerance() || e.event_type === type) && JSON.stringify(e.data).includes(`"${name}"`),
    );
  const listed = `${events.length} events: ${[...new Set(events.map((e) => e.event_type))]}`;
  expect(shows('USER_CHANGE', changes.workforceUserName), `W user; ${listed}`).toBe(true);
  expect(shows('REALM_CHANGE', changes.accessRealmName), `A realm; ${listed}`).toBe(true);
  expect(shows('USER_CHANGE', changes.accessIdentityUserName), `A identity; ${listed}`).toBe(true);
  expect(shows('USER_CHANGE', changes.legacyUserName), `L user; ${listed}`).toBe(true);
});
