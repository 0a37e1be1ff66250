// A local fake of GET /v1/events (Prism cannot page): holds events sorted by recorded time,
// honours start_time, end_time, ordering, page_size, cursor and the list filters, accepts new
// events while running, and fails chosen requests with 429 or 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformEvent } from '@x/events';
import { startTestServer } from '@x/testing';

interface Stored {
  /** Recorded time the server filters and sorts on (also when the event omits the field). */
  recorded: number;
  /** Insertion order: the tie-breaker within one millisecond. */
  seq: number;
  event: PlatformEvent;
}

/** What the test decides for one request (1-based number): a failure status, or nothing. */
export type FailurePlan = (requestNumber: number) => 429 | 503 | undefined;

export interface FakeEventsServer {
  readonly url: string;
  /** Every request's query, in order. */
  readonly requests: URLSearchParams[];
  /** How many responses of each failure status were sent. */
  readonly failuresSent: { 429: number; 503: number };
  /** Adds events; `recorded` overrides the time for events without `event_recorded_millis`. */
  add(events: readonly PlatformEvent[], recorded?: number): void;
  /** Every stored event id, in ascending recorded order. */
  ids(): string[];
  /** Largest recorded time held, or 0. */
  maxRecorded(): number;
  /** Called before each request is answered (after the failure check), to add events mid-run. */
  onRequest: ((requestNumber: number) => void) | undefined;
  fail: FailurePlan | undefined;
  close(): Promise<void>;
}

let counter = 0;

/** Fields to set on a made event; `undefined` leaves a field out (an event without it). */
export type EventOverrides = { [K in keyof PlatformEvent]?: PlatformEvent[K] | undefined };

/** Makes an event recorded at `recorded` (a fresh id unless given). */
export function makeEvent(recorded: number, overrides: EventOverrides = {}): PlatformEvent {
  counter++;
  const hex = counter.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    correlation_id: `corr-${counter % 7}`,
    service: counter % 2 ? 'directory' : 'authentication',
    event_occurred_millis: recorded - 5,
    event_recorded_millis: recorded,
    outcome: 'SUCCESS',
    attested: true,
    event_type: 'USER_CHANGE',
    data: {
      type_name: 'UserChange',
      user: { type_name: 'User', user_name: `u${counter}` },
      action: 'UPDATE',
    },
    ...overrides,
  } as PlatformEvent;
}

const FILTERS = ['event_type', 'actor', 'outcome', 'emitting_service', 'correlation_id'] as const;

export async function startFakeEventsServer(
  initial: readonly PlatformEvent[] = [],
): Promise<FakeEventsServer> {
  const store: Stored[] = [];
  let seq = 0;
  let requestNumber = 0;
  const requests: URLSearchParams[] = [];
  const failuresSent = { 429: 0, 503: 0 };

  const add = (events: readonly PlatformEvent[], recorded?: number) => {
    for (const event of events) {
      const r = event.event_recorded_millis ?? recorded ?? event.event_occurred_millis;
      const item = { recorded: r, seq: seq++, event };
      // Insert after every event with a recorded time <= r (appends in the usual case).
      let i = store.length;
      while (i > 0 && store[i - 1]!.recorded > r) i--;
      store.splice(i, 0, item);
    }
  };
  add(initial);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requestNumber++;
    requests.push(url.searchParams);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v1/events' || req.method !== 'GET')
      return send(404, { message: 'not found' });
    if (req.headers.authorization !== 'Bearer fake-key')
      return send(401, { message: 'unauthorized' });
    const failure = fakeFailure(requestNumber);
    if (failure === 429) {
      failuresSent[429]++;
      return send(
        429,
        { message: 'rate limited' },
        {
          'ratelimit-limit': '100',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '0',
        },
      );
    }
    if (failure === 503) {
      failuresSent[503]++;
      return send(503, { message: 'unavailable' });
    }
    server.onRequest?.(requestNumber);

    const q = url.searchParams;
    const ordering = q.get('ordering');
    if (ordering !== 'asc' && ordering !== 'desc')
      return send(400, { message: 'ordering is required' });
    const int = (name: string, fallback: number | undefined) => {
      const raw = q.get(name);
      if (raw === null) return fallback;
      if (!/^\d+$/.test(raw))
        throw new Error(`invalid value for ${name}: "${raw}" is not an integer`);
      return Number(raw);
    };
    let start: number;
    let end: number | undefined;
    let size: number;
    try {
      start = int('start_time', 0)!;
      end = int('end_time', undefined);
      size = int('page_size', 100)!;
    } catch (error) {
      return send(400, { message: (error as Error).message });
    }
    if (size < 1 || size > 1000) return send(400, { message: 'page_size out of range' });
    let after: { r: number; s: number } | undefined;
    const cursor = q.get('cursor');
    try {
      if (cursor)
        after = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { r: number; s: number };
    } catch {
      return send(400, { message: 'invalid cursor' });
    }

    const filters = FILTERS.map((name) => [name, q.getAll(name)] as const).filter(
      ([, v]) => v.length,
    );
    const matches = (item: Stored) => {
      if (item.recorded < start || (end !== undefined && item.recorded > end)) return false;
      for (const [name, values] of filters) {
        const e = item.event;
        const actual =
          name === 'event_type'
            ? e.event_type.toUpperCase()
            : name === 'actor'
              ? e.actor?.display_name
              : name === 'outcome'
                ? e.outcome
                : name === 'emitting_service'
                  ? e.service
                  : e.correlation_id;
        const wanted = name === 'event_type' ? values.map((v) => v.toUpperCase()) : values;
        if (actual === undefined || !wanted.includes(actual)) return false;
      }
      if (q.get('include_not_attested') !== 'true' && item.event.attested === false) return false;
      return true;
    };
    const beyond = (item: Stored) =>
      !after
        ? true
        : ordering === 'asc'
          ? item.recorded > after.r || (item.recorded === after.r && item.seq > after.s)
          : item.recorded < after.r || (item.recorded === after.r && item.seq < after.s);
    const ordered = ordering === 'asc' ? store : [...store].reverse();
    const page: Stored[] = [];
    let more = false;
    for (const item of ordered) {
      if (!beyond(item) || !matches(item)) continue;
      if (page.length === size) {
        more = true;
        break;
      }
      page.push(item);
    }
    const last = page.at(-1);
    const next =
      more && last
        ? Buffer.from(JSON.stringify({ r: last.recorded, s: last.seq })).toString('base64url')
        : undefined;
    send(200, {
      message: 'OK',
      body: { events: page.map((p) => p.event), ...(next ? { cursor: next } : {}) },
    });
  };

  const http = await startTestServer((_request, res, raw) => handle(raw, res));
  const fakeFailure = (n: number) => server.fail?.(n);
  const server: FakeEventsServer = {
    url: http.url,
    requests,
    failuresSent,
    add,
    ids: () => store.map((s) => s.event.id),
    maxRecorded: () => store.at(-1)?.recorded ?? 0,
    onRequest: undefined,
    fail: undefined,
    close: () => http.close(),
  };
  return server;
}
