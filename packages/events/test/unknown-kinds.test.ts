// Events of kinds this SDK version does not know (a new `event_type`, a new payload `type_name`,
// a new value in an open enum, fields it never heard of) arrive as they came: never dropped,
// never a parse failure, never changed.
import { staticToken } from '@x/auth';
import {
  createEventsClient,
  isKnownEventData,
  isKnownEventType,
  KNOWN_TYPE_NAMES,
  type PlatformEvent,
  typeNameOf,
} from '@x/events';
import { startJsonFake } from '@x/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let answer: unknown[] = [];
let fake: Awaited<ReturnType<typeof startJsonFake>>;
beforeAll(async () => {
  fake = await startJsonFake(() => ({ body: { message: 'OK', body: { events: answer } } }));
});
afterAll(() => fake.close());

const client = () =>
  createEventsClient({ baseUrl: fake.url, auth: staticToken('fake-key'), retry: false });

const known = new Set<string>(KNOWN_TYPE_NAMES);
const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__');
const extraFields = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
/** A value of an open enum: sometimes a known one, mostly one the platform might add. */
const openValue = (...knownValues: string[]) =>
  fc.oneof(fc.constantFrom(...knownValues), fc.string({ maxLength: 20 }));

/** A payload of a kind this version does not know, with any fields. */
const unknownPayload = fc
  .tuple(
    fc.string({ maxLength: 30 }).filter((n) => !known.has(n)),
    extraFields,
  )
  .map(([typeName, fields]) => ({ ...fields, type_name: typeName }));

/** Payloads of known kinds whose open enums hold values this version may not know. */
const knownPayloadWithNewValues = fc.oneof(
  fc.record({
    type_name: fc.constant('UserChange'),
    user: fc.record({ type_name: fc.constant('User'), status: openValue('ACTIVE', 'SUSPENDED') }),
    action: openValue('CREATE', 'UPDATE', 'DELETE'),
  }),
  fc.record({
    type_name: fc.constant('AuthenticatorInvocationAttempt'),
    method: openValue('COPY', 'LOCALHOST'),
    state: openValue('SHOWN', 'CLICKED'),
  }),
  fc.record({
    type_name: fc.constant('ContinuousAuthentication'),
    loop_id: fc.uuid(),
    continuous_auth_result: fc.record({ status: openValue('ALLOW', 'POLICY_DENY') }),
  }),
  fc.record({
    type_name: fc.constant('UserAuthentication'),
    device_info: fc.record({
      type_name: fc.constant('DeviceInfo'),
      platform_device_info: fc.record({
        type_name: fc.string({ maxLength: 20 }),
        installed_applications: fc.array(
          fc.record({ architecture: openValue('32_BITS', '64_BITS', 'UNKNOWN') }),
          { maxLength: 3 },
        ),
      }),
    }),
  }),
);

const event = (data: fc.Arbitrary<object>) =>
  fc
    .tuple(
      fc.record({
        id: fc.uuid(),
        correlation_id: fc.string(),
        service: fc.string(),
        event_occurred_millis: fc.nat(),
        event_recorded_millis: fc.nat(),
        event_type: openValue('USER_CHANGE', 'USER_AUTHENTICATION'),
        data,
      }),
      extraFields,
    )
    .map(([fields, extra]) => ({ ...extra, ...fields }));

/** What the server sent, as a client reads it off the wire. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('events of kinds this version does not know', () => {
  it('an unknown type_name or event_type is delivered as it came, and reads as unknown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event(unknownPayload), { minLength: 1, maxLength: 5 }),
        async (events) => {
          answer = events;
          const got: PlatformEvent[] = (await client().list()).items.slice();
          expect(got).toEqual(asSent(events));
          for (const e of got) {
            expect(isKnownEventData(e.data)).toBe(false);
            expect(typeNameOf(e.data)).toBe((e.data as unknown as { type_name: string }).type_name);
            expect(isKnownEventType(e.event_type)).toBe(
              ['USER_CHANGE', 'USER_AUTHENTICATION'].includes(e.event_type),
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('unknown values in the open enums of a known payload are delivered as they came', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event(knownPayloadWithNewValues), { minLength: 1, maxLength: 5 }),
        async (events) => {
          answer = events;
          const got = await client().list().toArray();
          expect(got).toEqual(asSent(events));
          for (const e of got) expect(isKnownEventData(e.data)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('follow and export deliver them unchanged too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(event(fc.oneof(unknownPayload, knownPayloadWithNewValues)), {
          minLength: 1,
          maxLength: 5,
          selector: (e) => e.id,
        }),
        async (events) => {
          // Ascending recorded order, as the server sends to follow and export.
          const sorted = [...events].sort(
            (a, b) => a.event_recorded_millis - b.event_recorded_millis,
          );
          answer = sorted;
          const followed: PlatformEvent[] = [];
          for await (const e of client().follow({ settleMs: 0, maxPages: 1 })) followed.push(e);
          expect(followed).toEqual(asSent(sorted));
          const lines: string[] = [];
          const decoder = new TextDecoder();
          await client().export({
            to: new WritableStream<Uint8Array>({
              write: (chunk) => void lines.push(decoder.decode(chunk)),
            }),
          });
          const exported = lines
            .join('')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as unknown);
          expect(exported).toEqual(asSent(sorted));
        },
      ),
      { numRuns: 40 },
    );
  });
});
