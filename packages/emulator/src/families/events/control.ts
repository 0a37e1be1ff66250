// Family E's control route (`POST /_emulator/events`) and the `recordEvent` method behind it: a
// test records an event directly, optionally back-dated (recorded in the past, visible only now)
// to play an event that becomes visible late through replica or ingest lag.
import type { Hono } from 'hono';
import type { World } from '../types.js';

/** What a test records: the event's type and service, and optionally its tenant, data and times. */
export interface RecordEventInput {
  /** `event_type`, for example `USER_CHANGE`. */
  eventType: string;
  /** `service`, for example `native`. Default `native`. */
  service?: string | undefined;
  /** The tenant whose key lists it. Default: the first seeded workforce tenant (else access). */
  tenantId?: string | undefined;
  /** The payload (`data`), shaped to its `type_name`'s schema. Default `{}`. */
  data?: Record<string, unknown> | undefined;
  outcome?: string | undefined;
  attested?: boolean | undefined;
  /** The recorded time (epoch ms, not after the emulator's now). Default now. */
  recordedMillis?: number | undefined;
  /** The occurred time (epoch ms). Default the recorded time. */
  occurredMillis?: number | undefined;
}

/** A refused control input (answered 400). */
export class RecordEventError extends Error {}

const optionalString = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new RecordEventError(`${name} must be a non-empty string`);
  return value;
};

const optionalMillis = (value: unknown, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new RecordEventError(`${name} must be a non-negative integer (epoch ms)`);
  return value;
};

/**
 * Checks `input` and records the event; returns it as listed.
 * @throws RecordEventError when a field is missing or of the wrong kind, or the time is ahead.
 */
export function recordEvent(world: World, input: unknown): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new RecordEventError('the body must be a JSON object');
  const body = input as Record<string, unknown>;
  const eventType = optionalString(body.eventType, 'eventType');
  if (eventType === undefined) throw new RecordEventError('eventType is required');
  const state = world.state;
  const tenantId =
    optionalString(body.tenantId, 'tenantId') ??
    Object.keys(state.workforce.tenants)[0] ??
    Object.keys((state.access.tenants as Record<string, unknown> | undefined) ?? {})[0];
  if (tenantId === undefined) throw new RecordEventError('tenantId is required: no tenant seeded');
  const recordedMillis = optionalMillis(body.recordedMillis, 'recordedMillis');
  if (recordedMillis !== undefined && recordedMillis > world.clock.now())
    throw new RecordEventError('recordedMillis must not be after the emulator clock');
  const data = body.data ?? {};
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new RecordEventError('data must be an object');
  if (body.attested !== undefined && typeof body.attested !== 'boolean')
    throw new RecordEventError('attested must be a boolean');
  return world.record(
    {
      tenantId,
      eventType,
      service: optionalString(body.service, 'service') ?? 'native',
      data: data as Record<string, unknown>,
      ...(body.outcome !== undefined ? { outcome: optionalString(body.outcome, 'outcome')! } : {}),
      ...(body.attested !== undefined ? { attested: body.attested as boolean } : {}),
      ...(recordedMillis !== undefined ? { recordedMillis } : {}),
      ...(body.occurredMillis !== undefined
        ? { occurredMillis: optionalMillis(body.occurredMillis, 'occurredMillis')! }
        : {}),
    },
    `emulator-control-${world.state.seq}`,
  );
}

/** Adds `POST /_emulator/events`. */
export function eventsControl(app: Hono, world: World): void {
  app.post('/events', async (c) => {
    const body = await c.req.json().catch(() => undefined);
    try {
      return c.json({ event: recordEvent(world, body) }, 201);
    } catch (error) {
      if (error instanceof RecordEventError) return c.json({ error: error.message }, 400);
      throw error;
    }
  });
}
