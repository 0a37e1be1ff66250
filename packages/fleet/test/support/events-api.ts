// A small local GET /v1/events for the follower tests: the events given, in ascending recorded
// order, from `start_time` (inclusive), `page_size` at a time with an opaque cursor. It counts
// requests, so a test can see which replica is polling.
import { createServer, type Server } from 'node:http';
import type { PlatformEvent } from '@x/events';

export interface EventsApi {
  readonly url: string;
  readonly events: readonly PlatformEvent[];
  close(): Promise<void>;
}

/** `count` events, one per millisecond from `start`, with ids `e-0001`…. */
export function makeEvents(count: number, start = 1_700_000_000_000): PlatformEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `e-${String(i + 1).padStart(4, '0')}`,
    correlation_id: `c-${i}`,
    service: 'directory',
    event_occurred_millis: start + i,
    event_recorded_millis: start + i,
    outcome: 'SUCCESS',
    attested: true,
    event_type: 'USER_CHANGE',
    data: {
      type_name: 'UserChange',
      user: { type_name: 'User', user_name: `u${i}` },
      action: 'UPDATE',
    },
  })) as PlatformEvent[];
}

export async function startEventsApi(events: readonly PlatformEvent[]): Promise<EventsApi> {
  const server: Server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v1/events' || q.get('ordering') !== 'asc')
      return send(400, { message: 'only GET /v1/events?ordering=asc here' });
    const start = Number(q.get('start_time') ?? 0);
    const end = q.get('end_time') === null ? Number.POSITIVE_INFINITY : Number(q.get('end_time'));
    const size = Number(q.get('page_size') ?? 100);
    const from = Number(q.get('cursor') ?? 0);
    const window = events.filter(
      (e) =>
        (e.event_recorded_millis as number) >= start && (e.event_recorded_millis as number) <= end,
    );
    const page = window.slice(from, from + size);
    const more = from + size < window.length;
    send(200, {
      message: 'OK',
      body: { events: page, ...(more ? { cursor: String(from + size) } : {}) },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
