// `POST /_emulator/events` and `emulator.recordEvent`: a test records an event, optionally
// back-dated, and the events API lists it in its recorded place from then on.
import { startEmulator } from '@x/emulator';
import { describe, expect, it } from 'vitest';

const START = Date.parse('2026-03-01T00:00:00Z');

async function setup() {
  const em = await startEmulator({ clock: { start: START, frozen: true } });
  const list = async () => {
    const res = await em.fetch(`${em.urls.events}/v1/events?ordering=asc`, {
      headers: { authorization: `Bearer ${em.credentials.events.apiKey}` },
    });
    const body = (await res.json()) as {
      body: { events: { id: string; event_recorded_millis: number }[] };
    };
    return body.body.events.map((e) => [e.id, e.event_recorded_millis - START] as const);
  };
  const control = (body: unknown) =>
    em.fetch(`${em.urls.control}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { em, list, control };
}

describe('recording events through the control surface', () => {
  it('a back-dated event is listed in its recorded place', async () => {
    const { em, list, control } = await setup();
    const a = em.recordEvent({ eventType: 'USER_CHANGE' });
    em.advanceClock(10_000);
    const b = em.recordEvent({ eventType: 'USER_CHANGE' });
    const res = await control({
      eventType: 'GROUP_CHANGE',
      service: 'scim',
      recordedMillis: START + 4000,
    });
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as { event: Record<string, unknown> };
    expect(event).toMatchObject({
      event_type: 'GROUP_CHANGE',
      service: 'scim',
      event_recorded_millis: START + 4000,
      event_occurred_millis: START + 4000,
    });
    expect(await list()).toEqual([
      [a.id, 0],
      [event.id, 4000],
      [b.id, 10_000],
    ]);
  });

  it('refuses a missing type, a time ahead of the clock, and a body that is not an object', async () => {
    const { list, control } = await setup();
    for (const [body, message] of [
      [{}, /eventType is required/],
      [{ eventType: 'USER_CHANGE', recordedMillis: START + 1 }, /after the emulator clock/],
      [{ eventType: 'USER_CHANGE', recordedMillis: -1 }, /recordedMillis/],
      [[1], /JSON object/],
    ] as const) {
      const res = await control(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect(await list()).toEqual([]);
  });
});
