// Credential binding jobs: RETURN gives the link once, EMAIL puts it in the outbox; the link
// opens the job, the control surface claims and completes it, which creates the credential
// (listed, revocable) and sets `credential_id`; jobs expire on the emulator's clock, can be
// revoked, fail to send without an address; batch jobs make one job per identity.
import { describe, expect, it } from 'vitest';
import { accessHarness, eventKinds } from './support/access.js';

const START = '2026-05-01T08:00:00Z';

describe('credential binding jobs', () => {
  it('RETURN: returns the link once, then open, claim and complete bind a listed credential', async () => {
    const h = await accessHarness({ clock: { start: START, frozen: true } });
    const ada = await h.identity('ada');
    const jobs = `/identities/${ada.id}/credential-binding-jobs`;
    const created = await h.r('POST', jobs, { body: { job: { delivery_method: 'RETURN' } } });
    expect(created.status).toBe(200);
    const job = created.body.credential_binding_job;
    expect(job).toMatchObject({
      identity_id: ada.id,
      delivery_method: 'RETURN',
      state: 'LINK_SENT',
      expire_time: '2026-05-02T08:00:00.000Z',
    });
    expect(job.credential_id).toBeUndefined();
    const link = created.body.credential_binding_link as string;
    expect(link).toMatch(/^http:\/\/localhost\/_emulator\/access\/bind\/[\w-]+$/);
    const read = await h.r('GET', `${jobs}/${job.id}`);
    expect(read.body).toEqual(job);
    expect(JSON.stringify(read.body)).not.toContain(link.split('/').pop());
    expect(h.em.outbox()).toEqual([]);
    expect((await h.r('GET', `/identities/${ada.id}`)).body.enrollment_status).toBe('PENDING');

    // The identity opens the link (the emulator serves it), then the authenticator binds.
    const opened = await h.em.fetch(link);
    expect(await opened.json()).toEqual({ id: job.id, state: 'LINK_OPENED' });
    expect((await h.r('GET', `${jobs}/${job.id}`)).body.state).toBe('LINK_OPENED');
    const claimed = await h.control(`/access/credential-binding-jobs/${job.id}/claim`);
    expect(claimed.body.state).toBe('REQUEST_DELIVERED');
    // Only a published credential kind (JWT, WEBAUTHN, FIDO2).
    const invented = await h.control(`/access/credential-binding-jobs/${job.id}/complete`, {
      csr_type: 'ECDSA_P256',
    });
    expect(invented.status).toBe(400);
    const done = await h.control(`/access/credential-binding-jobs/${job.id}/complete`, {
      csr_type: 'FIDO2',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: job.id,
      state: 'COMPLETE',
      credential_id: expect.any(String),
    });
    expect((await h.control(`/access/credential-binding-jobs/${job.id}/complete`)).status).toBe(
      409,
    );

    const final = await h.r('GET', `${jobs}/${job.id}`);
    expect(final.body).toMatchObject({ state: 'COMPLETE', credential_id: done.body.credential_id });
    const credentials = await h.r('GET', `/identities/${ada.id}/credentials`);
    expect(credentials.body).toMatchObject({ total_size: 1 });
    expect(credentials.body.credentials).toEqual([
      expect.objectContaining({
        id: done.body.credential_id,
        identity_id: ada.id,
        state: 'ACTIVE',
        csr_type: 'FIDO2',
      }),
    ]);
    expect((await h.r('GET', `/identities/${ada.id}`)).body.enrollment_status).toBe('ENROLLED');
    const one = await h.r('GET', `/identities/${ada.id}/credentials/${done.body.credential_id}`);
    expect(one.body.id).toBe(done.body.credential_id);
    const revoked = await h.r(
      'POST',
      `/identities/${ada.id}/credentials/${done.body.credential_id}:revoke`,
    );
    expect(revoked.body.state).toBe('REVOKED');
    expect((await h.r('GET', `/identities/${ada.id}`)).body.enrollment_status).toBe('UNENROLLED');
    expect((await h.r('GET', `/identities/${ada.id}/credentials/nope`)).status).toBe(404);
    // A completed job cannot be revoked.
    expect((await h.r('POST', `${jobs}/${job.id}:revoke`, { body: {} })).status).toBe(409);

    expect(await eventKinds(h, '&event_type=CREDENTIAL_BINDING_JOB_CHANGE')).toEqual([
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
    ]);
    expect(await eventKinds(h, '&event_type=CREDENTIAL_CHANGE')).toEqual([
      'CREDENTIAL_CHANGE:',
      'CREDENTIAL_CHANGE:',
    ]);
    const completed = await h.events('?ordering=asc&event_type=CREDENTIAL_CHANGE');
    // Their event types are published, the shape of their data is not: none is sent.
    expect(completed.body.body.events.map((e: object) => 'data' in e)).toEqual([false, false]);
    expect(completed.body.body.events[0].actor).toMatchObject({
      type: 'User',
      id: ada.id,
      display_id: 'ada',
    });
    expect(completed.body.body.events[1].actor).toMatchObject({ type: 'ApiClient' });
  });

  it('EMAIL: the link lands in the outbox and completes the same way', async () => {
    const h = await accessHarness({ clock: { start: START, frozen: true } });
    const grace = await h.identity('grace', { primary_email_address: 'grace@example.com' });
    const created = await h.r('POST', `/identities/${grace.id}/credential-binding-jobs`, {
      body: {
        job: { delivery_method: 'EMAIL', post_binding_redirect_uri: 'https://app.example/done' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.credential_binding_link).toBeUndefined();
    const job = created.body.credential_binding_job;
    expect(job).toMatchObject({
      state: 'LINK_SENT',
      delivery_method: 'EMAIL',
      post_binding_redirect_uri: 'https://app.example/done',
    });
    const [mail] = h.em.outbox();
    expect(mail).toMatchObject({
      kind: 'access.credential-binding',
      to: 'grace@example.com',
      user_id: grace.id,
    });
    expect(mail?.text).toContain(mail?.token);
    const opened = await h.em.fetch(mail!.token!);
    expect(opened.status).toBe(200);
    const done = await h.control(`/access/credential-binding-jobs/${job.id}/complete`);
    expect(done.body.state).toBe('COMPLETE');
    const listed = await h.r('GET', `/identities/${grace.id}/credentials`);
    expect(listed.body.credentials.map((c: { id: string }) => c.id)).toEqual([
      done.body.credential_id,
    ]);
    const jobsList = await h.r('GET', `/identities/${grace.id}/credential-binding-jobs`);
    expect(jobsList.body.credential_binding_jobs).toEqual([
      expect.objectContaining({ id: job.id, state: 'COMPLETE' }),
    ]);

    // Without an address the job cannot be sent.
    const nomail = await h.identity('nomail');
    const failed = await h.r('POST', `/identities/${nomail.id}/credential-binding-jobs`, {
      body: { job: { delivery_method: 'EMAIL' } },
    });
    expect(failed.body.credential_binding_job.state).toBe('FAILED_TO_SEND');
    expect((await h.r('GET', `/identities/${nomail.id}`)).body.enrollment_status).toBe(
      'INVITE_FAILED',
    );
    expect(h.em.outbox()).toHaveLength(1);
  });

  it('expires on the emulator clock, can be revoked, and refuses a suspended identity', async () => {
    const h = await accessHarness({
      clock: { start: START, frozen: true },
      seed: { access: { credentialBindingJobTtlSeconds: 600 } },
    });
    const ada = await h.identity('ada');
    const jobs = `/identities/${ada.id}/credential-binding-jobs`;
    const job = (await h.r('POST', jobs, { body: { job: { delivery_method: 'RETURN' } } })).body
      .credential_binding_job;
    expect(job.expire_time).toBe('2026-05-01T08:10:00.000Z');
    h.em.advanceClock(599_000);
    expect((await h.r('GET', `${jobs}/${job.id}`)).body.state).toBe('LINK_SENT');
    h.em.advanceClock(1_000);
    expect((await h.r('GET', `${jobs}/${job.id}`)).body.state).toBe('EXPIRED');
    expect((await h.control(`/access/credential-binding-jobs/${job.id}/claim`)).status).toBe(410);
    expect((await h.control(`/access/credential-binding-jobs/${job.id}/complete`)).status).toBe(
      410,
    );
    expect((await h.r('POST', `${jobs}/${job.id}:revoke`, { body: {} })).status).toBe(409);
    expect((await h.r('GET', `/identities/${ada.id}/credentials`)).body.credentials).toEqual([]);

    const second = (await h.r('POST', jobs, { body: { job: { delivery_method: 'RETURN' } } })).body
      .credential_binding_job;
    const revoked = await h.r('POST', `${jobs}/${second.id}:revoke`, { body: {} });
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('REVOKED');
    expect((await h.control(`/access/credential-binding-jobs/${second.id}/open`)).status).toBe(409);
    expect((await h.control('/access/credential-binding-jobs/nope/open')).status).toBe(404);
    expect(await eventKinds(h, '&event_type=CREDENTIAL_BINDING_JOB_CHANGE')).toEqual([
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
      'CREDENTIAL_BINDING_JOB_CHANGE:',
    ]);

    await h.r('PATCH', `/identities/${ada.id}`, { body: { identity: { status: 'suspended' } } });
    const refused = await h.r('POST', jobs, { body: { job: { delivery_method: 'RETURN' } } });
    expect(refused.status).toBe(422);
    expect(
      (await h.r('POST', `/identities/nobody/credential-binding-jobs`, { body: { job: {} } }))
        .status,
    ).toBe(404);
    expect((await h.r('POST', jobs, { body: { job: { delivery_method: 'SMS' } } })).status).toBe(
      400,
    );
  });

  it('batch jobs make one EMAIL job per identity and report their results', async () => {
    const h = await accessHarness({ clock: { start: START, frozen: true } });
    const ada = await h.identity('ada', { primary_email_address: 'ada@example.com' });
    const bob = await h.identity('bob', { primary_email_address: 'bob@example.com' });
    const batch = await h.r('POST', '/batch-credential-binding-jobs', {
      body: {
        batch_credential_binding_job: {
          identity_ids: [ada.id, bob.id, 'ghost'],
          job_template: { post_binding_redirect_uri: 'https://app.example/welcome' },
        },
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({
      identity_ids: [ada.id, bob.id, 'ghost'],
      state: 'IN_PROGRESS',
      state_commentary: { errors: { ghost: { message: expect.any(String) } } },
      job_template: {
        post_binding_redirect_uri: 'https://app.example/welcome',
        expire_time: '2026-05-02T08:00:00.000Z',
      },
    });
    expect(h.em.outbox().map((m) => m.to)).toEqual(['ada@example.com', 'bob@example.com']);
    // One response (the published operation takes no paging parameters), no next_page_token.
    const results = await h.r('GET', `/batch-credential-binding-jobs/${batch.body.id}:listResults`);
    expect(results.body).toMatchObject({
      total_size: 2,
      total_pending_count: 2,
      total_success_count: 0,
      total_failure_count: 1,
    });
    expect(results.body.next_page_token).toBeUndefined();
    expect(results.body.job_results).toEqual([
      expect.objectContaining({
        identity_id: ada.id,
        batch_id: batch.body.id,
        delivery_method: 'EMAIL',
      }),
      expect.objectContaining({ identity_id: bob.id }),
    ]);
    for (const job of results.body.job_results)
      await h.control(`/access/credential-binding-jobs/${job.id}/complete`);
    const after = await h.r('GET', `/batch-credential-binding-jobs/${batch.body.id}`);
    expect(after.body.state).toBe('COMPLETE');
    expect(
      (await h.r('GET', `/batch-credential-binding-jobs/${batch.body.id}:listResults`)).body
        .total_success_count,
    ).toBe(2);
    expect((await h.r('GET', '/batch-credential-binding-jobs/nope')).status).toBe(404);
  });
});
