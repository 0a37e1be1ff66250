// The realm's SCIM 2.0 server (`{access_api_url}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`).
// Users are the realm's identities (`id` is the identity id; `userName` is `traits.username`,
// `externalId` `traits.external_id`, the primary e-mail `traits.primary_email_address`, `active`
// the status), groups its groups, never shown with members. Every identity and group is
// readable; only those created through SCIM can be changed through it (403). Lists take
// `startIndex` (1-based) and `count` (0 or unset gives no resources) and `eq`/`ne` filters on
// `userName` and `externalId` (users) or `displayName` (groups); anything else is a 400. A taken
// `userName` or `externalId` is a uniqueness error with the status the spec declares for SCIM
// (400: no 409 is published there). PATCH applies its operations in order and is not atomic.
import type { FieldKind } from '@x/workforce';
import { filterPredicate } from '../../filter/scim-filter.js';
import { invalidField } from '../../http/errors.js';
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
import type { Handler, HandlerContext } from '../types.js';
import { acc, inRealm, nowIso, ofRealm, realmOf } from './common.js';
import { recordGroupChange, recordIdentityChange } from './events.js';
import { addMembers, identitiesNamed, newGroup, removeGroup, removeMembers } from './groups.js';
import { changeAction, checkIdentityConflicts, newIdentity, removeIdentity } from './identities.js';
import {
  ACCESS_SCIM_RESOURCE_TYPES,
  ACCESS_SCIM_SCHEMAS,
  ENTERPRISE_TRAITS,
  scimGroupView,
  scimUserView,
} from './scim-views.js';
import type { AccessGroupRecord, AccessIdentityRecord, TraitsRecord } from './state.js';
import { scimBase } from './views.js';

const USER_FILTER_FIELDS: Readonly<Record<string, FieldKind>> = {
  userName: 'exact',
  externalId: 'exact',
};
const GROUP_FILTER_FIELDS: Readonly<Record<string, FieldKind>> = { displayName: 'exact' };

const base = (ctx: HandlerContext) => {
  const realm = realmOf(ctx);
  return scimBase(ctx.world, realm.tenant_id, realm.id);
};
const uniquenessStatus = (ctx: HandlerContext) => (ctx.op.responses['409'] ? 409 : 400);

function scimIdentity(ctx: HandlerContext, manage: boolean): AccessIdentityRecord {
  const identity = inRealm(ctx, acc(ctx).identities, 'User', ctx.params.user_id);
  if (manage && identity.source !== 'scim') throw notScimManaged(403, 'User', identity.id);
  return identity;
}

function scimGroup(ctx: HandlerContext, manage: boolean): AccessGroupRecord {
  const group = inRealm(ctx, acc(ctx).groups, 'Group', ctx.params.group_id);
  if (manage && group.source !== 'scim') throw notScimManaged(403, 'Group', group.id);
  return group;
}

/** The primary address of a SCIM `emails` value (the first when none is marked primary). */
function primaryEmail(emails: unknown, field: string): string | undefined {
  if (!Array.isArray(emails)) throw invalidField(field, 'must be an array');
  if (emails.length === 0) return undefined;
  const chosen = emails.find((e) => isJson(e) && e.primary === true) ?? emails[0];
  // `value` is a required string; nothing published bounds its length, so an empty one is kept.
  if (!isJson(chosen) || typeof chosen.value !== 'string')
    throw invalidField(field, 'the primary address needs a value (a string)');
  return chosen.value;
}

