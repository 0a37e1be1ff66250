// Lookups shared by the workforce handlers: a resource of the caller's tenant, or the error the
// platform gives (404 with ResourceInfo when absent, 403 for another tenant or a permission group).
import { ApiFailure, forbidden, notFound } from '../../http/errors.js';
import type { OperationSpec } from '../../spec/operations.js';
import type { WorkforceGroupRecord, WorkforceState, WorkforceUserRecord } from '../../state.js';
import type { HandlerContext } from '../types.js';

/** The workforce state. */
export const wf = (ctx: HandlerContext): WorkforceState => ctx.world.state.workforce;

/** The caller's tenant id. */
export function tenantOf(ctx: HandlerContext): string {
  if (!ctx.principal) throw new ApiFailure(401, 'token not recognised');
  return ctx.principal.tenantId;
}

/** Now on the emulator's clock (RFC 3339). */
export const nowIso = (ctx: HandlerContext): string => ctx.world.clock.iso();

/** A user of the caller's tenant; 404 when absent, 403 when another tenant's. */
export function findUser(ctx: HandlerContext, id: string): WorkforceUserRecord {
  const user = wf(ctx).users[id];
  if (!user) throw notFound('user', id);
  if (user.tenant_id !== tenantOf(ctx))
    throw forbidden('resource belongs to another tenant', { type: 'user', id });
  return user;
}

/** A group of the caller's tenant; 403 for a permission group or another tenant's group. */
export function findGroup(ctx: HandlerContext, id: string): WorkforceGroupRecord {
  const group = wf(ctx).groups[id];
  if (!group) throw notFound('group', id);
  if (group.tenant_id !== tenantOf(ctx))
    throw forbidden('resource belongs to another tenant', { type: 'group', id });
  if (group.kind === 'permission')
    throw forbidden('permission groups cannot be managed through this API', { type: 'group', id });
  return group;
}

/** Users of a tenant in creation order. */
export const usersOf = (state: WorkforceState, tenantId: string) =>
  Object.values(state.users).filter((u) => u.tenant_id === tenantId);

/** Groups of a tenant (permission groups included) in creation order. */
export const groupsOf = (state: WorkforceState, tenantId: string) =>
  Object.values(state.groups).filter((g) => g.tenant_id === tenantId);

/** Whether a user has a passkey. */
export const hasPasskey = (state: WorkforceState, userId: string) =>
  Object.values(state.passkeys).some((p) => p.user_id === userId);

/** The first of the statuses the operation declares, for choices the reference leaves open. */
export function declaredStatus(op: OperationSpec, preferred: number[], fallback: number): number {
  return preferred.find((status) => op.responses[String(status)] !== undefined) ?? fallback;
}

/** The user as the native API shows it. */
export function userView(state: WorkforceState, user: WorkforceUserRecord) {
  return {
    id: user.id,
    create_time: user.create_time,
    update_time: user.update_time,
    ...(user.last_auth_time ? { last_auth_time: user.last_auth_time } : {}),
    tenant_id: user.tenant_id,
    ...(user.external_id !== undefined ? { external_id: user.external_id } : {}),
    ...(user.email_address !== undefined ? { email_address: user.email_address } : {}),
    ...(user.username !== undefined ? { username: user.username } : {}),
    ...(user.display_name !== undefined ? { display_name: user.display_name } : {}),
    state: user.state,
    source: user.source,
    has_active_passkey: hasPasskey(state, user.id),
  };
}

/** The group as the native API shows it; `member_count` only in lists. */
export function groupView(group: WorkforceGroupRecord, withCount = false) {
  return {
    id: group.id,
    create_time: group.create_time,
    update_time: group.update_time,
    tenant_id: group.tenant_id,
    name: group.name,
    ...(group.description !== undefined ? { description: group.description } : {}),
    source: group.source,
    ...(withCount ? { member_count: group.members.length } : {}),
  };
}

/** A user as event data (`UserChange`, `GroupMembershipChange`). */
export const userSummary = (user: WorkforceUserRecord) => ({
  type_name: 'User',
  id: user.id,
  ...(user.external_id !== undefined ? { external_id: user.external_id } : {}),
  ...(user.username !== undefined ? { user_name: user.username } : {}),
  ...(user.display_name !== undefined ? { user_display: user.display_name } : {}),
  ...(user.email_address !== undefined ? { email: user.email_address } : {}),
  status: user.state,
});

/** A group as event data. */
export const groupSummary = (group: WorkforceGroupRecord) => ({
  type_name: 'Group',
  id: group.id,
  name: group.name,
  description: group.description ?? '',
  source: group.source,
});

/**
 * SCIM changes carry data from the caller's identity provider, a process the platform does not
 * control, so their events are recorded as not attested (`attested: false`).
 */
const attestedFor = (service: string) => service !== 'scim';

/** Records a `USER_CHANGE`. */
export function recordUserChange(
  ctx: HandlerContext,
  user: WorkforceUserRecord,
  action: string,
  service = 'directory',
) {
  ctx.record({
    tenantId: user.tenant_id,
    eventType: 'USER_CHANGE',
    service,
    attested: attestedFor(service),
    data: { type_name: 'UserChange', user: userSummary(user), action },
  });
}

/** Records a `GROUP_CHANGE`. */
export function recordGroupChange(
  ctx: HandlerContext,
  group: WorkforceGroupRecord,
  action: string,
  service = 'directory',
) {
  ctx.record({
    tenantId: group.tenant_id,
    eventType: 'GROUP_CHANGE',
    service,
    attested: attestedFor(service),
    data: { type_name: 'GroupChange', group: groupSummary(group), action },
  });
}

/** Records a `GROUP_MEMBERSHIP_CHANGE`. */
export function recordMembership(
  ctx: HandlerContext,
  group: WorkforceGroupRecord,
  user: WorkforceUserRecord,
  action: 'ADD' | 'REMOVE',
  service = 'directory',
) {
  ctx.record({
    tenantId: group.tenant_id,
    eventType: 'GROUP_MEMBERSHIP_CHANGE',
    service,
    attested: attestedFor(service),
    data: {
      type_name: 'GroupMembershipChange',
      group: groupSummary(group),
      user: userSummary(user),
      action,
    },
  });
}

/** Removes a user everywhere: memberships, passkeys; records the events. */
export function removeUser(ctx: HandlerContext, user: WorkforceUserRecord, service = 'directory') {
  const state = wf(ctx);
  for (const group of groupsOf(state, user.tenant_id)) {
    const at = group.members.indexOf(user.id);
    if (at >= 0) {
      group.members.splice(at, 1);
      recordMembership(ctx, group, user, 'REMOVE', service);
    }
  }
  for (const passkey of Object.values(state.passkeys))
    if (passkey.user_id === user.id) delete state.passkeys[passkey.id];
  delete state.users[user.id];
  recordUserChange(ctx, user, 'DELETE', service);
}
