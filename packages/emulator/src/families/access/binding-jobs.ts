// Credential binding jobs. `RETURN` gives the binding link back once, in the create response;
// `EMAIL` sends it to the identity's `traits.primary_email_address` (the outbox), and an identity
// without one makes the job FAILED_TO_SEND. A job starts LINK_SENT; opening the link makes it
// LINK_OPENED, claiming it REQUEST_DELIVERED, completing it COMPLETE with a new credential
// (`credential_id`); it is REVOKED by `:revoke` and EXPIRED once its `expire_time` has passed on
// the emulator's clock. The platform publishes no lifetime field for these jobs: they live
// `credentialBindingJobTtlSeconds` of the access seed (default 24 hours). Batch jobs make one job
// per identity from a template.
import { ApiFailure, conflict } from '../../http/errors.js';
import type { AccessSeed } from '../../options.js';
import { newId, secret } from '../../random.js';
import type { EventInput, Handler, HandlerContext, World } from '../types.js';
import { acc, fresh, inRealm, missing, nowIso, realmOf, wrapped } from './common.js';
import { type CsrType, issueCredential } from './credentials.js';
import { recordCredentialChange, recordJobChange } from './events.js';
import { findIdentity } from './groups.js';
import { singlePage } from './paging.js';
import type {
  AccessIdentityRecord,
  BatchCredentialBindingJobRecord,
  CredentialBindingJobRecord,
  CredentialBindingJobState,
} from './state.js';
import { bindingLink } from './views.js';

/** Lifetime of a credential binding job when the seed sets none. */
export const DEFAULT_JOB_TTL_SECONDS = 24 * 60 * 60;

const FINAL: readonly CredentialBindingJobState[] = [
  'COMPLETE',
  'EXPIRED',
  'FAILED_TO_SEND',
  'REVOKED',
];
const isFinal = (state: CredentialBindingJobState) => FINAL.includes(state);

const ttlOf = (world: World) =>
  ((world.seed.access as AccessSeed | undefined)?.credentialBindingJobTtlSeconds ??
    DEFAULT_JOB_TTL_SECONDS) * 1000;

/** Moves a job whose time is up to EXPIRED (recording the change); returns the job. */
export function settle(world: World, job: CredentialBindingJobRecord): CredentialBindingJobRecord {
  if (!isFinal(job.state) && Date.parse(job.expire_time) <= world.clock.now()) {
    job.state = 'EXPIRED';
    job.update_time = job.expire_time;
    recordJobChange({ world, correlationId: newId() }, job, 'EXPIRE');
  }
  return job;
}

/** Creates one job for an identity (sending its e-mail for EMAIL delivery). */
function createJob(
  ctx: HandlerContext,
  identity: AccessIdentityRecord,
  input: Record<string, unknown>,
  deliveryMethod: 'RETURN' | 'EMAIL',
  batchId?: string,
): CredentialBindingJobRecord {
  const now = ctx.world.clock.now();
  const nowText = new Date(now).toISOString();
  const job: CredentialBindingJobRecord = {
    ...fresh(ctx),
    tenant_id: identity.tenant_id,
    realm_id: identity.realm_id,
    identity_id: identity.id,
    delivery_method: deliveryMethod,
    state: 'LINK_SENT',
    link_token: secret(24),
    ...(typeof input.post_binding_redirect_uri === 'string'
      ? { post_binding_redirect_uri: input.post_binding_redirect_uri }
      : {}),
    ...(typeof input.authenticator_config === 'object' && input.authenticator_config !== null
      ? {
          authenticator_config: structuredClone(
            input.authenticator_config as Record<string, unknown>,
          ),
        }
      : {}),
    ...(typeof input.authenticator_config_id === 'string'
      ? { authenticator_config_id: input.authenticator_config_id }
      : {}),
    ...(batchId !== undefined ? { batch_id: batchId } : {}),
    expire_time: new Date(now + ttlOf(ctx.world)).toISOString(),
    create_time: nowText,
    update_time: nowText,
  };
  acc(ctx).bindingJobs[job.id] = job;
  if (deliveryMethod === 'EMAIL') {
    const to = identity.traits.primary_email_address;
    if (typeof to === 'string' && to !== '') {
      ctx.world.send({
        family: 'access',
        kind: 'access.credential-binding',
        tenant_id: identity.tenant_id,
        to,
        subject: 'Bind your credential',
        text: `Hello ${identity.display_name ?? String(identity.traits.username ?? '')}, bind your credential with this link before ${job.expire_time}: ${bindingLink(ctx.world, job)}`,
        token: bindingLink(ctx.world, job),
        user_id: identity.id,
      });
    } else {
      job.state = 'FAILED_TO_SEND';
      identity.enrollment_status = 'INVITE_FAILED';
    }
  }
  if (job.state !== 'FAILED_TO_SEND' && identity.enrollment_status !== 'ENROLLED')
    identity.enrollment_status = 'PENDING';
  recordJobChange(ctx, job, 'CREATE');
  return job;
}

