// Native users (`/v2/users`): create (with the enrolment e-mail), list, get, partial update,
// delete, and a user's direct groups.
import { USER_FILTER_FIELDS, USER_SORT_FIELDS } from '@x/workforce';
import { ApiFailure } from '../../http/errors.js';
import { type ListSpec, offsetPage, plainPage } from '../../lists/offset-list.js';
import { newId } from '../../random.js';
import type { OperationSpec } from '../../spec/operations.js';
import { nextSeq, type WorkforceState, type WorkforceUserRecord } from '../../state.js';
import type { Handler, HandlerContext } from '../types.js';
import {
  declaredStatus,
  findUser,
  groupsOf,
  groupView,
  hasPasskey,
  nowIso,
  recordUserChange,
  removeUser,
  tenantOf,
  usersOf,
  userView,
  wf,
} from './common.js';

/** Writable user fields; anything else sent (read-only or immutable) is ignored. */
const WRITABLE = ['external_id', 'username', 'display_name', 'email_address'] as const;

/** How users are filtered and sorted (the SDK's tables). */
export const userListSpec = (state: WorkforceState): ListSpec<WorkforceUserRecord> => ({
  filterFields: USER_FILTER_FIELDS,
  sortFields: USER_SORT_FIELDS,
  seq: (u) => u.seq,
  value: (u, field) => {
    if (field === 'has_active_passkey') return hasPasskey(state, u.id);
    if (field === 'status') return u.state;
    return (u as unknown as Record<string, unknown>)[field];
  },
});

/** 409 when another user of the tenant has the same external id or username. */
export function checkUserConflicts(
  state: WorkforceState,
  tenantId: string,
  candidate: { external_id?: string | undefined; username?: string | undefined },
  self?: string,
  field = 'user',
  op?: OperationSpec,
) {
  // A SCIM operation that declares no 409 answers the uniqueness conflict as a 400.
  const conflict = (message: string) =>
    new ApiFailure(op ? declaredStatus(op, [409], 400) : 409, message, { scimType: 'uniqueness' });
  for (const other of usersOf(state, tenantId)) {
    if (other.id === self) continue;
    if (candidate.external_id !== undefined && other.external_id === candidate.external_id)
      throw conflict(
        `a user with ${field === 'user' ? 'external_id' : 'externalId'} ${JSON.stringify(candidate.external_id)} already exists`,
      );
    if (
      candidate.username !== undefined &&
      other.username !== undefined &&
      other.username.toLowerCase() === candidate.username.toLowerCase()
    )
      throw conflict(
        `a user with ${field === 'user' ? 'username' : 'userName'} ${JSON.stringify(candidate.username)} already exists`,
      );
  }
}

function writable(input: unknown): Partial<Record<(typeof WRITABLE)[number], string>> {
  const out: Partial<Record<(typeof WRITABLE)[number], string>> = {};
  if (typeof input !== 'object' || input === null) return out;
  for (const key of WRITABLE) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** Sends the enrolment e-mail of a new native user. */
export function sendEnrolment(ctx: HandlerContext, user: WorkforceUserRecord) {
  if (!user.email_address) return;
  const token = newId();
  ctx.world.send({
    family: 'workforce',
    kind: 'workforce.enrolment',
    tenant_id: user.tenant_id,
    to: user.email_address,
    subject: 'Enrol your passkey',
    text: `Hello ${user.display_name ?? user.username ?? ''}, enrol your passkey with this link: ${ctx.world.urls.workforce}/enrol/${token}`,
    token,
    user_id: user.id,
  });
}

const createUser: Handler = (ctx) => {
  const tenantId = tenantOf(ctx);
  const input = writable((ctx.body as { user?: unknown }).user);
  const state = wf(ctx);
  checkUserConflicts(state, tenantId, input);
  const now = nowIso(ctx);
  const user: WorkforceUserRecord = {
    id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: tenantId,
    create_time: now,
    update_time: now,
    ...input,
    state: 'ACTIVE',
    source: 'native',
  };
  state.users[user.id] = user;
  recordUserChange(ctx, user, 'CREATE');
  sendEnrolment(ctx, user);
  return { body: userView(state, user) };
};

const listUsers: Handler = (ctx) => {
  const state = wf(ctx);
  const { page, total } = offsetPage(usersOf(state, tenantOf(ctx)), ctx.query, userListSpec(state));
  return { body: { users: page.map((u) => userView(state, u)), total_size: total } };
};

const getUser: Handler = (ctx) => ({ body: userView(wf(ctx), findUser(ctx, ctx.params.user_id!)) });

const updateUser: Handler = (ctx) => {
  const user = findUser(ctx, ctx.params.user_id!);
  const changes = writable((ctx.body as { user?: unknown }).user);
  const state = wf(ctx);
  checkUserConflicts(state, user.tenant_id, changes, user.id);
  Object.assign(user, changes, { update_time: nowIso(ctx) });
  recordUserChange(ctx, user, 'UPDATE');
  return { body: userView(state, user) };
};

const deleteUser: Handler = (ctx) => {
  removeUser(ctx, findUser(ctx, ctx.params.user_id!));
  return {};
};

const listUserGroups: Handler = (ctx) => {
  const user = findUser(ctx, ctx.params.user_id!);
  const groups = groupsOf(wf(ctx), user.tenant_id).filter(
    (g) => g.kind !== 'permission' && g.members.includes(user.id),
  );
  const { page, total } = plainPage(groups, ctx.query);
  return { body: { groups: page.map((g) => groupView(g, true)), total_size: total } };
};

/** Handlers of the native user operations. */
export const userHandlers: Record<string, Handler> = {
  createUser,
  listUsers,
  getUser,
  updateUser,
  deleteUser,
  listUserGroups,
};
