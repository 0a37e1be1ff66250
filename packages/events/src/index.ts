export {
  CheckpointTracker,
  checkpointAt,
  type EventsCheckpoint,
  parseCheckpoint,
  positionOf,
} from './checkpoint.js';
export { createEventsClient, type EventsClient, type EventsClientOptions } from './client.js';
export {
  type EventActor,
  type EventDataOf,
  type EventType,
  isEventData,
  isKnownEventData,
  isKnownEventType,
  KNOWN_EVENT_TYPES,
  KNOWN_TYPE_NAMES,
  type KnownEventData,
  type KnownEventType,
  type KnownTypeName,
  type PlatformEvent,
  type PlatformEventData,
  typeNameOf,
  type UnknownEventData,
  type UnknownTypeName,
} from './event-types.js';
export { DEFAULT_ORDERING, Events, type EventsPage, type ListOptions } from './events.js';
export { ExportError, type ExportOptions, type ExportProgress } from './export.js';
export { type FollowErrorInfo, type FollowOptions, isTransient } from './follow.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type EventFilters,
  type EventsPageQuery,
  type EventsQuery,
  type OneOrMany,
  type Ordering,
  type TimeInput,
  toMillis,
} from './query.js';
export { QueryText, queryText, quoteTerm } from './query-text.js';
export type { ExportTarget, NodeWritableLike } from './sink.js';
