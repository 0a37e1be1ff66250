// Contract tests of credentials and credential binding jobs (single and batch) against Prism (see
// test/support/prism.ts).
import { ApiError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');
const { credentials, credentialBindingJobs: jobs } = realm.identities;
const IDENTITY = 'identity-1';
const template = {
  post_binding_redirect_uri: 'https://app.example.com/welcome',
  authenticator_config_id: 'ac-1',
};

const cases: ContractCase[] = [
  {
    operationId: 'listCredentials',
    run: (o) => credentials.list(IDENTITY, { page_size: 10, skip: 1 }, o).then((page) => page.raw),
    request: {
      path: '/identities/identity-1/credentials',
      query: { page_size: '10', skip: '1' },
    },
  },
  {
    operationId: 'getCredential',
    run: (o) => credentials.get(IDENTITY, 'cred-1', o),
    request: { path: '/identities/identity-1/credentials/cred-1' },
  },
  {
    operationId: 'revokeCredential',
    run: (o) => credentials.revoke(IDENTITY, 'cred-1', o),
    request: { path: '/identities/identity-1/credentials/cred-1:revoke' },
  },
  {
    operationId: 'createCredentialBindingJob',
    run: (o) => jobs.create(IDENTITY, { delivery_method: 'RETURN', ...template }, o),
    request: {
      path: '/identities/identity-1/credential-binding-jobs',
      body: { job: { delivery_method: 'RETURN', ...template } },
    },
  },
  {
    operationId: 'listCredentialBindingJobs',
    run: (o) => jobs.list(IDENTITY, { page_size: 5 }, o).then((page) => page.raw),
    request: { query: { page_size: '5' } },
  },
  {
    operationId: 'getCredentialBindingJob',
    run: (o) => jobs.get(IDENTITY, 'job-1', o),
    request: { path: '/identities/identity-1/credential-binding-jobs/job-1' },
  },
  {
    operationId: 'revokeCredentialBindingJob',
    run: (o) => jobs.revoke(IDENTITY, 'job-1', o),
    request: { path: '/credential-binding-jobs/job-1:revoke', body: {} },
  },
  {
    operationId: 'createBatchCredentialBindingJob',
    run: (o) =>
      realm.batchCredentialBindingJobs.create(
        { identity_ids: ['identity-1', 'identity-2'], job_template: template },
        o,
      ),
    request: {
      path: '/realms/realm-1/batch-credential-binding-jobs',
      body: {
        batch_credential_binding_job: {
          identity_ids: ['identity-1', 'identity-2'],
          job_template: template,
        },
      },
    },
  },
  {
    operationId: 'getBatchCredentialBindingJob',
    run: (o) => realm.batchCredentialBindingJobs.get('batch-1', o),
    request: { path: '/batch-credential-binding-jobs/batch-1' },
  },
  {
    operationId: 'listBatchCredentialBindingJobResults',
    run: (o) => realm.batchCredentialBindingJobs.listResults('batch-1', o).then((page) => page.raw),
    request: { path: '/batch-credential-binding-jobs/batch-1:listResults' },
  },
];

describe('credentials and credential binding jobs', () =>
  contractCases(['Credentials', 'Credential binding jobs'], cases));

describe('binding links and results', () => {
  it('a RETURN job brings its binding link; an EMAIL job is sent by e-mail', async () => {
    const created = await jobs.create(IDENTITY, { delivery_method: 'RETURN' });
    expect(created.credential_binding_link).toMatch(/^https:\/\//);
    const state: string = created.credential_binding_job.state;
    expect(state).toBe('LINK_SENT');
    await jobs.create(IDENTITY, { delivery_method: 'EMAIL', authenticator_config_id: 'ac-1' });
    expect(JSON.parse(seen[1]!.body)).toEqual({
      job: { delivery_method: 'EMAIL', authenticator_config_id: 'ac-1' },
    });
  });

  it("a batch's results are its jobs; the page holds the counts", async () => {
    const page = await realm.batchCredentialBindingJobs.listResults('batch-1');
    expect(page.items).toEqual(
      (example('listBatchCredentialBindingJobResults') as { job_results: unknown[] }).job_results,
    );
    expect(page.raw.total_pending_count).toBe(1);
  });

  it('a 422 on create arrives as an ApiError with its status', async () => {
    const error = await jobs
      .create(
        IDENTITY,
        { delivery_method: 'RETURN' },
        { headers: { Prefer: 'code=422' }, retry: false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
  });

  it('refuses a delivery method other than RETURN or EMAIL, naming the field', async () => {
    // @ts-expect-error: only RETURN and EMAIL
    await expect(jobs.create(IDENTITY, { delivery_method: 'SMS' })).rejects.toThrow(
      /^job\.delivery_method: /,
    );
    expect(seen).toHaveLength(0);
  });
});
