// How a page of `GET /v1/events` is read: leniently, as the platform's documents allow. The spec
// marks nothing of the answer as required, so a missing `events` is an empty page and an absent or
// empty `cursor` is the last page. A cursor is passed on as it came: the runtime's paginator must
// see a cursor it already sent as a loop (PagingLoopError), so none is mended here.
import { cursorPaging, type PagingStyle } from '@x/runtime/internal';
import type { EventsResponse, PlatformEvent } from './event.js';

/** Cursor paging over the events envelope (`{ message, body: { events, cursor } }`). */
export const eventsPaging: PagingStyle<EventsResponse, PlatformEvent> = cursorPaging<
  EventsResponse,
  PlatformEvent
>(eventsOf, cursorOf);

/**
 * The events of a page. Any object is taken as an event as it came: an unknown `event_type`,
 * `type_name` or value is never a reason to drop or refuse one. Entries that are not objects
 * (nothing an app could read) are left out.
 */
function eventsOf(raw: unknown): PlatformEvent[] {
  const events = fieldOf(fieldOf(raw, 'body'), 'events');
  return Array.isArray(events) ? events.filter(isEvent) : [];
}

function cursorOf(raw: unknown): string | undefined {
  const cursor = fieldOf(fieldOf(raw, 'body'), 'cursor');
  return typeof cursor === 'string' ? cursor : undefined;
}

function fieldOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The lenient boundary: an object from the server is an event, whatever its kind. */
function isEvent(value: unknown): value is PlatformEvent {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
