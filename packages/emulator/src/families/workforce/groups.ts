// Native groups (`/v2/groups`): unique names (409), permission groups (403, never listed),
// membership changes that ignore users already in or not in the group.
import { GROUP_FILTER_FIELDS, GROUP_SORT_FIELDS } from '@x/workforce';
import { conflict, forbidden, invalidField } from '../../http/errors.js';
import { offsetPage } from '../../lists/offset-list.js';
import { newId } from '../../random.js';
import {
  nextSeq,
  type WorkforceGroupRecord,
  type WorkforceState,
  type WorkforceUserRecord,
} from '../../state.js';
import type { Handler } from '../types.js';
import {
  findGroup,
  findUser,
  groupsOf,
  groupView,
  nowIso,
  recordGroupChange,
  recordMembership,
  tenantOf,
  userView,
  wf,
} from './common.js';
import { userListSpec } from './users.js';

/** 403 for a permission group's name, 409 for another group's name (case-insensitive). */
export function checkGroupName(
  state: WorkforceState,
  tenantId: string,
  name: string,
  self?: string,
) {
  for (const other of groupsOf(state, tenantId)) {
    if (other.id === self || other.name.toLowerCase() !== name.toLowerCase()) continue;
    if (other.kind === 'permission')
      throw forbidden('the name belongs to a permission group', { type: 'group', id: other.id });
    throw conflict(`a group named ${JSON.stringify(name)} already exists`);
  }
}

function groupInput(body: unknown): { name?: string; description?: string } {
  const group = (body as { group?: Record<string, unknown> }).group ?? {};
  return {
    ...(typeof group.name === 'string' ? { name: group.name } : {}),
    ...(typeof group.description === 'string' ? { description: group.description } : {}),
  };
}

const createGroup: Handler = (ctx) => {
  const tenantId = tenantOf(ctx);
  const input = groupInput(ctx.body);
  // The name is the group's SCIM `displayName`, which the published SCIMGroup requires non-empty.
  if (input.name === undefined) throw invalidField('group.name', 'missing');
  if (input.name === '') throw invalidField('group.name', 'must not be empty');
  const name = input.name;
  const state = wf(ctx);
  checkGroupName(state, tenantId, name);
  const now = nowIso(ctx);
  const group: WorkforceGroupRecord = {
    id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: tenantId,
    create_time: now,
    update_time: now,
    name,
    ...(input.description !== undefined ? { description: input.description } : {}),
    source: 'native',
    kind: 'standard',
    members: [],
  };
  state.groups[group.id] = group;
  recordGroupChange(ctx, group, 'CREATE');
  return { body: groupView(group) };
};

const listGroups: Handler = (ctx) => {
  const groups = groupsOf(wf(ctx), tenantOf(ctx)).filter((g) => g.kind !== 'permission');
  const { page, total } = offsetPage(groups, ctx.query, {
    filterFields: GROUP_FILTER_FIELDS,
    sortFields: GROUP_SORT_FIELDS,
    seq: (g) => g.seq,
    value: (g, field) => (g as unknown as Record<string, unknown>)[field],
  });
  return { body: { groups: page.map((g) => groupView(g, true)), total_size: total } };
};

const getGroup: Handler = (ctx) => ({ body: groupView(findGroup(ctx, ctx.params.group_id!)) });

const updateGroup: Handler = (ctx) => {
  const group = findGroup(ctx, ctx.params.group_id!);
  const input = groupInput(ctx.body);
  if (input.name === '') throw invalidField('group.name', 'must not be empty');
  if (input.name !== undefined) checkGroupName(wf(ctx), group.tenant_id, input.name, group.id);
  Object.assign(group, input, { update_time: nowIso(ctx) });
  recordGroupChange(ctx, group, 'UPDATE');
  return { body: groupView(group) };
};

const deleteGroup: Handler = (ctx) => {
  const group = findGroup(ctx, ctx.params.group_id!);
  delete wf(ctx).groups[group.id];
  recordGroupChange(ctx, group, 'DELETE');
  return {};
};

const listGroupUsers: Handler = (ctx) => {
  const group = findGroup(ctx, ctx.params.group_id!);
  const state = wf(ctx);
  const members = group.members
    .map((id) => state.users[id])
    .filter((u): u is WorkforceUserRecord => u !== undefined);
  const { page, total } = offsetPage(members, ctx.query, userListSpec(state));
  return { body: { users: page.map((u) => userView(state, u)), total_size: total } };
};

/**
 * The users named in an add/delete body, each checked before anything changes. An id that names
 * no user is left out: the reference ignores users already in (or not in) the group and publishes
 * no refusal of an unknown id.
 */
function usersIn(ctx: Parameters<Handler>[0], ids: string[]): WorkforceUserRecord[] {
  const out: WorkforceUserRecord[] = [];
  for (const id of new Set(ids)) if (wf(ctx).users[id]) out.push(findUser(ctx, id));
  return out;
}

const addGroupUsers: Handler = (ctx) => {
  const group = findGroup(ctx, ctx.params.group_id!);
  const users = usersIn(ctx, (ctx.body as { user_ids: string[] }).user_ids);
  let changed = false;
  for (const user of users) {
    if (group.members.includes(user.id)) continue;
    group.members.push(user.id);
    changed = true;
    recordMembership(ctx, group, user, 'ADD');
  }
  if (changed) group.update_time = nowIso(ctx);
  return { body: groupView(group) };
};

const deleteGroupUsers: Handler = (ctx) => {
  const group = findGroup(ctx, ctx.params.group_id!);
  const users = usersIn(ctx, (ctx.body as { user_ids: string[] }).user_ids);
  let changed = false;
  for (const user of users) {
    const at = group.members.indexOf(user.id);
    if (at < 0) continue;
    group.members.splice(at, 1);
    changed = true;
    recordMembership(ctx, group, user, 'REMOVE');
  }
  if (changed) group.update_time = nowIso(ctx);
  return { body: groupView(group) };
};

/** Handlers of the native group operations. */
export const groupHandlers: Record<string, Handler> = {
  createGroup,
  listGroups,
  getGroup,
  updateGroup,
  deleteGroup,
  listGroupUsers,
  addGroupUsers,
  deleteGroupUsers,
};
