import type { BindingJob, CreatedBindingJob } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const JOB = '9d1f3b5d-7a9c-4e1a-b3c5-8e0a2c4e6f57';
const input = {
  user_id: '5f0c6a1e-7c41-4d0e-9f5b-2f4a9d3c1b07',
  issuer_user_id: 'c4a6e8f0-2b4d-4f6a-8c0e-1d3f5a7b9c25',
  delivery_method: 'SHORT_CODE' as const,
};

describe('bindingJobs.create (POST /v2/binding-jobs)', () => {
  it('sends {binding_job, ttl_seconds} Prism accepts and returns the short code', async () => {
    const job: CreatedBindingJob = await workforce.bindingJobs.create({
      ...input,
      ttl_seconds: 300,
    });
    expectAcceptedByPrism();
    expect(job).toEqual(example('createBindingJob'));
    expect(job.short_code_delivery_details?.short_code).toBe('482915');
    expect(job.state).toBe('PENDING');
  });
  it('leaves ttl_seconds out when not given (server default 60)', async () => {
    await workforce.bindingJobs.create(input);
    expectAcceptedByPrism();
  });
  it('sends a job with its own expiry time (ttl_seconds does not apply)', async () => {
    await workforce.bindingJobs.create({
      ...input,
      short_code_delivery_details: { expire_time: '2026-11-12T17:10:00Z' },
    });
    expectAcceptedByPrism();
  });
  declaredErrors('createBindingJob', (client, options) =>
    client.bindingJobs.create(input, options),
  );
});

describe('bindingJobs.get (GET /v2/binding-jobs/{binding_job_id})', () => {
  it('returns the job without a short code', async () => {
    const job: BindingJob = await workforce.bindingJobs.get(JOB);
    expectAcceptedByPrism();
    expect(job).toEqual(example('getBindingJob'));
    expect(job.short_code_delivery_details).not.toHaveProperty('short_code');
  });
  declaredErrors('getBindingJob', (client, options) => client.bindingJobs.get(JOB, options));
});
