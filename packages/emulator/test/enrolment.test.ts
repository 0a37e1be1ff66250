// Binding jobs and passkeys: the short code comes back once, the job expires on the emulator's
// clock, 412 for a user that is not active, claim and complete through the control surface
// create the passkey; tags are case-insensitive, unique per tenant and fully replaced; a
// retired tenant certificate is replaced when the next credential is issued.
import { describe, expect, it } from 'vitest';
import { type Harness, harness } from './support/harness.js';

async function control(h: Harness, path: string, body?: unknown) {
  const res = await h.em.fetch(`${h.em.urls.control}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function user(h: Harness, username: string) {
  return (
    await h.workforce('POST', '/v2/users', {
      body: {
        user: { username, display_name: username, email_address: `${username}@example.com` },
      },
    })
  ).body;
}

describe('binding jobs', () => {
  it('takes an expiry time already past: the job is made and its short code has expired', async () => {
    const h = await harness({ clock: { start: '2026-06-01T12:00:00Z', frozen: true } });
    const ada = await user(h, 'ada');
    const job = await h.workforce('POST', '/v2/binding-jobs', {
      body: {
        binding_job: {
          user_id: ada.id,
          delivery_method: 'SHORT_CODE',
          short_code_delivery_details: { expire_time: '2026-06-01T11:00:00Z' },
        },
      },
    });
    expect(job.status).toBe(200);
    expect(job.body.short_code_delivery_details.expire_time).toBe('2026-06-01T11:00:00.000Z');
    const claim = await control(h, `/workforce/binding-jobs/${job.body.id}/claim`, {
      short_code: job.body.short_code_delivery_details.short_code,
    });
    expect(claim.status).toBe(410);
  });

  it('returns the short code once, expires on the clock, and enrols a passkey', async () => {
    const h = await harness({ clock: { start: '2026-06-01T12:00:00Z', frozen: true } });
    const ada = await user(h, 'ada');
    const job = await h.workforce('POST', '/v2/binding-jobs', {
      body: {
        binding_job: { user_id: ada.id, issuer_user_id: ada.id, delivery_method: 'SHORT_CODE' },
        ttl_seconds: 300,
      },
    });
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({
      state: 'PENDING',
      user_id: ada.id,
      delivery_method: 'SHORT_CODE',
    });
    expect(job.body.short_code_delivery_details).toEqual({
      short_code: expect.stringMatching(/^\d{8}$/),
      expire_time: '2026-06-01T12:05:00.000Z',
    });
    const read = await h.workforce('GET', `/v2/binding-jobs/${job.body.id}`);
    expect(read.body.short_code_delivery_details).toEqual({
      expire_time: '2026-06-01T12:05:00.000Z',
    });

    expect(
      (await control(h, `/workforce/binding-jobs/${job.body.id}/claim`, { short_code: '0' }))
        .status,
    ).toBe(403);
    const claimed = await control(h, `/workforce/binding-jobs/${job.body.id}/claim`, {
      short_code: job.body.short_code_delivery_details.short_code,
    });
    expect(claimed.body.state).toBe('CLAIMED');
    expect((await h.workforce('GET', `/v2/binding-jobs/${job.body.id}`)).body.state).toBe(
      'CLAIMED',
    );
    const done = await control(h, `/workforce/binding-jobs/${job.body.id}/complete`, {
      platform: 'WINDOWS',
      hostname: 'ada-pc',
    });
    expect(done.body.state).toBe('SUCCESS');
    expect((await h.workforce('GET', `/v2/binding-jobs/${job.body.id}`)).body.state).toBe(
      'SUCCESS',
    );

    const passkeys = await h.workforce('GET', '/v2/passkeys?page_size=10');
    expect(passkeys.body.passkeys).toEqual([
      expect.objectContaining({
        id: done.body.passkey_id,
        user_id: ada.id,
        platform: 'WINDOWS',
        hostname: 'ada-pc',
        user_name: 'ada',
      }),
    ]);
    expect((await h.workforce('GET', `/v2/users/${ada.id}`)).body.has_active_passkey).toBe(true);
    const filtered = await h.workforce(
      'GET',
      `/v2/passkeys?page_size=10&filter=${encodeURIComponent('platform eq "windows" and user_name eq "ada"')}`,
    );
    expect(filtered.body.total_size).toBe(1);
    const events = await h.events('?ordering=asc&event_type=DEVICE_CREDENTIAL_CHANGE');
    expect(events.body.body.events).toHaveLength(1);
  });

  it('expires with ttl_seconds (default 60) on the emulator clock', async () => {
    const h = await harness();
    const ada = await user(h, 'ada');
    const job = await h.workforce('POST', '/v2/binding-jobs', {
      body: { binding_job: { user_id: ada.id } },
    });
    const expire = Date.parse(job.body.short_code_delivery_details.expire_time);
    const created = Date.parse(
      h.em.snapshot().state.workforce.bindingJobs[job.body.id]!.create_time,
    );
    expect(expire - created).toBeGreaterThanOrEqual(60_000);
    expect(expire - created).toBeLessThan(61_000);
    h.em.advanceClock(61_000);
    const late = await control(h, `/workforce/binding-jobs/${job.body.id}/claim`);
    expect(late.status).toBe(410);
    expect((await h.workforce('GET', `/v2/binding-jobs/${job.body.id}`)).body.state).toBe(
      'PENDING',
    );
  });

  it('answers 412 failed_precondition for a user that is not active, 404 and 400 otherwise', async () => {
    const h = await harness({
      seed: {
        workforce: {
          tenants: [
            {
              clientId: 'c',
              clientSecret: 's',
              users: [{ id: 'sleepy', username: 'sleepy', state: 'SUSPENDED' }],
            },
          ],
        },
      },
    });
    const res = await h.workforce('POST', '/v2/binding-jobs', {
      body: { binding_job: { user_id: 'sleepy' } },
    });
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({
      code: 'failed_precondition',
      details: [{ type: 'ResourceInfo', resource_type: 'user', id: 'sleepy' }],
    });
    expect(
      (
        await h.workforce('POST', '/v2/binding-jobs', {
          body: { binding_job: { user_id: 'nobody' } },
        })
      ).status,
    ).toBe(404);
    const method = await h.workforce('POST', '/v2/binding-jobs', {
      body: { binding_job: { user_id: 'sleepy', delivery_method: 'EMAIL' } },
    });
    expect(method.status).toBe(400);
    expect(
      (
        await h.workforce('POST', '/v2/binding-jobs', {
          body: { binding_job: { user_id: 'sleepy' }, ttl_seconds: 30 },
        })
      ).status,
    ).toBe(400);
    expect((await h.workforce('GET', '/v2/binding-jobs/none')).status).toBe(404);
  });
});

describe('passkeys and tags', () => {
  async function enrolled(h: Harness, username: string) {
    const u = await user(h, username);
    const job = await h.workforce('POST', '/v2/binding-jobs', {
      body: { binding_job: { user_id: u.id } },
    });
    return (await control(h, `/workforce/binding-jobs/${job.body.id}/complete`)).body
      .passkey_id as string;
  }

  it('sets tags by full replace, case-insensitively, unique per tenant', async () => {
    const h = await harness();
    const first = await enrolled(h, 'ada');
    const second = await enrolled(h, 'grace');
    const set = (id: string, names: string[]) =>
      h.workforce('PUT', `/v2/passkeys/${id}/tags`, {
        body: { tags: names.map((name) => ({ name })) },
      });
    const a = await set(first, ['Corporate', 'fleet', 'CORPORATE']);
    expect(a.body.tags.map((t: { name: string }) => t.name)).toEqual(['Corporate', 'fleet']);
    const b = await set(second, ['corporate']);
    expect(b.body.tags).toEqual([a.body.tags[0]]);
    const replaced = await set(first, ['FLEET']);
    expect(replaced.body.tags).toEqual([a.body.tags[1]]);
    expect((await h.workforce('GET', `/v2/passkeys/${first}/tags`)).body.tags).toEqual([
      { id: a.body.tags[1].id, name: 'fleet' },
    ]);
    expect((await h.workforce('GET', '/v2/passkeys/nope/tags')).status).toBe(404);
  });

  it('deletes a passkey', async () => {
    const h = await harness();
    const id = await enrolled(h, 'ada');
    expect((await h.workforce('DELETE', `/v2/passkeys/${id}`)).status).toBe(200);
    expect((await h.workforce('GET', '/v2/passkeys?page_size=10')).body.total_size).toBe(0);
    expect((await h.workforce('DELETE', `/v2/passkeys/${id}`)).status).toBe(404);
  });

  it('retires the tenant certificate: the next credential gets a new one', async () => {
    const h = await harness();
    await enrolled(h, 'ada');
    const tenant = () =>
      h.em.snapshot().state.workforce.tenants[h.em.credentials.workforce.tenantId]!;
    const before = tenant().issuer.id;
    const retired = await h.workforce('PATCH', '/v2/CertificateAuthority/RetireTenantIssuer', {
      body: {},
    });
    expect(retired.status).toBe(200);
    expect(retired.body).toEqual({ content: {} });
    expect(tenant().issuer.retired.map((r) => r.id)).toEqual([before]);
    const next = await enrolled(h, 'grace');
    const passkeys = h.em.snapshot().state.workforce.passkeys;
    expect(passkeys[next]!.issuer_id).not.toBe(before);
    expect(Object.values(passkeys).filter((p) => p.issuer_id === before)).toHaveLength(1);
  });
});
