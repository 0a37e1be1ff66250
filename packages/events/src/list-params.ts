// The parameters of a listing, checked and turned into the spec's query. `list` takes them by
// their wire names (`page_size`, `event_type`; 0.2's camelCase names are deprecated aliases), and
// so do `follow` and `export` among their own options (whose SDK-only knobs, `checkpoint`,
// `pollIntervalMs`, …, keep their names: they are no spec parameter). Each refusal is a
// ValidationError naming the parameter (`page_size`, `actor[1]`), thrown before anything is sent.
import { ValidationError } from '@x/runtime';
import { paramTable } from '@x/runtime/internal';
import { pageSizeOf } from './checks.js';
import type { EventType } from './event.js';
import { listEventsQuery } from './generated/queries.js';
import type { operations } from './generated/schema.js';
import { QueryText } from './query-text.js';
import { type TimeInput, toMillis } from './time-input.js';

/** Sort order by recorded time: `asc` oldest first, `desc` newest first. */
export type Ordering = 'asc' | 'desc';

/** One value or several; several are sent as repeated parameters (`a=1&a=2`). */
export type OneOrMany<T> = T | readonly T[];

/**
 * The filters of a listing, by wire name; `list`, `follow` and `export` take the same ones. 0.2's
 * camelCase names are deprecated aliases, reported once per client.
 */
export interface EventFilters {
  /** Only these event types (matched case-insensitively by the server). */
  event_type?: OneOrMany<EventType> | undefined;
  /** Only events whose actor has one of these human full names. */
  actor?: OneOrMany<string> | undefined;
  /** Only events with one of these outcomes, for example `SUCCESS`. */
  outcome?: OneOrMany<string> | undefined;
  /** Only events emitted by one of these services (the event's `service`). */
  emitting_service?: OneOrMany<string> | undefined;
  /** Only events with one of these correlation ids (one authentication flow shares one). */
  correlation_id?: OneOrMany<string> | undefined;
  /** Free-form text query: build it safely with `queryText` (every term quoted). */
  query_text?: string | QueryText | undefined;
  /** Include events whose `attested` is false (their data may hold raw user input). */
  include_not_attested?: boolean | undefined;
  /** @deprecated 0.2's name of `event_type`; removed in the next minor. */
  eventType?: OneOrMany<EventType> | undefined;
  /** @deprecated 0.2's name of `emitting_service`; removed in the next minor. */
  emittingService?: OneOrMany<string> | undefined;
  /** @deprecated 0.2's name of `correlation_id`; removed in the next minor. */
  correlationId?: OneOrMany<string> | undefined;
  /** @deprecated 0.2's name of `query_text`; removed in the next minor. */
  queryText?: string | QueryText | undefined;
  /** @deprecated 0.2's name of `include_not_attested`; removed in the next minor. */
  includeNotAttested?: boolean | undefined;
}

/**
 * The window, order, page size and start of a listing, with its filters, by wire name: what
 * `list` takes, and `follow` and `export` among their options.
 */
export interface EventWindowOptions extends EventFilters {
  /** Lower bound of the recorded time (inclusive on the platform). Default 0. */
  start_time?: TimeInput | undefined;
  /** Upper bound of the recorded time. Default: none. */
  end_time?: TimeInput | undefined;
  /** Order by recorded time. Default `desc` (newest first). */
  ordering?: Ordering | undefined;
  /** Events per page, 1 to 1000. Server default 100. */
  page_size?: number | undefined;
  /**
   * Where the list starts: a page's `next`, or the `paging.resumeFrom` of a list's error. Omit it
   * (or pass `''`) for the first page.
   */
  cursor?: string | undefined;
  /** @deprecated 0.2's name of `start_time`; removed in the next minor. */
  startTime?: TimeInput | undefined;
  /** @deprecated 0.2's name of `end_time`; removed in the next minor. */
  endTime?: TimeInput | undefined;
  /** @deprecated 0.2's name of `page_size`; removed in the next minor. */
  pageSize?: number | undefined;
}

/** What `list` takes, by wire name: the window, order, page size, where to start, and the filters. */
export interface EventListParams extends EventWindowOptions {}

/**
 * Moves the deprecated camelCase names of a listing's parameters in `follow`'s and `export`'s
 * options to their wire names, reporting each once per client (the client's `wireParams` over
 * `LIST_PARAMS`); the SDK's own options pass through as given.
 */