/** The authenticator configuration a job names must exist in the realm (404). */
function checkAuthenticatorConfig(ctx: HandlerContext, input: Record<string, unknown>) {
  if (typeof input.authenticator_config_id === 'string')
    inRealm(
      ctx,
      acc(ctx).authenticatorConfigs,
      'authenticator_config',
      input.authenticator_config_id,
    );
}

const createCredentialBindingJob: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const input = wrapped(ctx, 'job');
  checkAuthenticatorConfig(ctx, input);
  if (identity.status !== 'active')
    throw new ApiFailure(422, 'the identity is suspended and cannot bind a credential', {
      code: 'unprocessable_entity',
    });
  const method = input.delivery_method === 'EMAIL' ? 'EMAIL' : 'RETURN';
  const job = createJob(ctx, identity, input, method);
  return {
    body: {
      credential_binding_job: job,
      ...(method === 'RETURN' ? { credential_binding_link: bindingLink(ctx.world, job) } : {}),
    },
  };
};

/** A job of the path's identity, settled. */
function findJob(ctx: HandlerContext): CredentialBindingJobRecord {
  const identity = findIdentity(ctx);
  const id = ctx.params.credential_binding_job_id;
  const job = inRealm(ctx, acc(ctx).bindingJobs, 'credential_binding_job', id);
  if (job.identity_id !== identity.id) throw missing(ctx, 'credential_binding_job', job.id);
  return settle(ctx.world, job);
}

const listCredentialBindingJobs: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const jobs = Object.values(acc(ctx).bindingJobs)
    .filter((j) => j.identity_id === identity.id)
    .sort((a, b) => a.seq - b.seq)
    .map((j) => settle(ctx.world, j));
  const { items, ...rest } = singlePage(jobs, BATCH_RESULTS_MAX);
  return { body: { credential_binding_jobs: items, ...rest } };
};

const getCredentialBindingJob: Handler = (ctx) => ({ body: findJob(ctx) });

const revokeCredentialBindingJob: Handler = (ctx) => {
  const job = findJob(ctx);
  if (isFinal(job.state)) throw conflict(`the job is ${job.state} and cannot be revoked`);
  job.state = 'REVOKED';
  job.update_time = nowIso(ctx);
  recordJobChange(ctx, job, 'REVOKE');
  return { body: job };
};

/** The batch as the API shows it: its state follows its jobs. */
function batchView(world: World, batch: BatchCredentialBindingJobRecord) {
  const jobs = batch.job_ids
    .map((id) => acc(world).bindingJobs[id])
    .filter((j): j is CredentialBindingJobRecord => j !== undefined)
    .map((j) => settle(world, j));
  const pending = jobs.some((j) => !isFinal(j.state));
  return {
    ...batch,
    state: pending ? 'IN_PROGRESS' : 'COMPLETE',
    ...(Object.keys(batch.errors).length ? { state_commentary: { errors: batch.errors } } : {}),
    job_template: {
      ...batch.job_template,
      ...(jobs[0] ? { expire_time: jobs[0].expire_time } : {}),
    },
  };
}

const createBatchCredentialBindingJob: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const input = wrapped(ctx, 'batch_credential_binding_job') as {
    identity_ids: string[];
    job_template: Record<string, unknown>;
  };
  checkAuthenticatorConfig(ctx, input.job_template);
  const now = nowIso(ctx);
  const batch: BatchCredentialBindingJobRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    identity_ids: [...input.identity_ids],
    job_template: structuredClone(input.job_template),
    job_ids: [],
    errors: {},
    state: 'IN_PROGRESS',
    create_time: now,
    update_time: now,
  };
  acc(ctx).batchJobs[batch.id] = batch;
  const state = acc(ctx);
  for (const id of new Set(input.identity_ids)) {
    const identity = state.identities[id];
    if (!identity || identity.realm_id !== realm.id) {
      batch.errors[id] = { message: `no identity ${id} in the realm` };
      continue;
    }
    if (identity.status !== 'active') {
      batch.errors[id] = { message: 'the identity is suspended' };
      continue;
    }
    batch.job_ids.push(createJob(ctx, identity, input.job_template, 'EMAIL', batch.id).id);
  }
  return { body: batchView(ctx.world, batch) };
};

const findBatch = (ctx: HandlerContext) =>
  inRealm(
    ctx,
    acc(ctx).batchJobs,
    'batch_credential_binding_job',
    ctx.params.batch_credential_binding_job_id,
  );