/** The identity API's rule for names (`display_name`, `traits.username`): 1 to 64 characters, none forbidden. */
const NAME_RULE = /^[^{}[\]<>;:?\\/|*^%$#=~`!]{1,64}$/u;

/** A SCIM value that becomes an identity name must follow the identity API's rule. */
function identityName(value: unknown, path: string): string {
  if (typeof value !== 'string' || !NAME_RULE.test(value))
    throw invalidField(path, 'must be 1 to 64 characters without {}[]<>;:?\\/|*^%$#=~`!');
  return value;
}

/** Sets one SCIM attribute (a path relative to the user) on the identity's traits. */
function setAttribute(identity: AccessIdentityRecord, path: string, value: unknown) {
  const traits = identity.traits as Json;
  const lower = path.toLowerCase();
  const setText = (key: string) => {
    if (typeof value !== 'string') throw invalidField(path, 'must be a string');
    if (value === '') delete traits[key];
    else traits[key] = value;
  };
  const enterprisePrefix = `${ENTERPRISE_USER.toLowerCase()}:`;
  if (lower.startsWith(enterprisePrefix)) {
    setEnterprise(traits, { [path.slice(enterprisePrefix.length)]: value }, path);
    return;
  }
  switch (lower) {
    case 'username':
      traits.username = identityName(value, path);
      return;
    case 'displayname':
      if (value === '') delete identity.display_name;
      else identity.display_name = identityName(value, path);
      return;
    case 'externalid':
      setText('external_id');
      return;
    case 'active':
      if (typeof value !== 'boolean') throw invalidField(path, 'must be true or false');
      identity.status = value ? 'active' : 'suspended';
      return;
    case 'emails': {
      const email = primaryEmail(value, path);
      if (email === undefined) delete traits.primary_email_address;
      else traits.primary_email_address = email;
      return;
    }
    case 'name':
      if (!isJson(value)) throw invalidField(path, 'must be an object');
      for (const [key, v] of Object.entries(value)) setAttribute(identity, `name.${key}`, v);
      return;
    case 'name.givenname':
      setText('given_name');
      return;
    case 'name.familyname':
      setText('family_name');
      return;
    case ENTERPRISE_USER.toLowerCase():
      if (!isJson(value)) throw invalidField(path, 'must be an object');
      setEnterprise(traits, value, path);
      return;
    default:
      throw unsupportedPath(path);
  }
}

function setEnterprise(traits: Json, value: Json, path: string) {
  for (const [key, v] of Object.entries(value)) {
    const trait = (ENTERPRISE_TRAITS as Record<string, string>)[key];
    if (trait !== undefined) {
      if (typeof v !== 'string') throw invalidField(`${path}.${key}`, 'must be a string');
      traits[trait] = v;
    } else if (key === 'manager') {
      // The manager's id as a plain string (as the platform answers it) or the complex value.
      if (typeof v === 'string') {
        traits.manager_id = v;
        continue;
      }
      if (!isJson(v)) throw invalidField(`${path}.manager`, 'must be a string or an object');
      if (typeof v.value === 'string') traits.manager_id = v.value;
      if (typeof v.displayName === 'string') traits.manager_name = v.displayName;
    } else throw invalidField(`${path}.${key}`, 'unknown enterprise attribute');
  }
}

/** The identity fields a SCIM user body (POST or PUT) gives. */
function fromScimUser(body: Json) {
  const scratch: AccessIdentityRecord = {
    id: '',
    seq: 0,
    tenant_id: '',
    realm_id: '',
    status: body.active === false ? 'suspended' : 'active',
    enrollment_status: 'UNENROLLED',
    traits: { type: 'traits_v0' },
    source: 'scim',
    create_time: '',
    update_time: '',
  };
  setAttribute(scratch, 'userName', body.userName);
  for (const [attribute, path] of [
    ['displayName', 'displayName'],
    ['externalId', 'externalId'],
    ['emails', 'emails'],
    ['name', 'name'],
    [ENTERPRISE_USER, ENTERPRISE_USER],
  ] as const)
    if (body[attribute] !== undefined) setAttribute(scratch, path, body[attribute]);
  return {
    traits: scratch.traits as TraitsRecord,
    status: scratch.status,
    ...(scratch.display_name !== undefined ? { display_name: scratch.display_name } : {}),
  };
}

const createScimUser: Handler = (ctx) => {
  const input = fromScimUser(ctx.body as Json);
  const identity = newIdentity(ctx, input, 'scim', { version: 1 }, uniquenessStatus(ctx));
  const view = scimUserView(identity, base(ctx));
  return { status: 201, body: view, headers: { Location: view.meta.location } };
};

const listScimUsers: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const predicate = filterPredicate(ctx.query.filter, USER_FILTER_FIELDS, {
    caseInsensitiveNames: true,
  });
  const matches = ofRealm(acc(ctx).identities, realm.id).filter((i) =>
    predicate((field) => (field === 'userName' ? i.traits.username : i.traits.external_id)),
  );
  const { count, startIndex } = listWindow(ctx.query);
  const b = base(ctx);
  const page = matches.slice(startIndex - 1, startIndex - 1 + count);
  return {
    body: listResponse(
      page.map((i) => scimUserView(i, b)),
      matches.length,
      startIndex,
    ),
  };
};

