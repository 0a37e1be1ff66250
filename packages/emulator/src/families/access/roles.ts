// Roles of a resource server: create, list, get, partial update, delete (409 while the role has
// scopes or members); members (groups and identities, 1 to 1000 of each kind, at least one id
// overall) with a list that pages each kind separately; scopes (only those the resource server
// defines) with their list.
import { conflict, invalidField } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, assignSent, fresh, missing, nowIso, ofRealm, wrapped } from './common.js';
import { groupsNamed, identitiesNamed } from './groups.js';
import { pageRequest, tokenPage } from './paging.js';
import { findResourceServer } from './resource-servers.js';
import type { AccessGroupRecord, AccessIdentityRecord, RoleRecord } from './state.js';

/** A role of the path's resource server. */
function findRole(ctx: HandlerContext): RoleRecord {
  const server = findResourceServer(ctx);
  const id = ctx.params.role_id ?? '';
  const role = acc(ctx).roles[id];
  if (!role || role.resource_server_id !== server.id) throw missing(ctx, 'role', id);
  return role;
}

const createRole: Handler = (ctx) => {
  const server = findResourceServer(ctx);
  const input = wrapped(ctx, 'role');
  const now = nowIso(ctx);
  const role: RoleRecord = {
    ...fresh(ctx),
    tenant_id: server.tenant_id,
    realm_id: server.realm_id,
    resource_server_id: server.id,
    ...(typeof input.display_name === 'string' ? { display_name: input.display_name } : {}),
    ...(typeof input.description === 'string' ? { description: input.description } : {}),
    scopes: [],
    group_ids: [],
    identity_ids: [],
    create_time: now,
    update_time: now,
  };
  acc(ctx).roles[role.id] = role;
  return { body: role };
};

const listRoles: Handler = (ctx) => {
  const server = findResourceServer(ctx);
  const roles = ofRealm(acc(ctx).roles, server.realm_id).filter(
    (r) => r.resource_server_id === server.id,
  );
  const { items, ...rest } = tokenPage(roles, pageRequest(ctx, { defaultSize: 20, maxSize: 200 }));
  return { body: { roles: items, ...rest } };
};

const getRole: Handler = (ctx) => ({ body: findRole(ctx) });

const updateRole: Handler = (ctx) => {
  const role = findRole(ctx);
  if (assignSent(role, wrapped(ctx, 'role'), ['display_name', 'description']))
    role.update_time = nowIso(ctx);
  return { body: role };
};

const deleteRole: Handler = (ctx) => {
  const role = findRole(ctx);
  const members = role.group_ids.length + role.identity_ids.length;
  if (role.scopes.length || members)
    throw conflict(
      `the role still has ${role.scopes.length} scopes and ${members} members; remove them first`,
    );
  delete acc(ctx).roles[role.id];
  return {};
};

/** The groups and identities of a members body, all checked before anything changes. */
function membersOf(ctx: HandlerContext) {
  const body = ctx.body as { group_ids?: string[]; identity_ids?: string[] };
  if (!body.group_ids?.length && !body.identity_ids?.length)
    throw invalidField('group_ids', 'send at least one group or identity id');
  return {
    groups: groupsNamed(ctx, body.group_ids ?? []),
    identities: identitiesNamed(ctx, body.identity_ids ?? []),
  };
}

const addRoleMembers: Handler = (ctx) => {
  const role = findRole(ctx);
  const { groups, identities } = membersOf(ctx);
  for (const g of groups) if (!role.group_ids.includes(g.id)) role.group_ids.push(g.id);
  for (const i of identities) if (!role.identity_ids.includes(i.id)) role.identity_ids.push(i.id);
  role.update_time = nowIso(ctx);
  return { body: role };
};

const deleteRoleMembers: Handler = (ctx) => {
  const role = findRole(ctx);
  const body = ctx.body as { group_ids?: string[]; identity_ids?: string[] };
  if (!body.group_ids?.length && !body.identity_ids?.length)
    throw invalidField('group_ids', 'send at least one group or identity id');
  const groups = new Set(body.group_ids ?? []);
  const identities = new Set(body.identity_ids ?? []);
  role.group_ids = role.group_ids.filter((id) => !groups.has(id));
  role.identity_ids = role.identity_ids.filter((id) => !identities.has(id));
  role.update_time = nowIso(ctx);
  return { body: role };
};

const listRoleMembers: Handler = (ctx) => {
  const role = findRole(ctx);
  const state = acc(ctx);
  const page = pageRequest(ctx, {
    defaultSize: 20,
    maxSize: 200,
    sizeParam: 'groups_page_size',
    skipParam: 'groups_skip',
    second: { sizeParam: 'identities_page_size', skipParam: 'identities_skip' },
  });
  const groups = role.group_ids
    .map((id) => state.groups[id])
    .filter((g): g is AccessGroupRecord => g !== undefined);
  const identities = role.identity_ids
    .map((id) => state.identities[id])
    .filter((i): i is AccessIdentityRecord => i !== undefined);
  const second = page.second!;
  const groupPage = groups.slice(page.start, page.start + page.size);
  const identityPage = identities.slice(second.start, second.start + second.size);
  const more =
    page.start + page.size < groups.length || second.start + second.size < identities.length;
  return {
    body: {
      groups: groupPage,
      total_groups_size: groups.length,
      identities: identityPage,
      total_identities_size: identities.length,
      ...(more
        ? { next_page_token: page.next(page.offset + page.size, second.offset + second.size) }
        : {}),
    },
  };
};

const addRoleScopes: Handler = (ctx) => {
  const role = findRole(ctx);
  // The role's resource server must exist (404); which scopes it takes is not published (a
  // resource server's scopes change apart from its roles': "the role's scopes must be updated by
  // hand").
  findResourceServer(ctx);
  const scopes = (ctx.body as { scopes: string[] }).scopes;
  for (const scope of scopes) if (!role.scopes.includes(scope)) role.scopes.push(scope);
  role.update_time = nowIso(ctx);
  return { body: role };
};

const deleteRoleScopes: Handler = (ctx) => {
  const role = findRole(ctx);
  const scopes = new Set((ctx.body as { scopes: string[] }).scopes);
  role.scopes = role.scopes.filter((s) => !scopes.has(s));
  role.update_time = nowIso(ctx);
  return { body: role };
};

const listRoleScopes: Handler = (ctx) => {
  const role = findRole(ctx);
  const { items, ...rest } = tokenPage(
    role.scopes,
    pageRequest(ctx, { defaultSize: 20, maxSize: 200 }),
  );
  return { body: { scopes: items, ...rest } };
};

/** Handlers of the role operations. */
export const roleHandlers: Record<string, Handler> = {
  createRole,
  listRoles,
  getRole,
  updateRole,
  deleteRole,
  addRoleMembers,
  deleteRoleMembers,
  listRoleMembers,
  addRoleScopes,
  deleteRoleScopes,
  listRoleScopes,
};
