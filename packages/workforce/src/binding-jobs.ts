import { type ApiClient, type CallOptions, unwrap } from '@x/runtime';
import type { components, paths } from './generated/schema.js';
import { checkOptionalStrings, integerInRange, requireId, requireObject } from './validation.js';

/**
 * A binding job as `bindingJobs.get` returns it: `short_code_delivery_details` has the
 * `expire_time` only. The short code itself is never returned again after creation.
 */
export type BindingJob = components['schemas']['BindingJob'];
/**
 * A binding job as `bindingJobs.create` returns it: the only response whose
 * `short_code_delivery_details` carries the `short_code`. Keep it, or create a new job.
 */
export type CreatedBindingJob = components['schemas']['CreatedBindingJob'];

/** The job to create. Which fields are required is not published. */
export interface CreateBindingJobInput extends Readonly<components['schemas']['BindingJobInput']> {
  /**
   * Seconds until the job expires, 60 to 900 (server default 60); checked before sending. The
   * reference says it applies only under a condition it does not publish.
   */
  readonly ttl_seconds?: number;
}

/** Credential binding jobs (`/v2/binding-jobs`): time-limited jobs that bind a credential to a user. */
export class BindingJobs {
  constructor(private readonly client: ApiClient<paths>) {}

  /**
   * Creates a binding job; it starts `PENDING`. The result carries the short code, returned
   * only here.
   * @throws ValidationError when `ttl_seconds` is not an integer from 60 to 900 (nothing is sent).
   * @throws PreconditionFailedError (412), NotFoundError, BadRequestError, … from the API.
   */
  async create(input: CreateBindingJobInput, options?: CallOptions): Promise<CreatedBindingJob> {
    requireObject(input, 'input');
    const { ttl_seconds, ...job } = input;
    checkOptionalStrings(job, ['delivery_method'], 'input');
    for (const key of ['user_id', 'issuer_user_id'] as const)
      if (job[key] !== undefined) requireId(job[key], `input.${key}`);
    const body: components['schemas']['CreateBindingJobRequest'] = { binding_job: job };
    if (ttl_seconds !== undefined)
      body.ttl_seconds = integerInRange(ttl_seconds, 'ttl_seconds', 60, 900);
    return unwrap(this.client.raw.POST('/v2/binding-jobs', { body, ...this.client.call(options) }));
  }

  /** Returns a binding job, without its short code. @throws NotFoundError when there is none. */
  async get(bindingJobId: string, options?: CallOptions): Promise<BindingJob> {
    return unwrap(
      this.client.raw.GET('/v2/binding-jobs/{binding_job_id}', {
        params: { path: { binding_job_id: requireId(bindingJobId, 'bindingJobId') } },
        ...this.client.call(options),
      }),
    );
  }
}
