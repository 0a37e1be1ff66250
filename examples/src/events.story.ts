// Family E: the story's own events, followed live while it runs, then listed by type.
import { fromEnv, type PlatformEvent } from '@x/events';
import { expectThat, type Story } from './story.js';

/**
 * Follows the events from now on in the background, printing each as it arrives.
 *
 * The settle window: against the platform, `follow` delivers an event only once an event recorded
 * more than `settleMs` (default 5 s) later has been seen, because an event can become visible late
 * (replica or ingest lag) and would otherwise be skipped for good. That adds about 5 s to every
 * event, and on a quiet stream the last events wait for the next one. The emulator makes every
 * event visible the moment it is recorded, so this demo opts out with `settleMs: 0` and shows each
 * event at once; keep the default against the platform.
 */
export function followStory(story: Story): { seen: PlatformEvent[]; stop(): Promise<void> } {
  const events = fromEnv(story.clientOptions, story.env);
  const stop = new AbortController();
  const seen: PlatformEvent[] = [];
  const startTime = Date.now();
  const done = (async () => {
    for await (const event of events.follow({
      start_time: startTime,
      pollIntervalMs: 100,
      // No ingest lag in the emulator (see above); against the platform keep the 5 s default.
      settleMs: 0,
      signal: stop.signal,
    })) {
      seen.push(event);
      console.log(
        `    [event] ${event.event_type} by ${event.actor?.display_id ?? '?'} (${event.outcome ?? ''})`,
      );
    }
  })();
  followers.set(story, { seen, startTime });
  return {
    seen,
    async stop() {
      stop.abort();
      await done;
    },
  };
}

const followers = new WeakMap<Story, { seen: PlatformEvent[]; startTime: number }>();

export async function eventsChapter(story: Story): Promise<void> {
  const { show } = story;
  const events = fromEnv(story.clientOptions, story.env);
  const follower = followers.get(story);
  const startTime = follower?.startTime ?? 0;
  const all = await events
    .list({ start_time: startTime, ordering: 'asc', page_size: 50 })
    .toArray();
  const byType = new Map<string, number>();
  for (const event of all) byType.set(event.event_type, (byType.get(event.event_type) ?? 0) + 1);
  show('events.list (the story)', Object.fromEntries(byType));
  const changes = await events
    .list({ start_time: startTime, event_type: 'GROUP_MEMBERSHIP_CHANGE', ordering: 'asc' })
    .toArray();
  show(
    'membership changes',
    changes.map((e) =>
      e.data?.type_name === 'GroupMembershipChange'
        ? `${e.data.action} ${e.data.user.user_name ?? ''} ${e.data.group.name ?? ''}`
        : e.event_type,
    ),
  );
  // The live tail has seen the same events, each once (it polls every 100 ms).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ids = new Set(follower?.seen.map((e) => e.id));
  show(
    'follow saw',
    `${ids.size} of ${all.length} events, ${(follower?.seen.length ?? 0) - ids.size} repeated`,
  );
  expectThat(
    all.length > 0 && all.every((e) => ids.has(e.id)),
    'the live tail to see every event of the story once',
  );
}
