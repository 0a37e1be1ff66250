// Type-level tests: checked by `tsc` (the package typecheck includes test/) and run by vitest.
import {
  type EventDataOf,
  type EventUser,
  isEventData,
  isKnownEventData,
  isKnownEventType,
  KNOWN_EVENT_TYPES,
  KNOWN_TYPE_NAMES,
  type PlatformEvent,
  type PlatformEventData,
  type PolicyRecord,
  typeNameOf,
  type UnknownEventData,
  type UserChangeAction,
} from '@x/events';
import { describe, expect, expectTypeOf, it } from 'vitest';

const userChange = {
  id: 'e1',
  correlation_id: 'c1',
  service: 'directory',
  event_occurred_millis: 1,
  event_type: 'USER_CHANGE',
  data: {
    type_name: 'UserChange',
    user: { type_name: 'User', user_name: 'ada' },
    action: 'CREATE',
  },
} satisfies PlatformEvent;

describe('PlatformEvent types', () => {
  it('narrowing on a known type_name gives exactly the typed payload', () => {
    const event: PlatformEvent = userChange;
    if (event.data?.type_name === 'UserChange') {
      expectTypeOf(event.data).toEqualTypeOf<EventDataOf<'UserChange'>>();
      expectTypeOf(event.data.user).toEqualTypeOf<EventUser>();
      const user: EventUser = event.data.user;
      const action: UserChangeAction = event.data.action;
      expect(user.user_name).toBe('ada');
      expect(action).toBe('CREATE');
    } else {
      throw new Error('not narrowed');
    }
  });

  it('a switch reaches the generic payload in default', () => {
    const describeData = (data: PlatformEventData): string => {
      switch (data.type_name) {
        case 'UserAuthentication':
          expectTypeOf(data.certificate).toEqualTypeOf<
            EventDataOf<'UserAuthentication'>['certificate']
          >();
          return 'auth';
        case 'PolicyChange':
          expectTypeOf(data.new_policy).toEqualTypeOf<PolicyRecord>();
          return 'policy';
        default:
          return typeNameOf(data) ?? '';
      }
    };
    const future = { type_name: 'QuantumLogin', qubits: 7 } as unknown as PlatformEventData;
    expect(describeData(future)).toBe('QuantumLogin');
    expect(isKnownEventData(future)).toBe(false);
  });

  it('unknown payloads and event types are assignable and readable', () => {
    const raw: unknown = JSON.parse(
      '{"id":"x","correlation_id":"c","service":"s","event_occurred_millis":1,"event_type":"BRAND_NEW","data":{"type_name":"BrandNew","extra":[1]}}',
    );
    const event = raw as PlatformEvent;
    expectTypeOf<string>().toExtend<PlatformEvent['event_type']>();
    expectTypeOf<UnknownEventData>().toExtend<PlatformEventData>();
    const eventType: string = event.event_type;
    expect(eventType).toBe('BRAND_NEW');
    expect(isKnownEventType(eventType)).toBe(false);
    const data = event.data;
    expect(!isKnownEventData(data) && data?.extra).toEqual([1]);
    // @ts-expect-error: a type_name this SDK does not know is compared through typeNameOf
    expect(event.data?.type_name === 'BrandNew').toBe(true);
    expect(typeNameOf(event.data)).toBe('BrandNew');
  });

  it('isEventData narrows in generic code', () => {
    const data: PlatformEventData | undefined = userChange.data;
    if (isEventData(data, 'UserChange'))
      expectTypeOf(data).toEqualTypeOf<EventDataOf<'UserChange'>>();
    expect(isEventData(data, 'UserChange')).toBe(true);
    expect(isEventData(data, 'GroupChange')).toBe(false);
  });

  it('the known-name lists match the spec unions', () => {
    expect(KNOWN_TYPE_NAMES).toHaveLength(32);
    expect(KNOWN_EVENT_TYPES).toHaveLength(41);
    expect(isKnownEventType('USER_CHANGE')).toBe(true);
  });
});
