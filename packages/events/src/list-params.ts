// The parameters of a listing as app code writes them (camelCase), checked and turned into the
// spec's query (wire names). Each refusal is a ValidationError naming the parameter as it is
// written here (`pageSize`, `actor[1]`), thrown before anything is sent.
import { ValidationError } from '@x/runtime';
import { pageSizeOf } from './checks.js';
import type { EventType } from './event.js';
import type { operations } from './generated/schema.js';
import { QueryText } from './query-text.js';
import { type TimeInput, toMillis } from './time-input.js';

/** Sort order by recorded time: `asc` oldest first, `desc` newest first. */
export type Ordering = 'asc' | 'desc';

/** One value or several; several are sent as repeated parameters (`a=1&a=2`). */
export type OneOrMany<T> = T | readonly T[];

/** The filters of a listing; `list`, `follow` and `export` take the same ones. */
export interface EventFilters {
  /** Only these event types (matched case-insensitively by the server). */
  eventType?: OneOrMany<EventType> | undefined;
  /** Only events whose actor has one of these human full names. */
  actor?: OneOrMany<string> | undefined;
  /** Only events with one of these outcomes, for example `SUCCESS`. */
  outcome?: OneOrMany<string> | undefined;
  /** Only events emitted by one of these services (the event's `service`). */
  emittingService?: OneOrMany<string> | undefined;
  /** Only events with one of these correlation ids (one authentication flow shares one). */
  correlationId?: OneOrMany<string> | undefined;
  /** Free-form text query: build it safely with `queryText` (every term quoted). */
  queryText?: string | QueryText | undefined;
  /** Include events whose `attested` is false (their data may hold raw user input). */
  includeNotAttested?: boolean | undefined;
}

/** What `list` takes: the window, order, page size, where to start, and the filters. */
export interface EventListParams extends EventFilters {
  /** Lower bound of the recorded time (inclusive on the platform). Default 0. */
  startTime?: TimeInput | undefined;
  /** Upper bound of the recorded time. Default: none. */
  endTime?: TimeInput | undefined;
  /** Order by recorded time. Default `desc` (newest first). */
  ordering?: Ordering | undefined;
  /** Events per page, 1 to 1000. Server default 100. */
  pageSize?: number | undefined;
  /**
   * Where the list starts: a page's `next`, or the `paging.resumeFrom` of a list's error. Omit it
   * (or pass `''`) for the first page.
   */
  cursor?: string | undefined;
}

/** The query of `GET /v1/events` as the spec declares it. */
export type WireQuery = operations['listEvents']['parameters']['query'];

/**
 * Every parameter a listing takes, with its wire name (the name 0.1 used for it, which points
 * migrating code at the new one).
 */
export const PARAMS = {
  startTime: 'start_time',
  endTime: 'end_time',
  ordering: 'ordering',
  pageSize: 'page_size',
  cursor: 'cursor',
  eventType: 'event_type',
  actor: 'actor',
  outcome: 'outcome',
  emittingService: 'emitting_service',
  correlationId: 'correlation_id',
  queryText: 'query_text',
  includeNotAttested: 'include_not_attested',
} as const satisfies Record<keyof EventListParams, keyof WireQuery>;

const LIST_FILTERS = ['eventType', 'actor', 'outcome', 'emittingService', 'correlationId'] as const;

/**
 * Checks a listing's parameters and returns the spec's query. An unknown key is refused too: in
 * untyped code a 0.1 name (`page_size`) would otherwise be dropped without a word.
 * @throws ValidationError naming the parameter; nothing is sent.
 */
export function eventsQuery(
  params: EventListParams | undefined,
  defaultOrdering: Ordering,
): WireQuery {
  if (
    params !== undefined &&
    (params === null || typeof params !== 'object' || Array.isArray(params))
  )
    throw new ValidationError('params', 'must be an object');
  const p = params ?? {};
  for (const key of Object.keys(p)) if (!(key in PARAMS)) throw unknownParam(key);
  const ordering = p.ordering ?? defaultOrdering;
  if (ordering !== 'asc' && ordering !== 'desc')
    throw new ValidationError('ordering', 'must be "asc" or "desc"');
  const query: WireQuery = { ordering };
  const start = p.startTime === undefined ? undefined : toMillis(p.startTime, 'startTime');
  const end = p.endTime === undefined ? undefined : toMillis(p.endTime, 'endTime');
  if (start !== undefined && end !== undefined && start > end)
    throw new ValidationError('startTime', 'must not be after endTime');
  if (start !== undefined) query.start_time = start;
  if (end !== undefined) query.end_time = end;
  if (p.pageSize !== undefined) query.page_size = pageSizeOf(p.pageSize, 'pageSize');
  const cursor = checkCursor(p.cursor);
  if (cursor !== undefined) query.cursor = cursor;
  for (const name of LIST_FILTERS) {
    const values = stringList(p[name], name);
    if (values.length > 0) query[PARAMS[name]] = values;
  }
  if (p.queryText !== undefined) {
    const text = p.queryText instanceof QueryText ? p.queryText.toString() : p.queryText;
    if (typeof text !== 'string')
      throw new ValidationError('queryText', 'must be a string or a queryText builder');
    if (text !== '') query.query_text = text;
  }
  if (p.includeNotAttested !== undefined) {
    if (typeof p.includeNotAttested !== 'boolean')
      throw new ValidationError('includeNotAttested', 'must be true or false');
    query.include_not_attested = p.includeNotAttested;
  }
  return query;
}

const FILTER_KEYS = [
  ...LIST_FILTERS,
  'queryText',
  'includeNotAttested',
] as const satisfies readonly (keyof EventFilters)[];

/**
 * Splits options that hold the filters of a listing (`follow`'s, `export`'s) into the filters and
 * the rest.
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
  const renamed = Object.entries(PARAMS).find(([name, wire]) => wire === key && name !== key);
  return new ValidationError(
    key,
    renamed
      ? `is the 0.1 name of this parameter: use ${renamed[0]}`
      : `is not a parameter of the events list (${Object.keys(PARAMS).join(', ')})`,
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
