// Binding jobs: created PENDING with a short code returned only once, expiring after
// `ttl_seconds` on the emulator's clock; 412 `failed_precondition` for a user that is not
// active. The control surface claims (CLAIMED) and completes (SUCCESS, a new passkey) them.

import type { Clock } from '../../clock.js';
import { ApiFailure, invalidField, notFound } from '../../http/errors.js';
import { newId, shortCode } from '../../random.js';
import {
  type BindingJobRecord,
  type EmulatorState,
  nextSeq,
  type PasskeyRecord,
} from '../../state.js';
import type { Handler, World } from '../types.js';
import { findUser, tenantOf, userSummary, wf } from './common.js';

const DEFAULT_TTL_SECONDS = 60;

/** The job as `getBindingJob` shows it: never the short code. */
export function bindingJobView(job: BindingJobRecord, withCode = false) {
  return {
    id: job.id,
    tenant_id: job.tenant_id,
    user_id: job.user_id,
    ...(job.issuer_user_id !== undefined ? { issuer_user_id: job.issuer_user_id } : {}),
    delivery_method: job.delivery_method,
    state: job.state,
    short_code_delivery_details: {
      ...(withCode ? { short_code: job.short_code } : {}),
      expire_time: job.expire_time,
    },
  };
}

const createBindingJob: Handler = (ctx) => {
  const tenantId = tenantOf(ctx);
  const body = ctx.body as {
    binding_job: {
      user_id?: string;
      issuer_user_id?: string;
      delivery_method?: string;
      short_code_delivery_details?: { expire_time?: string };
    };
    ttl_seconds?: number;
  };
  const input = body.binding_job;
  const deliveryMethod = input.delivery_method ?? 'SHORT_CODE';
  if (deliveryMethod !== 'SHORT_CODE')
    throw invalidField('binding_job.delivery_method', 'only SHORT_CODE is supported');
  // Which fields the platform requires is not published: an absent `user_id` is proto3's empty
  // one, which names no user (404).
  const user = findUser(ctx, input.user_id ?? '');
  if (input.issuer_user_id !== undefined) findUser(ctx, input.issuer_user_id);
  if (user.state !== 'ACTIVE')
    throw new ApiFailure(412, 'the user is not active', {
      code: 'failed_precondition',
      details: [
        {
          type: 'ResourceInfo',
          resource_type: 'user',
          id: user.id,
          description: `user is ${user.state}`,
        },
      ],
    });
  const now = ctx.world.clock.now();
  // `ttl_seconds` applies only when the job carries no expiry time of its own. The reference
  // publishes no refusal of an expiry time already past: such a job's short code has expired.
  const own = input.short_code_delivery_details?.expire_time;
  const ownMs = own === undefined ? Number.NaN : Date.parse(own);
  if (own !== undefined && Number.isNaN(ownMs))
    throw invalidField(
      'binding_job.short_code_delivery_details.expire_time',
      'must be a date-time',
    );
  const expire = Number.isNaN(ownMs)
    ? now + (body.ttl_seconds ?? DEFAULT_TTL_SECONDS) * 1000
    : ownMs;
  const job: BindingJobRecord = {
    id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: tenantId,
    user_id: user.id,
    ...(input.issuer_user_id !== undefined ? { issuer_user_id: input.issuer_user_id } : {}),
    delivery_method: deliveryMethod,
    state: 'PENDING',
    short_code: shortCode(8),
    expire_time: new Date(expire).toISOString(),
    create_time: new Date(now).toISOString(),
  };
  wf(ctx).bindingJobs[job.id] = job;
  ctx.record({
    tenantId,
    eventType: 'ENROLLMENT_CHANGE',
    service: 'enrollment',
    data: {
      type_name: 'EnrollmentChange',
      enrollment: {
        user: userSummary(user),
        status: 'PENDING',
        date_created: job.create_time,
        date_modified: job.create_time,
      },
      action: 'CREATE',
    },
  });
  return { body: bindingJobView(job, true) };
};

const getBindingJob: Handler = (ctx) => {
  const job = wf(ctx).bindingJobs[ctx.params.binding_job_id!];
  if (!job) throw notFound('binding_job', ctx.params.binding_job_id!);
  if (job.tenant_id !== tenantOf(ctx))
    throw new ApiFailure(403, 'resource belongs to another tenant');
  return { body: bindingJobView(job) };
};

/** Handlers of the binding job operations. */
export const bindingJobHandlers: Record<string, Handler> = { createBindingJob, getBindingJob };