const getScimUser: Handler = (ctx) => ({ body: scimUserView(scimIdentity(ctx, false), base(ctx)) });

const bump = (identity: AccessIdentityRecord) => {
  identity.scim = { ...(identity.scim ?? {}), version: (identity.scim?.version ?? 1) + 1 };
};

const replaceScimUser: Handler = (ctx) => {
  const identity = scimIdentity(ctx, true);
  const input = fromScimUser(ctx.body as Json);
  checkIdentityConflicts(ctx, identity.realm_id, input.traits, identity.id, uniquenessStatus(ctx));
  const before = identity.status;
  identity.traits = input.traits;
  identity.status = input.status;
  if (input.display_name !== undefined) identity.display_name = input.display_name;
  else delete identity.display_name;
  identity.update_time = nowIso(ctx);
  bump(identity);
  recordIdentityChange(ctx, identity, changeAction(before, identity.status), 'scim');
  return { body: scimUserView(identity, base(ctx)) };
};

const patchScimUser: Handler = (ctx) => {
  const identity = scimIdentity(ctx, true);
  const before = identity.status;
  // Not atomic: each operation applies in turn; a failing one leaves the earlier ones applied.
  const finish = () => {
    identity.update_time = nowIso(ctx);
    bump(identity);
    recordIdentityChange(ctx, identity, changeAction(before, identity.status), 'scim');
  };
  const apply = (path: string, value: unknown) => {
    const lower = path.toLowerCase();
    if (lower === 'username' || lower === 'externalid') {
      const key = lower === 'username' ? 'username' : 'external_id';
      checkIdentityConflicts(
        ctx,
        identity.realm_id,
        { [key]: value },
        identity.id,
        uniquenessStatus(ctx),
      );
    }
    setAttribute(identity, path, value);
  };
  try {
    for (const operation of operationsOf(ctx.body)) {
      if (operation.path) apply(operation.path, valueFor(operation.path, operation.value));
      else if (isJson(operation.value))
        for (const [key, value] of Object.entries(operation.value)) apply(key, value);
      else throw invalidField('value', 'must be an object when no path is given');
    }
  } catch (error) {
    finish();
    throw error;
  }
  finish();
  return { body: scimUserView(identity, base(ctx)) };
};

const deleteScimUser: Handler = (ctx) => {
  removeIdentity(ctx, scimIdentity(ctx, true), 'scim');
  return { status: 204 };
};

const createScimGroup: Handler = (ctx) => {
  const body = ctx.body as Json;
  const ext = isJson(body[VENDOR_GROUP]) ? (body[VENDOR_GROUP] as Json) : undefined;
  const group = newGroup(
    ctx,
    {
      display_name: identityName(body.displayName, 'displayName'),
      ...(typeof ext?.description === 'string' ? { description: ext.description } : {}),
    },
    'scim',
  );
  const view = scimGroupView(group, base(ctx));
  return { status: 201, body: view, headers: { Location: view.meta.location } };
};

const listScimGroups: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const predicate = filterPredicate(ctx.query.filter, GROUP_FILTER_FIELDS, {
    caseInsensitiveNames: true,
  });
  const matches = ofRealm(acc(ctx).groups, realm.id).filter((g) => predicate(() => g.display_name));
  const { count, startIndex } = listWindow(ctx.query);
  const b = base(ctx);
  const page = matches.slice(startIndex - 1, startIndex - 1 + count);
  return {
    body: listResponse(
      page.map((g) => scimGroupView(g, b)),
      matches.length,
      startIndex,
    ),
  };
};

const getScimGroup: Handler = (ctx) => ({ body: scimGroupView(scimGroup(ctx, false), base(ctx)) });

/**
 * Identity ids of a SCIM members value: identities of the realm. A member without a `value` (RFC
 * 7643 does not require it) or whose `value` names no identity of the realm is left out: the
 * platform publishes no refusal of either, and member changes are not reflected in the response.
 */
function memberIds(ctx: HandlerContext, members: unknown): string[] {
  if (!Array.isArray(members)) throw invalidField('value', 'must be an array of members');
  return members.flatMap((m, i) => {
    if (!isJson(m)) throw invalidField(`value[${i}]`, 'must be an object');
    if (typeof m.value !== 'string') return [];
    const identity = acc(ctx).identities[m.value];
    return identity && identity.realm_id === ctx.params.realm_id ? [m.value] : [];
  });
}

