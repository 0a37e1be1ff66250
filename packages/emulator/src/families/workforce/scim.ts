// The workforce SCIM 2.0 server: users and groups. Every user and group of the tenant is
// readable, but only those created through SCIM can be changed through it. Lists take
// `startIndex` (1-based) and `count` (0 or unset gives no resources, at most 1000) and the
// `eq`/`ne` filters the server supports. PATCH is not atomic: operations apply in order.
import { SCIM_USER_FILTER_FIELDS } from '@x/workforce';
import { filterPredicate } from '../../filter/scim-filter.js';
import { ApiFailure, conflict, invalidField, notFound } from '../../http/errors.js';
import { newId } from '../../random.js';
import { SERVICE_PROVIDER_CONFIG } from '../../scim/discovery.js';
import {
  ENTERPRISE_USER,
  isJson,
  type Json,
  listResponse,
  listResponseOf,
  listWindow,
  MEMBER_FILTER,
  notScimManaged,
  operationsOf,
  unsupportedPath,
  VENDOR_GROUP,
  valueFor,
} from '../../scim/protocol.js';
import { nextSeq, type WorkforceGroupRecord, type WorkforceUserRecord } from '../../state.js';
import type { Handler, HandlerContext } from '../types.js';
import {
  declaredStatus,
  groupsOf,
  nowIso,
  recordGroupChange,
  recordMembership,
  recordUserChange,
  removeUser,
  tenantOf,
  usersOf,
  wf,
} from './common.js';
import { checkGroupName } from './groups.js';
import { SCIM_RESOURCE_TYPES, SCIM_SCHEMAS, scimGroupView, scimUserView } from './scim-views.js';
import { checkUserConflicts } from './users.js';

/** Filter fields of SCIM groups: `eq` and `ne` on `displayName`. */
const SCIM_GROUP_FILTER_FIELDS = { displayName: 'exact' } as const;
const SERVICE = 'scim';

const base = (ctx: HandlerContext) => ctx.world.urls.workforce;

function scimUser(ctx: HandlerContext, manage: boolean): WorkforceUserRecord {
  const id = ctx.params.user_id!;
  const user = wf(ctx).users[id];
  if (!user || user.tenant_id !== tenantOf(ctx)) throw notFound('User', id);
  if (manage && user.source !== 'scim')
    throw notScimManaged(declaredStatus(ctx.op, [403], 400), 'User', id);
  return user;
}

function scimGroup(ctx: HandlerContext, manage: boolean): WorkforceGroupRecord {
  const id = ctx.params.group_id!;
  const group = wf(ctx).groups[id];
  if (!group || group.tenant_id !== tenantOf(ctx) || group.kind === 'permission')
    throw notFound('Group', id);
  if (manage && group.source !== 'scim')
    throw notScimManaged(declaredStatus(ctx.op, [403], 400), 'Group', id);
  return group;
}

/** The one supported address: the primary one (400 when none is marked primary). */
function primaryEmail(emails: unknown, field = 'emails') {
  if (!Array.isArray(emails) || emails.length === 0)
    throw invalidField(field, 'one e-mail address is required');
  const primary = emails.find((e) => isJson(e) && e.primary === true);
  if (!isJson(primary)) throw invalidField(field, 'one address must be marked primary');
  // `value` is a required string; nothing published bounds its length, so an empty one is kept.
  if (typeof primary.value !== 'string')
    throw invalidField(`${field}.value`, 'the primary address needs a value (a string)');
  return {
    value: primary.value,
    ...(typeof primary.type === 'string' ? { type: primary.type } : {}),
    primary: true,
  };
}

function nonEmpty(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw invalidField(field, 'must be a non-empty string');
  return value;
}

