// Batch credential binding jobs: one job per identity for up to 1000 identities, all from one
// template. The per-identity jobs are the batch's results.

import type { ApiPromise, CallOptions, ListOptions, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import { onePage } from '@x/runtime/internal';
import type { RealmScope } from '../api.js';
import { checkBody, type FieldCheck, nested } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { idList } from './id-batches.js';
import { JOB_TEMPLATE_FIELDS } from './job-fields.js';

const PATHS = {
  batches: '/v1/tenants/{tenant_id}/realms/{realm_id}/batch-credential-binding-jobs',
  batch:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/batch-credential-binding-jobs/{batch_credential_binding_job_id}',
  results:
    '/v1/tenants/{tenant_id}/realms/{realm_id}/batch-credential-binding-jobs/{batch_credential_binding_job_id}:listResults',
} as const;

// The identities go in one request: the batch is one job on the platform, so it is not split.
const identityIds: FieldCheck = (value, field) => idList(value, field);

/** A batch that creates one credential binding job per identity. */
export type BatchCredentialBindingJob = components['schemas']['BatchCredentialBindingJob'];
/** A batch to create: 1 to 1000 `identity_ids` and the `job_template` (both required). */
export type BatchCredentialBindingJobCreate = Input<
  components['schemas']['BatchCredentialBindingJobCreate']
>;
/**
 * A batch's jobs (at most 200; the list has no paging), with the batch's success, failure and
 * pending counts.
 */
export type BatchCredentialBindingJobResultList =
  components['schemas']['BatchCredentialBindingJobResultList'];
type CredentialBindingJob = components['schemas']['CredentialBindingJob'];

const FIELDS = {
  writable: {
    identity_ids: identityIds,
    job_template: nested({ writable: JOB_TEMPLATE_FIELDS, readOnly: ['expire_time'] }),
  },
  readOnly: [
    'id',
    'tenant_id',
    'realm_id',
    'state',
    'state_commentary',
    'create_time',
    'update_time',
  ],
};
const REQUIRED = ['identity_ids', 'job_template'] as const;

// One response: the published operation takes no query parameters, so its `next_page_token`
// cannot be sent back.
const pages = onePage<BatchCredentialBindingJobResultList, CredentialBindingJob>(
  (page) => page.job_results,
);

/** Batch credential binding jobs of a realm: create, get, and list a batch's per-identity jobs. */
export class BatchCredentialBindingJobs {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * Starts one credential binding job for each of 1 to 1000 identities, from one template.
   * @throws ValidationError naming the field (`batch_credential_binding_job.identity_ids`, or
   * `…identity_ids[i]`), before anything is sent; RateLimitError when the platform's limit held
   * after the retries.
   */
  create(
    batch: BatchCredentialBindingJobCreate,
    options?: CallOptions,
  ): ApiPromise<BatchCredentialBindingJob> {
    const init = () => ({
      path: this.scope.path,
      body: { batch_credential_binding_job: batchBody(batch) },
    });
    return this.scope.api.post(PATHS.batches, init, options);
  }

  /** Returns one batch. @throws NotFoundError when there is no such batch. */
  get(batchId: string, options?: CallOptions): ApiPromise<BatchCredentialBindingJob> {
    return this.scope.api.get(PATHS.batch, { path: this.path(batchId) }, options);
  }

  /**
   * The jobs the batch created, one per identity, in one response (the platform publishes no
   * paging parameters for this list); `page.raw` also holds the batch's `total_success_count`,
   * `total_failure_count` and `total_pending_count`.
   * @throws NotFoundError when there is no such batch.
   */
  listResults(
    batchId: string,
    options?: ListOptions,
  ): Paginator<CredentialBindingJob, BatchCredentialBindingJobResultList> {
    const init = () => ({ path: this.path(batchId) });
    return this.scope.api.list(PATHS.results, pages, init, options);
  }

  private path(batchId: string) {
    return { ...this.scope.path, batch_credential_binding_job_id: batchId };
  }
}

function batchBody(batch: BatchCredentialBindingJobCreate) {
  const body = checkBody<components['schemas']['BatchCredentialBindingJobCreate']>(
    batch,
    FIELDS,
    PREFIX,
  );
  for (const key of REQUIRED)
    if (body[key] === undefined) throw new ValidationError(`${PREFIX}.${key}`, 'is required');
  return body;
}
const PREFIX = 'batch_credential_binding_job';