export type WireNames = <O extends object>(options: O) => O;

/** The query of `GET /v1/events` as the spec declares it. */
export type WireQuery = operations['listEvents']['parameters']['query'];

/** Every parameter a listing takes, by wire name (the spec's order). */
export const LIST_PARAMS = /* @__PURE__ */ paramTable(listEventsQuery);

const LIST_FILTERS = [
  'event_type',
  'actor',
  'outcome',
  'emitting_service',
  'correlation_id',
] as const satisfies (keyof WireQuery)[];

/**
 * Checks a listing's parameters (by wire name) and returns the spec's query. An unknown key is
 * refused too: in untyped code a misspelt name would otherwise be dropped without a word.
 * @throws ValidationError naming the parameter; nothing is sent.
 */
export function listQuery(
  params: EventListParams | undefined,
  defaultOrdering: Ordering,
): WireQuery {
  if (
    params !== undefined &&
    (params === null || typeof params !== 'object' || Array.isArray(params))
  )
    throw new ValidationError('params', 'must be an object');
  const p = params ?? {};
  const known = new Set(LIST_PARAMS.names);
  for (const key of Object.keys(p)) if (!known.has(key)) throw unknownParam(key);
  const ordering = p.ordering ?? defaultOrdering;
  if (ordering !== 'asc' && ordering !== 'desc')
    throw new ValidationError('ordering', 'must be "asc" or "desc"');
  const query: WireQuery = { ordering };
  const start = p.start_time === undefined ? undefined : toMillis(p.start_time, 'start_time');
  const end = p.end_time === undefined ? undefined : toMillis(p.end_time, 'end_time');
  if (start !== undefined && end !== undefined && start > end)
    throw new ValidationError('start_time', 'must not be after end_time');
  if (start !== undefined) query.start_time = start;
  if (end !== undefined) query.end_time = end;
  if (p.page_size !== undefined) query.page_size = pageSizeOf(p.page_size, 'page_size');
  const cursor = checkCursor(p.cursor);
  if (cursor !== undefined) query.cursor = cursor;
  for (const name of LIST_FILTERS) {
    const values = stringList(p[name], name);
    if (values.length > 0) query[name] = values;
  }
  if (p.query_text !== undefined) {
    const text = p.query_text instanceof QueryText ? p.query_text.toString() : p.query_text;
    if (typeof text !== 'string')
      throw new ValidationError('query_text', 'must be a string or a queryText builder');
    if (text !== '') query.query_text = text;
  }
  if (p.include_not_attested !== undefined) {
    if (typeof p.include_not_attested !== 'boolean')
      throw new ValidationError('include_not_attested', 'must be true or false');
    query.include_not_attested = p.include_not_attested;
  }
  return query;
}

const FILTER_KEYS = [
  ...LIST_FILTERS,
  'query_text',
  'include_not_attested',
] as const satisfies readonly (keyof EventFilters)[];

/**
 * Splits options that hold the filters of a listing (`follow`'s, `export`'s), already under their
 * wire names, into the filters and the rest.
 */
export function splitFilters<T extends EventFilters>(
  options: T,
): { filters: EventFilters; rest: Omit<T, keyof EventFilters> } {
  const filters: EventFilters = {};
  const rest: Record<string, unknown> = { ...(options as object) };
  for (const key of FILTER_KEYS) {
    if (options[key] !== undefined) Object.assign(filters, { [key]: options[key] });
    delete rest[key];
  }
  return { filters, rest: rest as Omit<T, keyof EventFilters> };
}

function unknownParam(key: string): ValidationError {
  return new ValidationError(
    key,
    `is not a parameter of the events list (${LIST_PARAMS.names.join(', ')})`,
  );
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [nonEmpty(value, field)];
  if (!Array.isArray(value))
    throw new ValidationError(field, 'must be a string or an array of strings');
  return value.map((item: unknown, i) => nonEmpty(item, `${field}[${i}]`));
}

function nonEmpty(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  return value;
}

/**
 * Checks a cursor given by the caller: a string, where the empty string (what a last page's absent
 * cursor may have been stored as) and null mean the first page, as no cursor does.
 * @throws ValidationError when it is neither undefined, null nor a string.
 */
function checkCursor(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError('cursor', 'must be a string');
  return value === '' ? undefined : value;
}
