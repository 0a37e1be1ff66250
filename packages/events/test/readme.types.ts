// The README's everyday tasks as a consumer writes them (strict, exactOptionalPropertyTypes):
// checked by `pnpm --filter @x/events typecheck`, never run. No `!` and no cast.
import {
  type EventsCheckpoint,
  fromEnv,
  type PlatformEvent,
  parseCheckpoint,
  queryText,
} from '@x/events';
import { ForbiddenError, PagingLoopError, SdkError, UnauthorizedError } from '@x/runtime';

declare function loadCheckpoint(): Promise<EventsCheckpoint | undefined>;
declare function saveCheckpoint(checkpoint: EventsCheckpoint): Promise<void>;
declare const siem: { send(event: PlatformEvent): Promise<void> };

export async function everydayTasks() {
  const events = fromEnv(); // X_EVENTS_URL, X_EVENTS_API_KEY (and X_LOG_LEVEL to log)

  // 1. Page through the last day's events, newest first.
  for await (const page of events
    .list({ startTime: Date.now() - 86_400_000, pageSize: 500 })
    .pages())
    for (const event of page.items)
      console.log(event.event_type, event.id, event.actor?.display_name);

  // 2. Filter by type and outcome; a payload narrows on its type_name.
  for await (const event of events.list(
    { eventType: ['USER_CHANGE', 'GROUP_MEMBERSHIP_CHANGE'], outcome: 'SUCCESS' },
    { limit: 200 },
  )) {
    const data = event.data;
    if (data?.type_name === 'UserChange') console.log(data.action, data.user.user_name);
    else if (data?.type_name === 'GroupMembershipChange')
      console.log(data.action, data.group.name, data.user.user_name);
  }

  // 3. Search with queryText: every term is quoted, so user input cannot change the query.
  const first = await events.list({
    queryText: queryText.any('ada', 'grace').not('test'),
    startTime: '2026-11-01',
  });
  console.log(first.items.length, first.hasNextPage());

  // 4. Follow the stream with a checkpoint: each event once, across restarts.
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  for await (const event of events.follow({
    checkpoint: await loadCheckpoint(), // undefined on the first run: from startTime (default 0)
    onCheckpoint: saveCheckpoint,
    eventType: 'USER_AUTHENTICATION',
    signal: stop.signal,
  }))
    await siem.send(event);

  // 5. Export a month to NDJSON, resumable.
  const result = await events.export({
    startTime: '2026-11-01',
    endTime: '2026-12-01',
    to: './events-2026-11.ndjson',
    onProgress: ({ checkpoint }) => saveCheckpoint(checkpoint),
  });
  console.log(result.events, result.bytes);
}

export async function errors() {
  const events = fromEnv();
  try {
    for await (const event of events.follow({ checkpoint: await loadCheckpoint() }))
      await siem.send(event);
  } catch (error) {
    if (error instanceof UnauthorizedError || error instanceof ForbiddenError)
      console.error('check the API key', error.requestId);
    else if (error instanceof PagingLoopError) console.error('the server repeated a cursor');
    if (error instanceof SdkError && error.paging)
      console.error('resume from', error.paging.resumeFrom);
    throw error;
  }
}

export async function resumeAnExport(startTime: Date, endTime: Date, file: string) {
  const events = fromEnv();
  try {
    await events.export({ startTime, endTime, to: file });
  } catch (error) {
    if (error instanceof UnauthorizedError) throw new Error('check X_EVENTS_API_KEY');
    if (error instanceof SdkError && error.paging)
      await events.export({
        startTime,
        endTime,
        to: file,
        checkpoint: parseCheckpoint(error.paging.resumeFrom),
      });
    else throw error;
  }
  const page = await events.list({ pageSize: 100 });
  console.log(page.items, page.raw.message, page.next, page.response.status);
  const { data, response } = await events
    .request('GET', '/v1/events', { params: { query: { ordering: 'asc' } } })
    .withResponse();
  console.log(data, response.requestId);
  void events.follow({ retry: { maxRetries: 5 }, timeoutMs: 10_000 });
}