/** A control-surface failure: status and message. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function jobOf(state: EmulatorState, id: string): BindingJobRecord {
  const job = state.workforce.bindingJobs[id];
  if (!job) throw new ControlError(404, `no binding job ${id}`);
  return job;
}

/** Claims a job's short code: PENDING to CLAIMED, before it expires (and with its code, if given). */
export function claimBindingJob(world: World, id: string, code?: string): BindingJobRecord {
  const job = jobOf(world.state, id);
  if (job.state !== 'PENDING') throw new ControlError(409, `the job is ${job.state}, not PENDING`);
  if (Date.parse(job.expire_time) <= world.clock.now())
    throw new ControlError(410, 'the short code has expired');
  if (code !== undefined && code !== job.short_code)
    throw new ControlError(403, 'wrong short code');
  job.state = 'CLAIMED';
  job.claim_time = world.clock.iso();
  return job;
}

/** Details of the device a completed job binds. */
export interface DeviceInput {
  platform?: string;
  hostname?: string;
  serial_number?: string;
  device_name?: string;
  major_version?: number;
  minor_version?: number;
  app_version?: string;
  is_rooted?: boolean;
}

/**
 * Completes a claimed job (a pending one is claimed first): creates the passkey, signed by the
 * tenant's current intermediate certificate (a new one after a retirement), and moves the job
 * to SUCCESS.
 */
export function completeBindingJob(
  world: World,
  id: string,
  device: DeviceInput = {},
): { job: BindingJobRecord; passkey: PasskeyRecord } {
  const state = world.state;
  let job = jobOf(state, id);
  if (job.state === 'PENDING') job = claimBindingJob(world, id);
  if (job.state !== 'CLAIMED') throw new ControlError(409, `the job is ${job.state}, not CLAIMED`);
  const user = state.workforce.users[job.user_id];
  if (!user) throw new ControlError(409, 'the job user no longer exists');
  const tenant = state.workforce.tenants[job.tenant_id];
  if (!tenant) throw new ControlError(409, 'the job tenant no longer exists');
  issuerFor(tenant, world.clock);
  const now = world.clock.iso();
  const platform = device.platform ?? 'MACOS';
  const major = device.major_version ?? 15;
  const minor = device.minor_version ?? 1;
  const passkey: PasskeyRecord = {
    id: newId(),
    seq: nextSeq(state),
    tenant_id: job.tenant_id,
    user_id: user.id,
    user_name: user.username ?? '',
    device_info: `${device.device_name ?? 'Emulated device'}, ${platform} ${major}.${minor}`,
    date_last_auth: now,
    date_created: now,
    platform,
    serial_number: device.serial_number ?? `EMU${shortCode(8)}`,
    hostname: device.hostname ?? `${(user.username ?? 'device').replace(/[^\w-]/g, '')}-device`,
    major_version: major,
    minor_version: minor,
    is_rooted: device.is_rooted ?? false,
    vulnerabilities: {},
    app_version: device.app_version ?? '1.0.0',
    sdk: 'emulator',
    major: String(major),
    minor: String(minor),
    patch: '0',
    hardware_serial_number: device.serial_number ?? '',
    device_name: device.device_name ?? 'Emulated device',
    is_jailbroken: false,
    tags: [],
    issuer_id: tenant.issuer.id,
  };
  state.workforce.passkeys[passkey.id] = passkey;
  job.state = 'SUCCESS';
  job.complete_time = now;
  job.passkey_id = passkey.id;
  user.last_auth_time = now;
  const actor = {
    type: 'User',
    id: user.id,
    display_id: user.email_address ?? user.username ?? user.id,
    tenant_id: user.tenant_id,
    ...(user.display_name ? { display_name: user.display_name } : {}),
  };
  world.record(
    {
      tenantId: job.tenant_id,
      eventType: 'DEVICE_CREDENTIAL_CHANGE',
      service: 'enrollment',
      actor,
      data: {
        type_name: 'DeviceCredentialChange',
        certificate: { type_name: 'Certificate', uuid: passkey.id, status: 'ACTIVE' },
        user: userSummary(user),
        device_info: {
          type_name: 'DeviceInfo',
          authenticator: {
            type_name: 'Authenticator',
            app_instance_id: passkey.id,
            app_version: passkey.app_version,
          },
        },
        action: 'CREATE',
      },
    },
    newId(),
  );
  return { job, passkey };
}

/** The tenant's current intermediate certificate; a new one is issued after a retirement. */
export function issuerFor(tenant: EmulatorState['workforce']['tenants'][string], clock: Clock) {
  if (tenant.issuer.retired.some((r) => r.id === tenant.issuer.id))
    tenant.issuer = { ...tenant.issuer, id: newId(), issued_at: clock.iso() };
  return tenant.issuer;
}
