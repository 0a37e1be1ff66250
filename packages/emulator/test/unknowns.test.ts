// Tolerance mode: with the switch on, open enums answer a value outside their list and every
// response object carries one unknown property; with it off, answers are what they were.
import { UNKNOWN_ENUM_VALUE, UNKNOWN_FIELD, UNKNOWN_FIELD_VALUE } from '@x/emulator';
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies read field by field
type Loose = Record<string, any>;

async function scene() {
  const h = await harness({ clock: { start: '2026-03-01T00:00:00Z', frozen: true } });
  const created = await h.workforce('POST', '/v2/users', {
    body: { user: { username: 'ada', email_address: 'ada@example.com' } },
  });
  const userId = created.body.id as string;
  const job = await h.workforce('POST', '/v2/binding-jobs', {
    body: {
      binding_job: { user_id: userId, issuer_user_id: userId, delivery_method: 'SHORT_CODE' },
    },
  });
  // Raw reads (no spec check: the unknown field is, by design, not in the closed schemas).
  const get = async (url: string, auth: string) => {
    const res = await h.em.fetch(url, { headers: { authorization: auth } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: (await res.json()) as Loose,
    };
  };
  const wf = `Bearer ${h.token}`;
  const reads = () =>
    Promise.all([
      get(`${h.em.urls.workforce}/v2/users/${userId}`, wf),
      get(`${h.em.urls.workforce}/v2/users?page_size=10`, wf),
      get(`${h.em.urls.workforce}/v2/binding-jobs/${job.body.id}`, wf),
      get(`${h.em.urls.workforce}/scim/v2/Users/${userId}`, wf),
      get(`${h.em.urls.events}/v1/events?ordering=asc`, `Bearer ${h.em.credentials.events.apiKey}`),
      get(`${h.em.urls.workforce}/v2/users/nobody`, wf),
    ]);
  return { h, reads, jobStatus: job.status };
}

const control = (h: Awaited<ReturnType<typeof harness>>, init?: RequestInit) =>
  h.em.fetch(`${h.em.urls.control}/unknowns`, {
    ...init,
    headers: { 'content-type': 'application/json' },
  });

describe('tolerance mode (unknowns)', () => {
  it('puts an unknown value into open enums and an unknown field into every object', async () => {
    const { h, reads, jobStatus } = await scene();
    expect(jobStatus).toBe(200);
    const put = await control(h, {
      method: 'PUT',
      body: JSON.stringify({ enums: true, fields: true }),
    });
    expect(await put.json()).toEqual({ enums: true, fields: true });
    const [user, list, job, scim, events, missing] = await reads();

    expect(user.status).toBe(200);
    expect(user.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(user.body.username).toBe('ada');
    // UserState is open (`x-extensible-enum`): it reads the unknown value too.
    expect(user.body.state).toBe(UNKNOWN_ENUM_VALUE);

    expect(list.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(list.body.users).toHaveLength(1);
    expect(list.body.users[0][UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);

    // BindingJobState and BindingJobDeliveryMethod are open (`x-extensible-enum`).
    expect(job.body.state).toBe(UNKNOWN_ENUM_VALUE);
    expect(job.body.delivery_method).toBe(UNKNOWN_ENUM_VALUE);
    expect(job.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(job.body.short_code_delivery_details[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);

    // SCIM: still its content type, `schemas` items are open, nested objects carry the field.
    expect(scim.type).toMatch(/^application\/(scim\+)?json/);
    expect(scim.body.schemas.length).toBeGreaterThan(0);
    expect(scim.body.schemas.every((s: string) => s === UNKNOWN_ENUM_VALUE)).toBe(true);
    expect(scim.body.userName).toBe('ada');
    expect(scim.body.meta[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(scim.body.emails[0][UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(scim.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);

    // Events: every enumeration is open there.
    expect(events.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(events.body.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    const [event] = events.body.body.events;
    expect(event.event_type).toBe(UNKNOWN_ENUM_VALUE);
    expect(event[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(event.data[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);

    // Declared error responses too.
    expect(missing.status).toBe(404);
    expect(missing.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);

    // The control surface itself is never rewritten.
    const info = (await (await h.em.fetch(`${h.em.urls.control}/info`)).json()) as Loose;
    expect(info).not.toHaveProperty(UNKNOWN_FIELD);
  });

  it('switches each part alone, reads the setting back, and off leaves answers unchanged', async () => {
    const { h, reads } = await scene();
    const before = await reads();
    expect(await (await control(h)).json()).toEqual({ enums: false, fields: false });

    h.em.setUnknowns({ enums: true });
    const [, , job, , ,] = await reads();
    expect(job.body.state).toBe(UNKNOWN_ENUM_VALUE);
    expect(job.body).not.toHaveProperty(UNKNOWN_FIELD);

    await control(h, { method: 'PUT', body: JSON.stringify({ fields: true }) });
    const [user, , job2] = await reads();
    expect(user.body[UNKNOWN_FIELD]).toBe(UNKNOWN_FIELD_VALUE);
    expect(job2.body.state).toBe(before[2].body.state);

    expect(await (await control(h, { method: 'DELETE' })).json()).toEqual({
      enums: false,
      fields: false,
    });
    expect(await reads()).toEqual(before);
    expect(JSON.stringify(before)).not.toContain(UNKNOWN_FIELD);
    expect(JSON.stringify(before)).not.toContain(UNKNOWN_ENUM_VALUE);
  });

  it('refuses a setting that is not {enums?, fields?} of booleans', async () => {
    const { h } = await scene();
    for (const body of ['{"enums":"yes"}', '{"extra":true}', '[]', 'not json']) {
      const res = await control(h, { method: 'PUT', body });
      expect(res.status, body).toBe(400);
    }
    expect(await (await control(h)).json()).toEqual({ enums: false, fields: false });
  });

  it('starts with the switch on when startEmulator is given `unknowns`', async () => {
    const h = await harness();
    h.em.setUnknowns(undefined);
    const { startEmulator } = await import('@x/emulator');
    const em = await startEmulator({ unknowns: { enums: true, fields: true } });
    const res = await em.fetch(`${em.urls.control}/unknowns`);
    expect(await res.json()).toEqual({ enums: true, fields: true });
  });
});
