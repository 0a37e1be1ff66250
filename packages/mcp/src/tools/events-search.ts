// `events_search`: the tenant's security events in a time window, with the export's filters and
// a text query built from terms by the events package's `queryText` builder, so no term can
// carry an operator (`OR`, a leading `-`) into the query. Times may be relative (`24h`), since
// an agent rarely knows what time it is; the window searched is part of the result.
import type { EventListParams, EventsClient } from '@x/events';
import { queryText } from '@x/events';
import { ValidationError } from '@x/runtime';
import { pageSummary } from '../results/summary.js';
import type { JsonObject } from '../spec/json.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { annotationsOf } from './effect.js';
import { snakeCase } from './naming.js';
import type { Tool } from './tool.js';

const NAME = 'events_search';
const TITLE = 'Search security events';
const RELATIVE = /^(\d{1,6})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DEFAULT_SINCE = '24h';
const DEFAULT_PAGE_SIZE = 50;

const time = (what: string) => ({
  description: `${what}: an ISO 8601 date or date-time with a time zone (2026-11-01, 2026-11-01T08:30:00Z), epoch milliseconds, or a duration back from now (15m, 24h, 7d).`,
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 40 },
    { type: 'integer', minimum: 0 },
  ],
});
const strings = (what: string) => ({
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 256 },
  minItems: 1,
  maxItems: 20,
  description: what,
});
const terms = (what: string) => ({
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 200 },
  minItems: 1,
  maxItems: 10,
  description: what,
});

const INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    start_time: time(`Start of the window (recorded time, inclusive); default ${DEFAULT_SINCE}`),
    end_time: time('End of the window; default now'),
    event_types: strings(
      'Only these event types (USER_CHANGE, GROUP_CHANGE, GROUP_MEMBERSHIP_CHANGE, ...), case-insensitive.',
    ),
    actors: strings('Only events whose actor has one of these full names.'),
    outcomes: strings('Only events with one of these outcomes (SUCCESS, FAILURE, ...).'),
    services: strings('Only events emitted by one of these services.'),
    correlation_ids: strings('Only events with one of these correlation ids.'),
    query_text: {
      type: 'object',
      description:
        'Free-text search over the event data, as terms: every term is quoted, so its words are searched literally and can never act as an operator.',
      properties: {
        all: terms('Every one of these terms must appear.'),
        any: terms('At least one of these terms must appear.'),
        not: terms('None of these terms may appear.'),
      },
      additionalProperties: false,
      minProperties: 1,
    },
    include_not_attested: {
      type: 'boolean',
      description:
        'Include events whose data the platform did not attest (it may hold raw user input). Default false.',
    },
    ordering: {
      type: 'string',
      enum: ['desc', 'asc'],
      description: 'By recorded time: desc (newest first, the default) or asc.',
    },
    page_size: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_PAGE_SIZE },
    cursor: {
      type: 'string',
      minLength: 1,
      description:
        'The `next_cursor` of the previous page, with the same other arguments. Omit it for the first page.',
    },
  },
  additionalProperties: false,
};

/** A point in time of the tool's arguments, as the events package takes it. */
export function timeOf(value: unknown, now: number): number | string {
  if (typeof value === 'number') return value;
  const text = String(value);
  const relative = RELATIVE.exec(text);
  if (!relative) return text;
  return now - Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS];
}

/** The `query_text` of the `query_text` argument, built term by term. */
export function queryTextOf(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  const {
    all = [],
    any = [],
    not = [],
  } = arg as { all?: string[]; any?: string[]; not?: string[] };
  let query = queryText.all(...all);
  if (any.length > 0) query = query.any(...any);
  if (not.length > 0) query = query.not(...not);
  return query.isEmpty ? undefined : query.toString();
}

/** The `events_search` tool over an events client. */
export function eventsSearchTool(client: EventsClient, clock: () => number = Date.now): Tool {
  return {
    name: NAME,
    family: 'events',
    operationId: 'listEvents',
    title: TITLE,
    description: [
      `${TITLE} in a time window (default the last ${DEFAULT_SINCE}), newest first, with filters by type, actor, outcome, service and correlation id, and a text query built from terms.`,
      'Needs no argument.',
      'Read-only.',
      'Returns one page as `events`; when there are more, `next_cursor`: call again with the same arguments and `cursor` set to it. `window` says the times searched.',
    ].join('\n'),
    effect: 'read',
    resource: ['events', 'search', 'audit', 'log'],
    toolset: 'events',
    inputSchema: INPUT_SCHEMA,
    annotations: annotationsOf(TITLE, 'read', undefined, true),
    async run(args, { signal }) {
      const now = clock();
      const startTime = timeOf(args.start_time ?? DEFAULT_SINCE, now);
      const endTime = args.end_time === undefined ? undefined : timeOf(args.end_time, now);
      const text = await renamed(async () => queryTextOf(args.query_text));
      const params: EventListParams = {
        start_time: startTime,
        ordering: args.ordering === 'asc' ? 'asc' : 'desc',
        page_size: typeof args.page_size === 'number' ? args.page_size : DEFAULT_PAGE_SIZE,
        ...(endTime === undefined ? {} : { end_time: endTime }),
        ...(args.event_types ? { event_type: args.event_types as string[] } : {}),
        ...(args.actors ? { actor: args.actors as string[] } : {}),
        ...(args.outcomes ? { outcome: args.outcomes as string[] } : {}),
        ...(args.services ? { emitting_service: args.services as string[] } : {}),
        ...(args.correlation_ids ? { correlation_id: args.correlation_ids as string[] } : {}),
        ...(text === undefined ? {} : { query_text: text }),
        ...(args.include_not_attested === true ? { include_not_attested: true } : {}),
        ...(typeof args.cursor === 'string'
          ? { cursor: String(decodeCursor(NAME, args.cursor)) }
          : {}),
      };
      const page = await renamed(async () => await client.list(params, { signal }));
      const window = {
        start_time: isoOf(startTime),
        ...(endTime === undefined
          ? { end_time: new Date(now).toISOString() }
          : { end_time: isoOf(endTime) }),
      };
      const data: JsonObject = {
        events: [...page.items],
        ...(page.next === undefined ? {} : { next_cursor: encodeCursor(NAME, page.next) }),
        window,
        ...(text === undefined ? {} : { query_text: text }),
      };
      return {
        data,
        summary: pageSummary(TITLE, page.items.length, undefined, page.next !== undefined),
      };
    },
  };
}

/** An ISO text of a time argument (as given when it is not a valid time: the call will say so). */
function isoOf(value: number | string): string {
  if (typeof value === 'string') return value;
  return new Date(value).toISOString();
}

/**
 * Runs `fn`, renaming the fields of its ValidationError from the events package's names
 * (`event_type[1]`, a builder's `queryText`) to this tool's (`event_types`, `query_text`).
 */
async function renamed<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const field = snakeCase(error.field.replace(/\[\d+\]$/, ''));
    const message = error.message.slice(error.field.length + 2);
    throw new ValidationError(FIELD_NAMES[field] ?? field, message);
  }
}

/** The events package's parameters under this tool's argument names. */
const FIELD_NAMES: Record<string, string> = {
  event_type: 'event_types',
  actor: 'actors',
  outcome: 'outcomes',
  emitting_service: 'services',
  correlation_id: 'correlation_ids',
};
