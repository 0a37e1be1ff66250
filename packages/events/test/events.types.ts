// Type-level tests, run by `pnpm --filter @x/events typecheck` (CI's `typecheck` task): it fails
// if any line marked `@ts-expect-error` compiles. Not a vitest file: the functions are never called,
// so there is nothing to run.
import {
  type ApplicationArchitecture,
  createEventsClient,
  type EventDataOf,
  type EventListParams,
  type EventsResponse,
  type EventUser,
  type EventUserStatus,
  type ExportOptions,
  type FollowOptions,
  isKnownEventData,
  type PlatformEvent,
  type PlatformEventData,
  type UnknownEventData,
  type UserChangeAction,
  type UserChangeData,
} from '@x/events';
import type { Page, Paginator } from '@x/runtime';
import { expectTypeOf } from 'vitest';

const events = createEventsClient({ baseUrl: 'https://e.example' });

/** A known `type_name` narrows to exactly its payload, with the spec's required fields. */
export function knownPayloadsNarrow(data: PlatformEventData) {
  if (data.type_name === 'UserChange') {
    expectTypeOf(data).toEqualTypeOf<UserChangeData>();
    expectTypeOf(data.user).toEqualTypeOf<EventUser>();
    const action: UserChangeAction = data.action; // required: no `undefined`
    const recordType: string = data.user.type_name;
    const status: EventUserStatus | undefined = data.user.status;
    void [action, recordType, status];
  }
  switch (data.type_name) {
    case 'GroupMembershipChange':
      expectTypeOf(data.group.id).toEqualTypeOf<string>();
      expectTypeOf(data.user.email).toEqualTypeOf<string | undefined>();
      break;
    case 'AuthenticatorInvocationAttempt':
      expectTypeOf(data).toEqualTypeOf<EventDataOf<'AuthenticatorInvocationAttempt'>>();
      break;
    default:
      // Every other kind, including those this version does not know.
      expectTypeOf<UnknownEventData>().toExtend<typeof data>();
  }
  if (!isKnownEventData(data)) {
    expectTypeOf(data).toEqualTypeOf<UnknownEventData>();
    const extra: unknown = data.anything;
    void extra;
  }
  // @ts-expect-error: a type_name this version does not know is compared through typeNameOf
  void (data.type_name === 'SomethingNew');
  // @ts-expect-error: a known payload has no field the spec does not give
  void (data.type_name === 'UserChange' && data.qubits);
}

/** Open enums: the known values autocomplete, and any other string is accepted. */
export function openEnums(action: UserChangeAction, architecture: ApplicationArchitecture) {
  const known: UserChangeAction = 'CREATE';
  const later: UserChangeAction = 'MERGE'; // a value the platform may add
  const arch: ApplicationArchitecture = '128_BITS';
  expectTypeOf<'CREATE'>().toExtend<UserChangeAction>();
  expectTypeOf<string>().toExtend<UserChangeAction>();
  expectTypeOf<string>().toExtend<PlatformEvent['event_type']>();
  // A switch over the known values keeps a default for the others.
  const label = (() => {
    switch (action) {
      case 'CREATE':
        return 'created';
      case 'DELETE':
        return 'deleted';
      default:
        return action;
    }
  })();
  expectTypeOf(label).toExtend<string>();
  void [known, later, arch, architecture];
}

/** What the platform always sends is required: no `!` in app code. */
export function requiredFields(event: PlatformEvent) {
  expectTypeOf(event.id).toEqualTypeOf<string>();
  expectTypeOf(event.correlation_id).toEqualTypeOf<string>();
  expectTypeOf(event.event_occurred_millis).toEqualTypeOf<number>();
  expectTypeOf(event.event_recorded_millis).toEqualTypeOf<number | undefined>();
  // @ts-expect-error: a UserChange payload without its required user does not type-check
  const incomplete: UserChangeData = { type_name: 'UserChange', action: 'CREATE' };
  void incomplete;
}

/** One list contract: camelCase parameters; await gives the first page, iteration the events. */
export async function listContract() {
  const list = events.list({ start_time: '2026-11-01', page_size: 100, event_type: 'USER_CHANGE' });
  expectTypeOf(list).toEqualTypeOf<Paginator<PlatformEvent, EventsResponse>>();
  const page = await list;
  expectTypeOf(page).toEqualTypeOf<Page<PlatformEvent, EventsResponse>>();
  for await (const event of events.list({}, { maxPages: 2, limit: 50 }))
    expectTypeOf(event).toEqualTypeOf<PlatformEvent>();
  // exactOptionalPropertyTypes: an optional parameter may be given as undefined.
  const params: EventListParams = { page_size: undefined, cursor: undefined };
  void events.list(params);
  // 0.2's names are deprecated aliases, still typed.
  void events.list({ pageSize: 10, eventType: 'USER_CHANGE' });
  // @ts-expect-error: an unknown parameter
  void events.list({ page: 10 });
  // @ts-expect-error: ordering is asc or desc
  void events.list({ ordering: 'up' });
  // @ts-expect-error: page() is gone: `await list()` is the first page
  void events.page();
}

/** follow and export take the list's parameters, by wire name, in their options. */
export function followAndExport(signal: AbortSignal) {
  const follow: FollowOptions = {
    event_type: ['USER_CHANGE'],
    outcome: 'SUCCESS',
    page_size: 200,
    start_time: '2026-11-01',
    limit: 10,
    signal,
  };
  void events.follow(follow);
  const exported: ExportOptions = { to: 'out.ndjson', start_time: new Date(), query_text: 'ada' };
  void events.export(exported);
  // 0.2's names still type (deprecated aliases).
  void events.follow({ pageSize: 10, eventType: 'USER_CHANGE', startTime: 0 });
  void events.export({ to: 'out.ndjson', endTime: 0, pageSize: 10 });
  // @ts-expect-error: the page size is a number
  void events.follow({ page_size: '10' });
  // @ts-expect-error: `filters` is the 0.1 shape
  void events.follow({ filters: { outcome: 'SUCCESS' } });
  // @ts-expect-error: an export runs oldest first
  void events.export({ to: 'out.ndjson', ordering: 'desc' });
}