const getBatchCredentialBindingJob: Handler = (ctx) => ({
  body: batchView(ctx.world, findBatch(ctx)),
});

/** The published `maxItems` of a batch's results. */
const BATCH_RESULTS_MAX = 200;

const listBatchCredentialBindingJobResults: Handler = (ctx) => {
  const batch = findBatch(ctx);
  const jobs = batch.job_ids
    .map((id) => acc(ctx).bindingJobs[id])
    .filter((j): j is CredentialBindingJobRecord => j !== undefined)
    .map((j) => settle(ctx.world, j));
  const count = (test: (s: CredentialBindingJobState) => boolean) =>
    jobs.filter((j) => test(j.state)).length;
  const { items, ...rest } = singlePage(jobs, BATCH_RESULTS_MAX);
  return {
    body: {
      job_results: items,
      total_success_count: count((s) => s === 'COMPLETE'),
      total_failure_count:
        count((s) => s !== 'COMPLETE' && isFinal(s)) + Object.keys(batch.errors).length,
      total_pending_count: count((s) => !isFinal(s)),
      ...rest,
    },
  };
};

/** Handlers of the credential binding job operations. */
export const bindingJobHandlers: Record<string, Handler> = {
  createCredentialBindingJob,
  listCredentialBindingJobs,
  getCredentialBindingJob,
  revokeCredentialBindingJob,
  createBatchCredentialBindingJob,
  getBatchCredentialBindingJob,
  listBatchCredentialBindingJobResults,
};

/** A control-surface failure: status and message. */
export class JobControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 410,
    message: string,
  ) {
    super(message);
  }
}

/** A job by id or by the secret of its link. */
export function jobFor(
  world: World,
  ref: { id?: string; token?: string },
): CredentialBindingJobRecord {
  const jobs = acc(world).bindingJobs;
  const job =
    ref.id !== undefined
      ? jobs[ref.id]
      : Object.values(jobs).find((j) => j.link_token === ref.token);
  if (!job) throw new JobControlError(404, 'no such credential binding job');
  return settle(world, job);
}

const identityActor = (world: World, job: CredentialBindingJobRecord): EventInput['actor'] => {
  const identity = acc(world).identities[job.identity_id];
  const username = identity?.traits.username;
  return {
    type: 'User',
    id: job.identity_id,
    display_id: typeof username === 'string' ? username : job.identity_id,
    tenant_id: job.tenant_id,
    ...(identity?.display_name ? { display_name: identity.display_name } : {}),
  };
};

function move(
  world: World,
  job: CredentialBindingJobRecord,
  from: readonly CredentialBindingJobState[],
  to: CredentialBindingJobState,
  action: string,
) {
  if (job.state === 'EXPIRED') throw new JobControlError(410, 'the binding link has expired');
  if (!from.includes(job.state))
    throw new JobControlError(409, `the job is ${job.state}; ${action} needs ${from.join(' or ')}`);
  job.state = to;
  job.update_time = world.clock.iso();
  recordJobChange({ world, correlationId: newId(), actor: identityActor(world, job) }, job, action);
  return job;
}

/** The identity opens the binding link: LINK_SENT to LINK_OPENED (opening again is harmless). */
export function openJob(world: World, job: CredentialBindingJobRecord) {
  if (job.state === 'LINK_OPENED') return job;
  return move(world, job, ['LINK_SENT'], 'LINK_OPENED', 'OPEN');
}

/** The binding request reaches the authenticator: REQUEST_DELIVERED. */
export function claimJob(world: World, job: CredentialBindingJobRecord) {
  if (job.state === 'LINK_SENT') openJob(world, job);
  return move(world, job, ['LINK_OPENED'], 'REQUEST_DELIVERED', 'CLAIM');
}

/** The authenticator binds a credential: COMPLETE, with the new credential's id on the job. */
export function completeJob(world: World, job: CredentialBindingJobRecord, csrType?: CsrType) {
  if (job.state === 'LINK_SENT' || job.state === 'LINK_OPENED') claimJob(world, job);
  if (job.state !== 'REQUEST_DELIVERED')
    throw new JobControlError(job.state === 'EXPIRED' ? 410 : 409, `the job is ${job.state}`);
  const identity = acc(world).identities[job.identity_id];
  if (!identity) throw new JobControlError(409, 'the identity no longer exists');
  const credential = issueCredential(world, identity, csrType);
  job.credential_id = credential.id;
  move(world, job, ['REQUEST_DELIVERED'], 'COMPLETE', 'COMPLETE');
  recordCredentialChange(
    { world, correlationId: newId(), actor: identityActor(world, job) },
    credential,
    'CREATE',
  );
  return { job, credential };
}
