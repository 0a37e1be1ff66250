// Family E: `GET /v1/events` in recorded order with a cursor, every filter, `ordering`,
// `include_not_attested` and `query_text`. The API key is a seeded static bearer credential:
// unknown gives 401, not active gives 403.
import { bearerOf } from '../../auth/tokens.js';
import { ApiFailure, invalidField } from '../../http/errors.js';
import { base64url, fromBase64url } from '../../random.js';
import type { EmulatorState, EventRecord, StaticKeyRecord } from '../../state.js';
import { staticKeyPrincipal } from '../static-keys.js';
import type { FamilyModule, Handler } from '../types.js';
import { eventsControl } from './control.js';
import { matchesQuery, parseQueryText, searchableText } from './query-text.js';

/** The default seeded events API key. */
export const DEFAULT_EVENTS_API_KEY = 'emulator-events-api-key';

interface Cursor {
  /** Sequence number of the last event returned. */
  p: number;
  o: 'asc' | 'desc';
}

const encodeCursor = (cursor: Cursor) =>
  base64url(new TextEncoder().encode(JSON.stringify(cursor)));

function decodeCursor(text: string, ordering: string): Cursor {
  try {
    const cursor = JSON.parse(new TextDecoder().decode(fromBase64url(text))) as Cursor;
    if (typeof cursor.p === 'number' && (cursor.o === 'asc' || cursor.o === 'desc')) {
      if (cursor.o !== ordering) throw invalidField('cursor', 'was issued for the other ordering');
      return cursor;
    }
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
  }
  throw invalidField('cursor', 'is not a cursor of this API');
}

const lowerSet = (values: unknown) =>
  Array.isArray(values) && values.length
    ? new Set(values.map((v) => String(v).toLowerCase()))
    : undefined;
const exactSet = (values: unknown) =>
  Array.isArray(values) && values.length ? new Set(values.map(String)) : undefined;

const listEvents: Handler = (ctx) => {
  const q = ctx.query;
  const tenants = new Set(ctx.principal?.tenantIds ?? []);
  const ordering = q.ordering === 'desc' ? 'desc' : 'asc';
  const start = typeof q.start_time === 'number' ? q.start_time : 0;
  const end = typeof q.end_time === 'number' ? q.end_time : Number.POSITIVE_INFINITY;
  const pageSize = typeof q.page_size === 'number' ? q.page_size : 100;
  const types = lowerSet(q.event_type);
  const actors = lowerSet(q.actor);
  const outcomes = exactSet(q.outcome);
  const services = exactSet(q.emitting_service);
  const correlations = exactSet(q.correlation_id);
  const query = typeof q.query_text === 'string' ? parseQueryText(q.query_text) : [];
  const includeNotAttested = q.include_not_attested === true;
  const cursor =
    typeof q.cursor === 'string' && q.cursor !== '' ? decodeCursor(q.cursor, ordering) : undefined;

  const matches = (record: EventRecord) => {
    const e = record.event as {
      event_recorded_millis: number;
      event_type: string;
      outcome?: string;
      service: string;
      correlation_id: string;
      attested?: boolean;
      actor?: { display_name?: string };
      data?: unknown;
    };
    if (!tenants.has(record.tenant_id)) return false;
    if (e.event_recorded_millis < start || e.event_recorded_millis > end) return false;
    if (!includeNotAttested && e.attested === false) return false;
    if (types && !types.has(e.event_type.toLowerCase())) return false;
    if (actors && !actors.has((e.actor?.display_name ?? '').toLowerCase())) return false;
    if (outcomes && !outcomes.has(e.outcome ?? '')) return false;
    if (services && !services.has(e.service)) return false;
    if (correlations && !correlations.has(e.correlation_id)) return false;
    if (query.length && !matchesQuery(query, searchableText(e.data))) return false;
    return true;
  };

  const records = ctx.world.state.events.records;
  const page: EventRecord[] = [];
  let more = false;
  const step = ordering === 'asc' ? 1 : -1;
  for (
    let i = ordering === 'asc' ? 0 : records.length - 1;
    i >= 0 && i < records.length;
    i += step
  ) {
    const record = records[i]!;
    if (cursor && (ordering === 'asc' ? record.seq <= cursor.p : record.seq >= cursor.p)) continue;
    if (!matches(record)) continue;
    if (page.length === pageSize) {
      more = true;
      break;
    }
    page.push(record);
  }
  const last = page[page.length - 1];
  return {
    body: {
      message: 'OK',
      body: {
        events: page.map((r) => r.event),
        ...(more && last ? { cursor: encodeCursor({ p: last.seq, o: ordering }) } : {}),
      },
    },
  };
};

function keyRecord(name: string, tenantIds: string[], active = true): StaticKeyRecord {
  return { tenant_ids: tenantIds, active, name };
}

/** The events family module. */
export const eventsFamily: FamilyModule = {
  name: 'events',
  spec: 'events',
  mounts: { events_url: { mount: 'events' } },
  defaultErrorStyle: 'message',
  rateLimited: false,
  handlers: { listEvents },
  control: eventsControl,
  authenticate(request, _op, world) {
    const token = bearerOf(request);
    const key = token === undefined ? undefined : world.state.events.api_keys[token];
    if (!key) throw new ApiFailure(401, 'unauthorized');
    if (!key.active) throw new ApiFailure(403, 'API key is not active');
    return staticKeyPrincipal('events', key);
  },
  seed(state: EmulatorState, seed) {
    // The seeded key reads every seeded tenant's events, so one key follows a whole demo.
    const all = [
      ...Object.keys(state.workforce.tenants),
      ...Object.keys((state.access.tenants as Record<string, unknown> | undefined) ?? {}),
    ];
    const keys = seed.events?.apiKeys ?? [
      { key: DEFAULT_EVENTS_API_KEY, name: 'Emulator events key' },
    ];
    for (const key of keys)
      state.events.api_keys[key.key] = keyRecord(
        key.name ?? key.key,
        key.tenantIds ?? all,
        key.active ?? true,
      );
  },
  credentials(state) {
    const [apiKey] = Object.entries(state.events.api_keys).find(([, k]) => k.active) ?? [];
    return apiKey ? { apiKey } : {};
  },
};
