// Groups of identities: create, list, get, partial update, delete (409 while it has members),
// add and remove members (1 to 1000 identity ids; members already in, or not in, are ignored),
// the members list, and the roles of one resource server the group holds (409 for a resource
// server that does not exist). Display names need not be unique: the platform publishes no 409
// for group creation in this family.
import { conflict } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, assignSent, fresh, inRealm, nowIso, ofRealm, realmOf, wrapped } from './common.js';
import { recordGroupChange, recordMembership } from './events.js';
import { pageRequest, tokenPage } from './paging.js';
import type { AccessGroupRecord, AccessIdentityRecord, RoleRecord } from './state.js';

/** A group of the path's realm. */
export const findGroup = (ctx: HandlerContext, id = ctx.params.group_id) =>
  inRealm(ctx, acc(ctx).groups, 'group', id);

/** An identity of the path's realm. */
export const findIdentity = (ctx: HandlerContext, id = ctx.params.identity_id) =>
  inRealm(ctx, acc(ctx).identities, 'identity', id);

/** The identities named in a body, each checked (404) before anything changes. */
export function identitiesNamed(ctx: HandlerContext, ids: readonly string[]) {
  return [...new Set(ids)].map((id) => findIdentity(ctx, id));
}

/** The groups named in a body, each checked (404) before anything changes. */
export function groupsNamed(ctx: HandlerContext, ids: readonly string[]) {
  return [...new Set(ids)].map((id) => findGroup(ctx, id));
}

/** A new group of the path's realm (native or through SCIM). */
export function newGroup(
  ctx: HandlerContext,
  input: { display_name?: string; description?: string },
  source: AccessGroupRecord['source'],
): AccessGroupRecord {
  const realm = realmOf(ctx);
  const now = nowIso(ctx);
  const group: AccessGroupRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    members: [],
    source,
    ...(source === 'scim' ? { scim_version: 1 } : {}),
    create_time: now,
    update_time: now,
  };
  acc(ctx).groups[group.id] = group;
  recordGroupChange(ctx, group, 'CREATE');
  return group;
}

/** Adds identities to a group (those already in are ignored); true when it changed. */
export function addMembers(
  ctx: HandlerContext,
  group: AccessGroupRecord,
  identities: readonly AccessIdentityRecord[],
  service: 'native' | 'scim' = 'native',
): boolean {
  let changed = false;
  for (const identity of identities) {
    if (group.members.includes(identity.id)) continue;
    group.members.push(identity.id);
    changed = true;
    recordMembership(ctx, group, identity, 'ADD', service);
  }
  if (changed) group.update_time = nowIso(ctx);
  return changed;
}

/** Removes identities from a group (those not in are ignored); true when it changed. */
export function removeMembers(
  ctx: HandlerContext,
  group: AccessGroupRecord,
  ids: readonly string[],
  service: 'native' | 'scim' = 'native',
): boolean {
  let changed = false;
  for (const id of ids) {
    const at = group.members.indexOf(id);
    if (at < 0) continue;
    group.members.splice(at, 1);
    changed = true;
    const identity = acc(ctx).identities[id];
    if (identity) recordMembership(ctx, group, identity, 'REMOVE', service);
  }
  if (changed) group.update_time = nowIso(ctx);
  return changed;
}

/** Deletes a group: its memberships, role grants and SSO assignments go with it. */
export function removeGroup(
  ctx: HandlerContext,
  group: AccessGroupRecord,
  service: 'native' | 'scim' = 'native',
) {
  const state = acc(ctx);
  removeMembers(ctx, group, [...group.members], service);
  for (const role of Object.values(state.roles))
    role.group_ids = role.group_ids.filter((id) => id !== group.id);
  for (const sso of Object.values(state.ssoConfigs))
    sso.group_ids = sso.group_ids.filter((id) => id !== group.id);
  delete state.groups[group.id];
  recordGroupChange(ctx, group, 'DELETE');
}

/**
 * The resource server a role list names: 409 when it does not exist in the realm (the
 * published rule for `listRoles` of groups and identities).
 */
export function resourceServerFilter(ctx: HandlerContext): string | undefined {
  const id = ctx.query.resource_server_id;
  if (typeof id !== 'string') return undefined;
  const realm = realmOf(ctx);
  const server = acc(ctx).resourceServers[id];
  if (!server || server.realm_id !== realm.id)
    throw conflict(`the resource server ${id} does not exist`);
  return id;
}

/** A page of roles in the shape of `RoleList`. */
export function rolePage(ctx: HandlerContext, roles: RoleRecord[]) {
  const { items, ...rest } = tokenPage(
    roles,
    pageRequest(ctx, { defaultSize: 20, maxSize: 200, keptNames: ['resource_server_id'] }),
  );
  return { roles: items, ...rest };
}

const createGroup: Handler = (ctx) => {
  const input = wrapped(ctx, 'group') as { display_name?: string; description?: string };
  return { body: newGroup(ctx, input, 'native') };
};

const listGroups: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const { items, ...rest } = tokenPage(
    ofRealm(acc(ctx).groups, realm.id),
    pageRequest(ctx, { defaultSize: 20, maxSize: 200 }),
  );
  return { body: { groups: items, ...rest } };
};

const getGroup: Handler = (ctx) => ({ body: findGroup(ctx) });

const updateGroup: Handler = (ctx) => {
  const group = findGroup(ctx);
  if (assignSent(group, wrapped(ctx, 'group'), ['display_name', 'description'])) {
    group.update_time = nowIso(ctx);
    recordGroupChange(ctx, group, 'UPDATE');
  }
  return { body: group };
};

const deleteGroup: Handler = (ctx) => {
  const group = findGroup(ctx);
  if (group.members.length)
    throw conflict(`the group still has ${group.members.length} members; remove them first`);
  removeGroup(ctx, group);
  return {};
};

const addGroupMembers: Handler = (ctx) => {
  const group = findGroup(ctx);
  const identities = identitiesNamed(ctx, (ctx.body as { identity_ids: string[] }).identity_ids);
  addMembers(ctx, group, identities);
  return { body: group };
};

const deleteGroupMembers: Handler = (ctx) => {
  const group = findGroup(ctx);
  removeMembers(ctx, group, (ctx.body as { identity_ids: string[] }).identity_ids);
  return { body: group };
};

const listGroupMembers: Handler = (ctx) => {
  const group = findGroup(ctx);
  const state = acc(ctx);
  const members = group.members
    .map((id) => state.identities[id])
    .filter((i): i is AccessIdentityRecord => i !== undefined);
  const { items, ...rest } = tokenPage(
    members,
    pageRequest(ctx, { defaultSize: 20, maxSize: 200 }),
  );
  return { body: { identities: items, ...rest } };
};

const listGroupRoles: Handler = (ctx) => {
  const group = findGroup(ctx);
  const server = resourceServerFilter(ctx);
  const roles = ofRealm(acc(ctx).roles, group.realm_id).filter(
    (r) =>
      r.group_ids.includes(group.id) && (server === undefined || r.resource_server_id === server),
  );
  return { body: rolePage(ctx, roles) };
};

/** Handlers of the group operations. */
export const groupHandlers: Record<string, Handler> = {
  createGroup,
  listGroups,
  getGroup,
  updateGroup,
  deleteGroup,
  addGroupMembers,
  deleteGroupMembers,
  listGroupMembers,
  listGroupRoles,
};
