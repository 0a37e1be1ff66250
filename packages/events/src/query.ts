// The caller's query, checked and turned into the spec's query parameters.
import { ValidationError } from '@x/runtime';
import type { EventType } from './event-types.js';
import type { operations } from './generated/schema.js';
import { QueryText } from './query-text.js';

/** A point in time: Unix epoch milliseconds or a `Date`. */
export type TimeInput = number | Date;

/** Sort order by recorded time: `asc` oldest first, `desc` newest first. */
export type Ordering = 'asc' | 'desc';

/** One value or several; several are sent as repeated parameters (`a=1&a=2`). */
export type OneOrMany<T> = T | readonly T[];

/** Filters of `GET /v1/events`. Field names are the spec's. */
export interface EventFilters {
  /** Only these event types (case-insensitive on the server). */
  event_type?: OneOrMany<EventType>;
  /** Only events whose actor has one of these human full names. */
  actor?: OneOrMany<string>;
  /** Only events with one of these outcomes, for example `SUCCESS`. */
  outcome?: OneOrMany<string>;
  /** Only events emitted by one of these services. */
  emitting_service?: OneOrMany<string>;
  /** Only events with one of these correlation ids. */
  correlation_id?: OneOrMany<string>;
  /** Free-form text query: build it safely with `queryText`. */
  query_text?: string | QueryText;
  /** Include events whose `attested` is false. */
  include_not_attested?: boolean;
}

/** The window, order and page size of a listing, plus filters. */
export interface EventsQuery extends EventFilters {
  /** Lower bound of the recorded time (inclusive). Default 0. */
  start_time?: TimeInput;
  /** Upper bound of the recorded time. */
  end_time?: TimeInput;
  /** Events per page, 1 to 1000. Server default 100. */
  page_size?: number;
  /** Order by recorded time. Default `desc` for `list`/`page` (newest first). */
  ordering?: Ordering;
}

/** A query for one page: an `EventsQuery` and the cursor of the previous page. */
export interface EventsPageQuery extends EventsQuery {
  /** The `cursor` of the previous page; omit it for the first page. */
  cursor?: string;
}

/** The query parameters as the spec declares them. */
export type WireQuery = operations['listEvents']['parameters']['query'];

const LIST_FILTERS = [
  'event_type',
  'actor',
  'outcome',
  'emitting_service',
  'correlation_id',
] as const;

/** Checks a query and converts it to the spec's parameters. Throws ValidationError, sends nothing. */
export function toWireQuery(
  query: EventsPageQuery | undefined,
  defaultOrdering: Ordering,
): WireQuery {
  if (query !== undefined && (query === null || typeof query !== 'object'))
    throw new ValidationError('query', 'must be an object');
  const q = query ?? {};
  const ordering = q.ordering ?? defaultOrdering;
  if (ordering !== 'asc' && ordering !== 'desc')
    throw new ValidationError('ordering', 'must be "asc" or "desc"');
  const wire: WireQuery = { ordering };
  const start = q.start_time === undefined ? undefined : toMillis(q.start_time, 'start_time');
  const end = q.end_time === undefined ? undefined : toMillis(q.end_time, 'end_time');
  if (start !== undefined && end !== undefined && start > end)
    throw new ValidationError('start_time', 'must not be after end_time');
  if (start !== undefined) wire.start_time = start;
  if (end !== undefined) wire.end_time = end;
  if (q.page_size !== undefined) {
    if (!Number.isInteger(q.page_size) || q.page_size < 1 || q.page_size > 1000)
      throw new ValidationError('page_size', 'must be an integer from 1 to 1000');
    wire.page_size = q.page_size;
  }
  const cursor = checkCursor(q.cursor);
  if (cursor !== undefined) wire.cursor = cursor;
  for (const name of LIST_FILTERS) {
    const values = stringList(q[name], name);
    if (values.length > 0) wire[name] = values;
  }
  if (q.query_text !== undefined) {
    const text = q.query_text instanceof QueryText ? q.query_text.toString() : q.query_text;
    if (typeof text !== 'string') throw new ValidationError('query_text', 'must be a string');
    if (text !== '') wire.query_text = text;
  }
  if (q.include_not_attested !== undefined) {
    if (typeof q.include_not_attested !== 'boolean')
      throw new ValidationError('include_not_attested', 'must be a boolean');
    wire.include_not_attested = q.include_not_attested;
  }
  return wire;
}

/** Epoch milliseconds of a `TimeInput`. */
export function toMillis(value: TimeInput, field: string): number {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0)
    throw new ValidationError(
      field,
      'must be a valid Date or a non-negative integer of epoch milliseconds',
    );
  return ms;
}

function stringList(value: OneOrMany<string> | undefined, field: string): string[] {
  if (value === undefined) return [];
  const list: readonly unknown[] = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list))
    throw new ValidationError(field, 'must be a string or an array of strings');
  for (const item of list)
    if (typeof item !== 'string' || item === '')
      throw new ValidationError(field, 'values must be non-empty strings');
  return [...(list as string[])];
}

/**
 * Checks a cursor given by the caller: a string, where the empty string (what a last page's absent
 * cursor may have been stored as) means the first page, as no cursor does.
 * @throws ValidationError when it is neither undefined, null nor a string.
 */
export function checkCursor(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError('cursor', 'must be a string');
  return value === '' ? undefined : value;
}
