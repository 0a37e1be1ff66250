// Credential binding jobs (`/v2/binding-jobs`): time-limited jobs that bind a new credential to a
// user. The short code is returned once, by `create`.
import { type ApiPromise, type CallOptions, ValidationError } from '@x/runtime';
import { integerInRange, optionalEnum, requireId, requireObject } from '@x/runtime/internal';
import type { WorkforceApi } from '../api.js';
import { dateTime, stringFields, TTL_SECONDS } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input, Spec } from '../input.js';

const PATHS = {
  bindingJobs: '/v2/binding-jobs',
  bindingJob: '/v2/binding-jobs/{binding_job_id}',
} as const;

type Schemas = components['schemas'];

/**
 * A binding job as `create` returns it: the only response whose `short_code_delivery_details`
 * carries the `short_code`. Keep it, or create a new job. `state` starts `PENDING`; states the
 * platform adds later arrive as they are (the type is open).
 */
export interface CreatedBindingJob extends Spec<Schemas['BindingJob']> {}
/**
 * A binding job as `get` returns it: the delivery details hold the expiry only, never the short
 * code. `CLAIMED` means the code was claimed, not that the credential was bound (`SUCCESS`).
 */
export interface BindingJob
  extends Spec<Omit<Schemas['BindingJob'], 'short_code_delivery_details'>> {
  /** When the short code expires; the code itself is returned only by `create`. */
  short_code_delivery_details?: Omit<Schemas['ShortCodeDeliveryDetails'], 'short_code'>;
}
/** `PENDING`, `CLAIMED` or `SUCCESS`, or a state the platform adds later. */
export type BindingJobState = Schemas['BindingJobState'];

/**
 * The job to create (the spec's `BindingJobCreate`, sent as `binding_job`), and `ttl_seconds`
 * (sent beside it): seconds until the job expires, 60 to 900, server default 60. A job with its
 * own `short_code_delivery_details.expire_time` is not given `ttl_seconds`, so the SDK refuses
 * both at once.
 */
export interface BindingJobCreate extends Input<Schemas['BindingJobCreate']> {
  /** Seconds until the job expires, 60 to 900 (server default 60); sent beside `binding_job`. */
  ttl_seconds?: number | undefined;
}

const DELIVERY_METHODS: readonly Schemas['DeliveryMethod'][] = ['SHORT_CODE'];
const FIELDS = { writable: ['user_id', 'issuer_user_id', 'delivery_method'] } as const;

/** Credential binding jobs (`/v2/binding-jobs`). */
export class BindingJobs {
  /** @internal */
  constructor(private readonly api: WorkforceApi) {}

  /**
   * Creates a binding job; it starts `PENDING`. The result carries the short code, returned
   * only here.
   * @throws ValidationError naming the field (`ttl_seconds`, `binding_job.user_id`), before
   * anything is sent.
   * @throws PreconditionFailedError (412) when the user is not active (its `resourceInfo` names
   * the user); NotFoundError, BadRequestError, … when the API refuses it otherwise.
   */
  create(job: BindingJobCreate, options?: CallOptions): ApiPromise<CreatedBindingJob> {
    return this.api.post(PATHS.bindingJobs, () => ({ body: createBody(job) }), options);
  }

  /** Returns a binding job, without its short code. @throws NotFoundError when there is none. */
  get(bindingJobId: string, options?: CallOptions): ApiPromise<BindingJob> {
    return this.api.get(PATHS.bindingJob, { path: { binding_job_id: bindingJobId } }, options);
  }
}

function createBody(input: BindingJobCreate): Schemas['CreateBindingJobRequest'] {
  requireObject(input, 'binding_job');
  const { ttl_seconds, short_code_delivery_details: details, ...fields } = input;
  const { user_id, issuer_user_id, delivery_method, ...unknown } = stringFields(
    fields,
    FIELDS,
    'binding_job',
  );
  const job: Schemas['BindingJobCreate'] = unknown;
  if (user_id !== undefined) job.user_id = requireId(user_id, 'binding_job.user_id');
  if (issuer_user_id !== undefined)
    job.issuer_user_id = requireId(issuer_user_id, 'binding_job.issuer_user_id');
  const method = optionalEnum(delivery_method, 'binding_job.delivery_method', DELIVERY_METHODS);
  if (method !== undefined) job.delivery_method = method;
  if (details !== undefined) {
    const { expire_time } = requireObject(details, 'binding_job.short_code_delivery_details');
    const field = 'binding_job.short_code_delivery_details.expire_time';
    if (expire_time !== undefined)
      job.short_code_delivery_details = { expire_time: dateTime(expire_time, field) };
  }
  const body: Schemas['CreateBindingJobRequest'] = { binding_job: job };
  if (ttl_seconds === undefined) return body;
  if (job.short_code_delivery_details?.expire_time !== undefined)
    throw new ValidationError(
      'ttl_seconds',
      'does not apply to a job with its own short_code_delivery_details.expire_time; give one of them',
    );
  body.ttl_seconds = integerInRange(ttl_seconds, 'ttl_seconds', TTL_SECONDS.min, TTL_SECONDS.max);
  return body;
}

/** @internal The field table, for the test that ties it to the spec. */
export { FIELDS as BINDING_JOB_FIELDS };