/** A SCIM user body (POST or PUT; a PUT may wrap it under `user`). */
function scimUserInput(body: unknown) {
  // (A PUT body of an older spec draft wrapped the user under `user`.)
  const raw = isJson(body) && isJson(body.user) && !('userName' in body) ? body.user : body;
  if (!isJson(raw)) throw invalidField('body', 'must be a SCIM user');
  const email = primaryEmail(raw.emails);
  if (typeof raw.active !== 'boolean') throw invalidField('active', 'must be true or false');
  if (typeof raw.externalId !== 'string') throw invalidField('externalId', 'missing');
  return {
    username: nonEmpty(raw.userName, 'userName'),
    display_name: nonEmpty(raw.displayName, 'displayName'),
    external_id: raw.externalId,
    state: raw.active ? ('ACTIVE' as const) : ('SUSPENDED' as const),
    email,
    name: isJson(raw.name) ? (raw.name as { givenName?: string; familyName?: string }) : undefined,
    enterprise: isJson(raw[ENTERPRISE_USER]) ? (raw[ENTERPRISE_USER] as Json) : undefined,
  };
}

const createScimUser: Handler = (ctx) => {
  const tenantId = tenantOf(ctx);
  const input = scimUserInput(ctx.body);
  const state = wf(ctx);
  checkUserConflicts(state, tenantId, input, undefined, 'scim', ctx.op);
  const now = nowIso(ctx);
  const user: WorkforceUserRecord = {
    id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: tenantId,
    create_time: now,
    update_time: now,
    external_id: input.external_id,
    username: input.username,
    display_name: input.display_name,
    email_address: input.email.value,
    state: input.state,
    source: 'scim',
    scim: {
      emails: [input.email],
      ...(input.name ? { name: input.name } : {}),
      ...(input.enterprise ? { enterprise: input.enterprise } : {}),
      version: 1,
    },
  };
  state.users[user.id] = user;
  recordUserChange(ctx, user, 'CREATE', SERVICE);
  const view = scimUserView(state, user, base(ctx));
  return { status: 201, body: view, headers: { Location: view.meta.location } };
};

const listScimUsers: Handler = (ctx) => {
  const state = wf(ctx);
  const predicate = filterPredicate(ctx.query.filter, SCIM_USER_FILTER_FIELDS, {
    caseInsensitiveNames: true,
  });
  const matches = usersOf(state, tenantOf(ctx)).filter((u) =>
    predicate((field) => (field === 'userName' ? u.username : u.external_id)),
  );
  const { count, startIndex } = listWindow(ctx.query);
  const page = matches.slice(startIndex - 1, startIndex - 1 + count);
  return {
    body: listResponse(
      page.map((u) => scimUserView(state, u, base(ctx))),
      matches.length,
      startIndex,
    ),
  };
};

const getScimUser: Handler = (ctx) => ({
  body: scimUserView(wf(ctx), scimUser(ctx, false), base(ctx)),
});

/** The `UserChange` action of a change: SUSPEND or ACTIVATE when `active` flipped. */
const changeAction = (before: string, after: string) =>
  before === after ? 'UPDATE' : after === 'ACTIVE' ? 'ACTIVATE' : 'SUSPEND';

const replaceScimUser: Handler = (ctx) => {
  const user = scimUser(ctx, true);
  const before = user.state;
  const input = scimUserInput(ctx.body);
  const state = wf(ctx);
  checkUserConflicts(state, user.tenant_id, input, user.id, 'scim', ctx.op);
  Object.assign(user, {
    username: input.username,
    display_name: input.display_name,
    external_id: input.external_id,
    email_address: input.email.value,
    state: input.state,
    update_time: nowIso(ctx),
  });
  user.scim = {
    emails: [input.email],
    ...(input.name ? { name: input.name } : {}),
    ...(input.enterprise ? { enterprise: input.enterprise } : {}),
    version: (user.scim?.version ?? 1) + 1,
  };
  recordUserChange(ctx, user, changeAction(before, user.state), SERVICE);
  return { body: scimUserView(state, user, base(ctx)) };
};

