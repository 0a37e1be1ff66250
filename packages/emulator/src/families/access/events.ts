// The events family A records for its changes, with the shapes of the events spec: tenant,
// realm, group, identity (`USER_CHANGE`), membership, credential binding job and credential.
// The caller's `x-correlation_id`, when sent, is the events' correlation id.
import type { EventInput, HandlerContext, World } from '../types.js';
import type {
  AccessCredentialRecord,
  AccessGroupRecord,
  AccessIdentityRecord,
  AccessRealmRecord,
  AccessSource,
  AccessTenantRecord,
  CredentialBindingJobRecord,
} from './state.js';

/** The emitting service of the management API's events. */
const SERVICE = 'access-management';
const SCIM_SERVICE = 'scim';

/** Records an event for a request. SCIM changes are not attested (their data is the IdP's). */
export function recordAccess(
  ctx: HandlerContext,
  input: Omit<EventInput, 'service'> & { service?: string },
): void {
  const correlationId = ctx.headers.get('x-correlation_id') ?? ctx.correlationId;
  const service = input.service ?? SERVICE;
  ctx.world.record(
    { ...input, service, attested: input.attested ?? service !== SCIM_SERVICE },
    correlationId,
    ctx.principal,
  );
}

const serviceOf = (source: AccessSource | undefined) =>
  source === 'scim' ? SCIM_SERVICE : SERVICE;

/** An identity as event data (the events spec's `User`). */
export function identitySummary(identity: AccessIdentityRecord) {
  const traits = identity.traits as Record<string, unknown>;
  const text = (key: string) => (typeof traits[key] === 'string' ? (traits[key] as string) : '');
  return {
    type_name: 'User',
    id: identity.id,
    external_id: text('external_id'),
    email: text('primary_email_address'),
    status: identity.status === 'active' ? 'ACTIVE' : 'SUSPENDED',
    user_display: identity.display_name ?? '',
    user_name: text('username'),
  };
}

/** A group as event data. */
export const groupSummary = (group: AccessGroupRecord) => ({
  type_name: 'Group',
  id: group.id,
  name: group.display_name ?? '',
  description: group.description ?? '',
  source: group.source,
});

export function recordTenantChange(ctx: HandlerContext, tenant: AccessTenantRecord) {
  recordAccess(ctx, {
    tenantId: tenant.id,
    eventType: 'TENANT_CHANGE',
    data: {
      type_name: 'TenantChange',
      tenant: {
        id: tenant.id,
        classification: 'ACCESS',
        date_created: tenant.create_time,
        profile_handle: tenant.id,
        profile_logo_uri: '',
        profile_display_name: tenant.display_name,
        enrollment_email_template_id: '',
        enable_roaming_authentication: false,
      },
      action: 'UPDATE',
    },
  });
}

export function recordRealmChange(ctx: HandlerContext, realm: AccessRealmRecord, action: string) {
  recordAccess(ctx, {
    tenantId: realm.tenant_id,
    eventType: 'REALM_CHANGE',
    data: {
      type_name: 'RealmChange',
      realm: {
        id: realm.id,
        name: realm.id,
        display_name: realm.display_name,
        tenant_uuid: realm.tenant_id,
        create_time: realm.create_time,
      },
      action,
    },
  });
}

export function recordGroupChange(ctx: HandlerContext, group: AccessGroupRecord, action: string) {
  recordAccess(ctx, {
    tenantId: group.tenant_id,
    eventType: 'GROUP_CHANGE',
    service: serviceOf(group.source),
    data: { type_name: 'GroupChange', group: groupSummary(group), action },
  });
}

export function recordIdentityChange(
  ctx: HandlerContext,
  identity: AccessIdentityRecord,
  action: string,
  service: 'native' | 'scim' = 'native',
) {
  recordAccess(ctx, {
    tenantId: identity.tenant_id,
    eventType: 'USER_CHANGE',
    service: serviceOf(service),
    data: { type_name: 'UserChange', user: identitySummary(identity), action },
  });
}

export function recordMembership(
  ctx: HandlerContext,
  group: AccessGroupRecord,
  identity: AccessIdentityRecord,
  action: 'ADD' | 'REMOVE',
  service: 'native' | 'scim' = 'native',
) {
  recordAccess(ctx, {
    tenantId: group.tenant_id,
    eventType: 'GROUP_MEMBERSHIP_CHANGE',
    service: serviceOf(service),
    data: {
      type_name: 'GroupMembershipChange',
      group: groupSummary(group),
      user: identitySummary(identity),
      action,
    },
  });
}

/** Records a credential binding job change from a request or from the control surface. */
export function recordJobChange(
  target: HandlerContext | { world: World; correlationId: string; actor?: EventInput['actor'] },
  job: CredentialBindingJobRecord,
  _action: string,
) {
  const input: EventInput = {
    tenantId: job.tenant_id,
    eventType: 'CREDENTIAL_BINDING_JOB_CHANGE',
    service: SERVICE,
    // The event type is published, the shape of its data is not: none is invented.
  };
  if ('op' in target) recordAccess(target, input);
  else
    target.world.record(
      { ...input, ...(target.actor ? { actor: target.actor } : {}) },
      target.correlationId,
    );
}

/** Records a credential change. */
export function recordCredentialChange(
  target: HandlerContext | { world: World; correlationId: string; actor?: EventInput['actor'] },
  credential: AccessCredentialRecord,
  _action: string,
) {
  const input: EventInput = {
    tenantId: credential.tenant_id,
    eventType: 'CREDENTIAL_CHANGE',
    service: SERVICE,
    // The event type is published, the shape of its data is not: none is invented.
  };
  if ('op' in target) recordAccess(target, input);
  else
    target.world.record(
      { ...input, ...(target.actor ? { actor: target.actor } : {}) },
      target.correlationId,
    );
}