const patchScimGroup: Handler = (ctx) => {
  const group = scimGroup(ctx, true);
  const operations = operationsOf(ctx.body).map((o) => {
    const op = String(o.op).toLowerCase();
    const path = o.path?.trim();
    const lower = path?.toLowerCase();
    const keys = !path && isJson(o.value) ? Object.keys(o.value).map((k) => k.toLowerCase()) : [];
    const kind =
      lower === 'members' || (path && MEMBER_FILTER.test(path)) || keys.includes('members')
        ? 'members'
        : 'attributes';
    return { op, path, lower, value: o.value, kind, keys };
  });
  if (
    new Set(operations.map((o) => o.kind)).size > 1 ||
    operations.some((o) => o.keys.length > 1 && o.keys.includes('members'))
  )
    throw invalidField(
      'Operations',
      'name and membership changes must be sent as separate requests',
    );
  let changed = false;
  const finish = () => {
    group.update_time = nowIso(ctx);
    group.scim_version = (group.scim_version ?? 1) + 1;
    if (changed) recordGroupChange(ctx, group, 'UPDATE');
  };
  try {
    for (const o of operations) {
      if (o.kind === 'members') {
        const value =
          o.path && !MEMBER_FILTER.test(o.path)
            ? o.value
            : isJson(o.value) && !o.path
              ? o.value.members
              : o.value;
        if (o.op === 'add')
          addMembers(ctx, group, identitiesNamed(ctx, memberIds(ctx, value)), 'scim');
        else if (o.op === 'remove') {
          const filtered = o.path ? MEMBER_FILTER.exec(o.path) : null;
          // Batch remove is unsupported: one member per `remove` operation.
          if (!filtered && (!Array.isArray(value) || value.length !== 1))
            throw invalidField('value', 'remove takes exactly one member per operation');
          const ids = filtered ? [JSON.parse(`"${filtered[1]}"`) as string] : memberIds(ctx, value);
          removeMembers(ctx, group, ids, 'scim');
        } else throw invalidField('op', `${o.op} is not supported on members (add, remove)`);
        continue;
      }
      if (o.op !== 'replace' && o.op !== 'add')
        throw invalidField('op', `${o.op} is not supported on group attributes (replace)`);
      const entries: [string, unknown][] = o.path
        ? [[o.path, valueFor(o.path, o.value)]]
        : isJson(o.value)
          ? Object.entries(o.value)
          : [];
      if (!entries.length) throw invalidField('value', 'must be an object when no path is given');
      for (const [path, value] of entries) {
        const lower = path.toLowerCase();
        if (lower === 'displayname') {
          group.display_name = identityName(value, 'displayName');
        } else if (
          lower === `${VENDOR_GROUP.toLowerCase()}:description` ||
          lower === VENDOR_GROUP.toLowerCase()
        ) {
          const description =
            lower === VENDOR_GROUP.toLowerCase() && isJson(value) ? value.description : value;
          if (typeof description !== 'string')
            throw invalidField('description', 'must be a string');
          group.description = description;
        } else throw unsupportedPath(path);
        changed = true;
      }
    }
  } catch (error) {
    finish();
    throw error;
  }
  finish();
  return { body: scimGroupView(group, base(ctx)) };
};

const deleteScimGroup: Handler = (ctx) => {
  removeGroup(ctx, scimGroup(ctx, true), 'scim');
  return { status: 204 };
};

/** Handlers of the realm's SCIM server. */
export const scimHandlers: Record<string, Handler> = {
  createScimUser,
  listScimUsers,
  getScimUser,
  replaceScimUser,
  patchScimUser,
  deleteScimUser,
  createScimGroup,
  listScimGroups,
  getScimGroup,
  patchScimGroup,
  deleteScimGroup,
  // Discovery is the realm's too: the path's tenant and realm are checked like every other call's.
  listScimSchemas: (ctx) => {
    realmOf(ctx);
    return { body: listResponseOf(ACCESS_SCIM_SCHEMAS) };
  },
  listScimResourceTypes: (ctx) => {
    realmOf(ctx);
    return { body: listResponseOf(ACCESS_SCIM_RESOURCE_TYPES) };
  },
  getScimServiceProviderConfig: (ctx) => {
    realmOf(ctx);
    return { body: SERVICE_PROVIDER_CONFIG };
  },
};