/** Sets one SCIM attribute (path relative to the user) on a user record. */
function setUserAttribute(
  ctx: HandlerContext,
  user: WorkforceUserRecord,
  path: string,
  value: unknown,
) {
  user.scim ??= { version: 1 };
  const scim = user.scim;
  const lower = path.toLowerCase();
  const state = wf(ctx);
  if (lower.startsWith(`${ENTERPRISE_USER.toLowerCase()}:`)) {
    scim.enterprise = {
      ...(scim.enterprise ?? {}),
      [path.slice(ENTERPRISE_USER.length + 1)]: value,
    };
    return;
  }
  switch (lower) {
    case 'username':
      checkUserConflicts(
        state,
        user.tenant_id,
        { username: nonEmpty(value, path) },
        user.id,
        'scim',
        ctx.op,
      );
      user.username = value as string;
      return;
    case 'displayname':
      user.display_name = nonEmpty(value, path);
      return;
    case 'externalid':
      if (typeof value !== 'string') throw invalidField(path, 'must be a string');
      checkUserConflicts(state, user.tenant_id, { external_id: value }, user.id, 'scim', ctx.op);
      user.external_id = value;
      return;
    case 'active':
      if (typeof value !== 'boolean') throw invalidField(path, 'must be true or false');
      user.state = value ? 'ACTIVE' : 'SUSPENDED';
      return;
    case 'emails': {
      const email = primaryEmail(value, path);
      scim.emails = [email];
      user.email_address = email.value;
      return;
    }
    case 'name':
      if (!isJson(value)) throw invalidField(path, 'must be an object');
      scim.name = { ...(scim.name ?? {}), ...(value as Json) } as NonNullable<typeof scim.name>;
      return;
    case 'name.givenname':
    case 'name.familyname': {
      if (typeof value !== 'string') throw invalidField(path, 'must be a string');
      const key = lower === 'name.givenname' ? 'givenName' : 'familyName';
      scim.name = { ...(scim.name ?? {}), [key]: value };
      return;
    }
    case ENTERPRISE_USER.toLowerCase():
      if (!isJson(value)) throw invalidField(path, 'must be an object');
      scim.enterprise = { ...(scim.enterprise ?? {}), ...value };
      return;
    default:
      throw unsupportedPath(path);
  }
}

const patchScimUser: Handler = (ctx) => {
  const user = scimUser(ctx, true);
  const before = user.state;
  // Not atomic: each operation applies in turn; a failing one leaves the earlier ones applied.
  const finish = () => {
    user.update_time = nowIso(ctx);
    user.scim = { ...(user.scim ?? {}), version: (user.scim?.version ?? 1) + 1 };
    recordUserChange(ctx, user, changeAction(before, user.state), SERVICE);
  };
  try {
    for (const operation of operationsOf(ctx.body)) {
      const op = String(operation.op).toLowerCase();
      if (op !== 'add' && op !== 'replace')
        throw invalidField('op', `${operation.op} is not supported on users (add, replace)`);
      if (operation.path)
        setUserAttribute(ctx, user, operation.path, valueFor(operation.path, operation.value));
      else if (isJson(operation.value))
        for (const [key, value] of Object.entries(operation.value))
          setUserAttribute(ctx, user, key, value);
      else throw invalidField('value', 'must be an object when no path is given');
    }
  } catch (error) {
    finish();
    throw error;
  }
  finish();
  return { body: scimUserView(wf(ctx), user, base(ctx)) };
};

const deleteScimUser: Handler = (ctx) => {
  removeUser(ctx, scimUser(ctx, true), SERVICE);
  return { status: declaredStatus(ctx.op, [204, 200], 204) };
};

