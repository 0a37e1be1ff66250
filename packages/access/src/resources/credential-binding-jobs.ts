// The credential binding jobs of one identity: time-limited jobs that bind a new credential to
// it. With `delivery_method: 'RETURN'` the binding link comes back to the caller (to show or send
// it yourself); with `EMAIL` the platform e-mails it to the identity.
import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { pageTokenPaging } from '@x/runtime/internal';
import { checkBody, oneOf } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { IdentityChild } from './identity-scoped.js';
import { JOB_TEMPLATE_FIELDS } from './job-fields.js';
import { SKIP_PAGE_PARAMS, type SkipPageParams, skipPageQuery } from './lists.js';

const PATHS = {
  jobs: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credential-binding-jobs',
  job: '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credential-binding-jobs/{credential_binding_job_id}',
  revoke:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/identities/{identity_id}/credential-binding-jobs/{credential_binding_job_id}:revoke',
} as const;

const DELIVERY_METHODS = ['RETURN', 'EMAIL'] as const;

type Schemas = components['schemas'];

/** How the binding link reaches the identity: `RETURN` (to the caller) or `EMAIL`. */
export type CredentialDeliveryMethod = Schemas['CredentialDeliveryMethod'];
/** A credential binding job to create. */
export type CredentialBindingJobCreate = Input<Schemas['CredentialBindingJobCreate']>;

const FIELDS = {
  writable: {
    delivery_method: oneOf(DELIVERY_METHODS satisfies readonly CredentialDeliveryMethod[]),
    ...JOB_TEMPLATE_FIELDS,
  },
  readOnly: [
    'id',
    'identity_id',
    'realm_id',
    'tenant_id',
    'credential_id',
    'batch_id',
    'state',
    'expire_time',
    'create_time',
    'update_time',
  ],
};

/** A job that binds a new credential to an identity. */
export type CredentialBindingJob = Schemas['CredentialBindingJob'];
/** `LINK_SENT`, `LINK_OPENED`, `REQUEST_DELIVERED`, `COMPLETE`, `EXPIRED`, `FAILED_TO_SEND` or `REVOKED`. */
export type CredentialBindingJobState = Schemas['CredentialBindingJobState'];
/** The created job, and its `credential_binding_link` when `delivery_method` is `RETURN`. */
export type CreatedCredentialBindingJob = Schemas['CreateCredentialBindingJobResponse'];

const jobPages = pageTokenPaging<CredentialBindingJobList, CredentialBindingJob>(
  (page) => page.credential_binding_jobs,
);

/** One page of credential binding jobs, as the server sent it. */
export type CredentialBindingJobList = Schemas['CredentialBindingJobList'];
/** Which jobs to list (`page_size` at most 200; `page_token` is where the list starts). */
export type CredentialBindingJobListParams = SkipPageParams;

/**
 * The credential binding jobs of identities: `realm.identities.credentialBindingJobs.create(identityId, job)`,
 * list, get, revoke. Each call names the identity first.
 */
export class IdentityCredentialBindingJobs extends IdentityChild {
  /**
   * Starts a job that binds a new credential to the identity. With `delivery_method: 'RETURN'`
   * the answer carries the binding link (`credential_binding_link`); with `EMAIL` the identity
   * gets it by e-mail.
   * @throws ValidationError naming the field (`job.delivery_method`), before anything is sent;
   * NotFoundError when there is no such identity; ApiError with status 422, or ServerError (503),
   * when the platform cannot start the job.
   * @example
   * const { credential_binding_job, credential_binding_link } =
   *   await realm.identities.credentialBindingJobs.create(identity.id, {
   *     delivery_method: 'RETURN',
   *     post_binding_redirect_uri: 'https://app.example.com/welcome',
   *   });
   */
  create(
    identityId: string,
    job: CredentialBindingJobCreate,
    options?: CallOptions,
  ): ApiPromise<CreatedCredentialBindingJob> {
    const body = () => checkBody<Schemas['CredentialBindingJobCreate']>(job, FIELDS, 'job');
    return this.scope.api.post(
      PATHS.jobs,
      () => ({ path: this.identityPath(identityId), body: { job: body() } }),
      options,
    );
  }

  /** The identity's jobs. */
  list(
    identityId: string,
    params: CredentialBindingJobListParams = {},
    options?: ListOptions,
  ): Paginator<CredentialBindingJob, CredentialBindingJobList> {
    const init = () => ({
      path: this.identityPath(identityId),
      query: skipPageQuery(this.scope.api.wireParams(params, SKIP_PAGE_PARAMS)),
    });
    return this.scope.api.list(PATHS.jobs, jobPages, init, options);
  }

  /**
   * Revokes a job: its link can no longer bind a credential. Returns the job in state `REVOKED`.
   * @throws NotFoundError when the identity has no such job; ConflictError when the job can no
   * longer be revoked.
   */
  revoke(
    identityId: string,
    jobId: string,
    options?: CallOptions,
  ): ApiPromise<CredentialBindingJob> {
    // The published body is an empty object.
    const path = this.jobPath(identityId, jobId);
    return this.scope.api.post(PATHS.revoke, { path, body: {} }, options);
  }

  /** Returns one job. @throws NotFoundError when the identity has no such job. */
  get(identityId: string, jobId: string, options?: CallOptions): ApiPromise<CredentialBindingJob> {
    return this.scope.api.get(PATHS.job, { path: this.jobPath(identityId, jobId) }, options);
  }

  private jobPath(identityId: string, jobId: string) {
    return { ...this.identityPath(identityId), credential_binding_job_id: jobId };
  }
}

/**
 * The credential binding jobs of one identity, as 0.2 reached them.
 * @deprecated Use `realm.identities.credentialBindingJobs`, whose calls name the identity first
 * (`realm.identities.credentialBindingJobs.create(identityId, job)`). Removed in the next minor.
 */
export class CredentialBindingJobs {
  /** @internal */
  constructor(
    private readonly of: IdentityCredentialBindingJobs,
    /** The identity whose jobs these are. */
    readonly identityId: string,
  ) {}

  /** @deprecated Use `realm.identities.credentialBindingJobs.create(identityId, job)`. */
  create(
    job: CredentialBindingJobCreate,
    options?: CallOptions,
  ): ApiPromise<CreatedCredentialBindingJob> {
    return this.of.create(this.identityId, job, options);
  }

  /** @deprecated Use `realm.identities.credentialBindingJobs.list(identityId, params)`. */
  list(
    params?: CredentialBindingJobListParams,
    options?: ListOptions,
  ): Paginator<CredentialBindingJob, CredentialBindingJobList> {
    return this.of.list(this.identityId, params, options);
  }

  /** @deprecated Use `realm.identities.credentialBindingJobs.revoke(identityId, jobId)`. */
  revoke(jobId: string, options?: CallOptions): ApiPromise<CredentialBindingJob> {
    return this.of.revoke(this.identityId, jobId, options);
  }

  /** @deprecated Use `realm.identities.credentialBindingJobs.get(identityId, jobId)`. */
  get(jobId: string, options?: CallOptions): ApiPromise<CredentialBindingJob> {
    return this.of.get(this.identityId, jobId, options);
  }
}
