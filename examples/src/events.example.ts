// Family E: the latest events, a filtered listing, and a few seconds of a resumable tail.
import { staticToken } from '@x/auth';
import { createEventsClient, type EventsCheckpoint, queryText, typeNameOf } from '@x/events';
import type { ExampleContext } from './main.js';

export default async function run({ urls, show }: ExampleContext) {
  let requests = 0;
  const events = createEventsClient({
    baseUrl: urls.events!,
    auth: staticToken('demo-api-key'),
    onEvent: (e) => {
      if (e.type === 'response') requests++;
    },
  });

  // The latest events, newest first (list defaults to `desc`). The mock always offers a next
  // cursor, so take a bounded number.
  const latest = await events.list({ page_size: 4 }).toArray({ limit: 4 });
  show(
    'latest events',
    latest.map((e) => `${e.event_type} ${e.id} by ${e.actor?.display_name ?? '?'}`),
  );

  // Filtered by type and text (the mock ignores filters); payloads narrow on `type_name`.
  const page = await events.page({
    event_type: ['USER_CHANGE', 'GROUP_MEMBERSHIP_CHANGE'],
    query_text: queryText.any('alan', 'ada').not('test'),
    start_time: new Date(Date.UTC(2026, 10, 20)),
  });
  for (const event of page.events) {
    const data = event.data;
    if (data?.type_name === 'UserChange')
      show('user change', { action: data.action, user: data.user.user_name });
    else if (data?.type_name === 'GroupMembershipChange')
      show('membership change', { action: data.action, user: data.user.user_name });
    else show('other event', `${event.event_type} (${typeNameOf(data) ?? 'no data'})`);
  }

  // About three seconds of follow. The mock repeats the same page on every poll, so the
  // checkpoint's edge ids and the recorded-time mark drop the repeats: each id arrives once.
  let saved: EventsCheckpoint | undefined;
  const delivered: string[] = [];
  const before = requests;
  for await (const event of events.follow({
    pollIntervalMs: 500,
    maxPages: 20,
    signal: AbortSignal.timeout(3000),
    onCheckpoint: (checkpoint) => {
      saved = checkpoint; // persist this in real use (a file, a table row)
    },
  }))
    delivered.push(`${event.event_type} ${event.id}`);
  show('follow', {
    requests: requests - before,
    delivered,
    checkpoint: saved,
  });

  // A restart from the saved checkpoint delivers nothing already seen.
  const again: string[] = [];
  for await (const event of events.follow({ checkpoint: saved!, maxPages: 2, pollIntervalMs: 100 }))
    again.push(event.id);
  show('follow after restart from the checkpoint', { redelivered: again.length });
}