// The vendor group extension's `description`, as the published document gives it: "maxLength=300;
// pattern=^[^{}[\]<>;:?\\/|*^%$#=~`!]*$" (a PATCH value is checked here, not by the schema).
const VENDOR_DESCRIPTION = /^[^{}[\]<>;:?\\/|*^%$#=~`!]*$/u;
const isVendorDescription = (value: unknown): value is string =>
  typeof value === 'string' && [...value].length <= 300 && VENDOR_DESCRIPTION.test(value);

/**
 * Members sent in a SCIM body: users of the tenant. The reference gives a member's `type` as
 * "`User` or `Group`" and publishes no refusal of either; the emulator keeps user members only, so
 * a `Group` member, a member without a `value` (RFC 7643 does not require it) or one whose `value`
 * names no user of the tenant is left out.
 */
function memberIds(ctx: HandlerContext, members: unknown, field = 'members'): string[] {
  if (!Array.isArray(members)) throw invalidField(field, 'must be an array of members');
  const tenantId = tenantOf(ctx);
  return members.flatMap((m, i) => {
    if (!isJson(m)) throw invalidField(`${field}[${i}]`, 'must be an object');
    if (typeof m.value !== 'string') return [];
    if (m.type === 'Group') return [];
    const user = wf(ctx).users[m.value];
    return user && user.tenant_id === tenantId ? [m.value] : [];
  });
}

function groupNameChecked(ctx: HandlerContext, name: unknown, self?: string): string {
  const value = nonEmpty(name, 'displayName');
  try {
    checkGroupName(wf(ctx), tenantOf(ctx), value, self);
  } catch (error) {
    // Through SCIM a taken name is a uniqueness conflict, a permission group's included.
    if (error instanceof ApiFailure)
      throw conflict(`a group named ${JSON.stringify(value)} already exists`);
    throw error;
  }
  return value;
}

const createScimGroup: Handler = (ctx) => {
  const body = ctx.body as Json;
  const name = groupNameChecked(ctx, body.displayName);
  const members = body.members === undefined ? [] : memberIds(ctx, body.members);
  const ext = isJson(body[VENDOR_GROUP]) ? (body[VENDOR_GROUP] as Json) : undefined;
  const now = nowIso(ctx);
  const state = wf(ctx);
  const group: WorkforceGroupRecord = {
    id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: tenantOf(ctx),
    create_time: now,
    update_time: now,
    name,
    ...(typeof ext?.description === 'string' ? { description: ext.description } : {}),
    source: 'scim',
    kind: 'standard',
    members: [...new Set(members)],
    scim_version: 1,
  };
  state.groups[group.id] = group;
  recordGroupChange(ctx, group, 'CREATE', SERVICE);
  for (const id of group.members) recordMembership(ctx, group, state.users[id]!, 'ADD', SERVICE);
  const view = scimGroupView(state, group, base(ctx));
  return { status: 201, body: view, headers: { Location: view.meta.location } };
};

const listScimGroups: Handler = (ctx) => {
  const state = wf(ctx);
  const predicate = filterPredicate(ctx.query.filter, SCIM_GROUP_FILTER_FIELDS, {
    caseInsensitiveNames: true,
  });
  const matches = groupsOf(state, tenantOf(ctx)).filter(
    (g) => g.kind !== 'permission' && predicate(() => g.name),
  );
  const { count, startIndex } = listWindow(ctx.query);
  const page = matches.slice(startIndex - 1, startIndex - 1 + count);
  return {
    body: listResponse(
      page.map((g) => scimGroupView(state, g, base(ctx))),
      matches.length,
      startIndex,
    ),
  };
};

const getScimGroup: Handler = (ctx) => ({
  body: scimGroupView(wf(ctx), scimGroup(ctx, false), base(ctx)),
});

const patchScimGroup: Handler = (ctx) => {
  const group = scimGroup(ctx, true);
  const state = wf(ctx);
  const add = (ids: string[]) => {
    for (const id of ids)
      if (!group.members.includes(id)) {
        group.members.push(id);
        recordMembership(ctx, group, state.users[id]!, 'ADD', SERVICE);
      }
  };
  const remove = (ids: string[]) => {
    for (const id of ids) {
      const at = group.members.indexOf(id);
      if (at < 0) continue;
      group.members.splice(at, 1);
      const user = state.users[id];
      if (user) recordMembership(ctx, group, user, 'REMOVE', SERVICE);
    }
  };
  let renamed = false;
  const finish = () => {
    group.update_time = nowIso(ctx);
    group.scim_version = (group.scim_version ?? 1) + 1;
    if (renamed) recordGroupChange(ctx, group, 'UPDATE', SERVICE);
  };
  try {
    for (const operation of operationsOf(ctx.body)) {
      const op = String(operation.op).toLowerCase();
      const path = operation.path?.trim();
      const value =
        path && !MEMBER_FILTER.test(path) ? valueFor(path, operation.value) : operation.value;
      const lower = path?.toLowerCase();
      if (
        op === 'replace' &&
        (lower === 'displayname' || (!path && isJson(value) && 'displayName' in value))
      ) {
        if (!path && isJson(value) && Object.keys(value).length > 1)
          throw invalidField(
            'Operations',
            'name and membership changes must be separate operations',
          );
        group.name = groupNameChecked(ctx, path ? value : (value as Json).displayName, group.id);
        renamed = true;
      } else if (op === 'replace' && lower === `${VENDOR_GROUP.toLowerCase()}:description`) {
        if (!isVendorDescription(value))
          throw invalidField(
            'value',
            'must be a string of at most 300 characters without { } [ ] < > ; : ? \\ / | * ^ % $ # = ~ ` !',
          );
        group.description = value;
        renamed = true;
      } else if (
        op === 'add' &&
        (lower === 'members' || (!path && isJson(value) && 'members' in value))
      ) {
        if (!path && isJson(value) && Object.keys(value).length > 1)
          throw invalidField(
            'Operations',
            'name and membership changes must be separate operations',
          );
        add(memberIds(ctx, path ? value : (value as Json).members, 'value'));
      } else if (op === 'remove' && path && MEMBER_FILTER.test(path)) {
        remove([JSON.parse(`"${MEMBER_FILTER.exec(path)![1]}"`) as string]);
      } else if (
        op === 'remove' &&
        (lower === 'members' || (!path && isJson(value) && 'members' in value))
      ) {
        const members = path ? value : (value as Json).members;
        // Batch remove is unsupported: one member per `remove` operation.
        if (!Array.isArray(members) || members.length !== 1)
          throw invalidField('value', 'remove takes exactly one member per operation');
        remove(memberIds(ctx, members, 'value'));
      } else {
        throw new ApiFailure(400, `unsupported operation ${operation.op} ${path ?? ''}`.trim(), {
          scimType: 'invalidPath',
        });
      }
    }
  } catch (error) {
    finish();
    throw error;
  }
  finish();
  return { body: scimGroupView(state, group, base(ctx)) };
};

const deleteScimGroup: Handler = (ctx) => {
  const group = scimGroup(ctx, true);
  delete wf(ctx).groups[group.id];
  recordGroupChange(ctx, group, 'DELETE', SERVICE);
  return { status: declaredStatus(ctx.op, [204, 200], 204) };
};

const listScimSchemas: Handler = () => ({
  body: listResponseOf(SCIM_SCHEMAS),
});
const listScimResourceTypes: Handler = () => ({
  body: listResponseOf(SCIM_RESOURCE_TYPES),
});
const getScimServiceProviderConfig: Handler = () => ({ body: SERVICE_PROVIDER_CONFIG });

/** SCIM handlers, keyed by operationId. */
export const scimHandlers: Record<string, Handler> = {
  createScimUser,
  listScimUsers,
  getScimUser,
  replaceScimUser,
  updateScimUser: patchScimUser,
  deleteScimUser,
  createScimGroup,
  listScimGroups,
  getScimGroup,
  updateScimGroup: patchScimGroup,
  deleteScimGroup,
  listScimSchemas,
  listScimResourceTypes,
  getScimServiceProviderConfig,
};
