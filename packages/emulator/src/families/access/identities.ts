// Identities: create and partial update (409 for a taken `traits.username` or
// `traits.external_id` in the realm), the list with its only filter
// (`traits.username eq "…"`, kept by the page token), get, delete, the all-or-nothing batch
// delete, and an identity's groups and roles.
import { ApiFailure, conflict, invalidField, notFound } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, fresh, nowIso, ofRealm, realmOf, wrapped } from './common.js';
import { recordCredentialChange, recordIdentityChange } from './events.js';
import { findIdentity, removeMembers, resourceServerFilter, rolePage } from './groups.js';
import { pageRequest, tokenPage } from './paging.js';
import type { AccessIdentityRecord, TraitsRecord } from './state.js';

const USERNAME_FILTER = /^\s*traits\.username\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** The username of a `traits.username eq "…"` filter; 400 naming `filter` for any other. */
export function usernameOf(filter: unknown): string | undefined {
  if (typeof filter !== 'string' || filter.trim() === '') return undefined;
  const m = USERNAME_FILTER.exec(filter);
  if (!m) throw invalidField('filter', 'only traits.username eq "<username>" is supported');
  return JSON.parse(`"${m[1]}"`) as string;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : undefined);

/**
 * 409 when another identity of the realm has the same username (compared case-insensitively)
 * or external id; `status` overrides the status for operations that declare no 409 (SCIM).
 */
export function checkIdentityConflicts(
  ctx: HandlerContext,
  realmId: string,
  traits: Record<string, unknown>,
  self?: string,
  status = 409,
) {
  const username = lower(traits.username);
  const externalId = traits.external_id;
  for (const other of ofRealm(acc(ctx).identities, realmId)) {
    if (other.id === self) continue;
    if (username !== undefined && lower(other.traits.username) === username)
      throw conflictWith(
        status,
        `an identity with username ${JSON.stringify(traits.username)} already exists`,
      );
    if (typeof externalId === 'string' && other.traits.external_id === externalId)
      throw conflictWith(
        status,
        `an identity with external id ${JSON.stringify(externalId)} already exists`,
      );
  }
}

const conflictWith = (status: number, message: string) =>
  status === 409 ? conflict(message) : new ApiFailure(status, message, { scimType: 'uniqueness' });

/** A new identity of the path's realm. */
export function newIdentity(
  ctx: HandlerContext,
  input: { display_name?: string; status?: string; traits?: TraitsRecord },
  source: AccessIdentityRecord['source'],
  scim?: AccessIdentityRecord['scim'],
  conflictStatus = 409,
): AccessIdentityRecord {
  const realm = realmOf(ctx);
  const traits: TraitsRecord = input.traits ? structuredClone(input.traits) : { type: 'traits_v0' };
  checkIdentityConflicts(ctx, realm.id, traits, undefined, conflictStatus);
  const now = nowIso(ctx);
  const identity: AccessIdentityRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
    status: input.status ?? 'active',
    enrollment_status: 'UNENROLLED',
    traits,
    source,
    ...(scim ? { scim } : {}),
    create_time: now,
    update_time: now,
  };
  acc(ctx).identities[identity.id] = identity;
  recordIdentityChange(ctx, identity, 'CREATE', source);
  return identity;
}

/** The `UserChange` action of an update: SUSPEND or ACTIVATE when the status flipped. */
export const changeAction = (before: string, after: string) =>
  before === after ? 'UPDATE' : after === 'active' ? 'ACTIVATE' : 'SUSPEND';

/**
 * Deletes an identity with everything that hangs on it: memberships, role grants, SSO
 * assignments, credentials and credential binding jobs.
 */
export function removeIdentity(
  ctx: HandlerContext,
  identity: AccessIdentityRecord,
  service: 'native' | 'scim' = 'native',
) {
  const state = acc(ctx);
  for (const group of ofRealm(state.groups, identity.realm_id))
    if (group.members.includes(identity.id)) removeMembers(ctx, group, [identity.id], service);
  for (const role of Object.values(state.roles))
    role.identity_ids = role.identity_ids.filter((id) => id !== identity.id);
  for (const sso of Object.values(state.ssoConfigs))
    sso.identity_ids = sso.identity_ids.filter((id) => id !== identity.id);
  for (const credential of Object.values(state.credentials))
    if (credential.identity_id === identity.id) {
      delete state.credentials[credential.id];
      if (credential.state === 'ACTIVE') {
        credential.state = 'REVOKED';
        recordCredentialChange(ctx, credential, 'DELETE');
      }
    }
  for (const job of Object.values(state.bindingJobs))
    if (job.identity_id === identity.id) delete state.bindingJobs[job.id];
  delete state.identities[identity.id];
  recordIdentityChange(ctx, identity, 'DELETE', service);
}

const createIdentity: Handler = (ctx) => {
  const input = wrapped(ctx, 'identity') as {
    display_name?: string;
    status?: string;
    traits?: TraitsRecord;
  };
  return { body: newIdentity(ctx, input, 'native') };
};

const listIdentities: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const page = pageRequest(ctx, { defaultSize: 20, maxSize: 200, keptNames: ['filter'] });
  const username = lower(usernameOf(page.kept.filter));
  const matches = ofRealm(acc(ctx).identities, realm.id).filter(
    (i) => username === undefined || lower(i.traits.username) === username,
  );
  const { items, ...rest } = tokenPage(matches, page);
  return { body: { identities: items, ...rest } };
};

const getIdentity: Handler = (ctx) => ({ body: findIdentity(ctx) });

const updateIdentity: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const input = wrapped(ctx, 'identity') as {
    display_name?: string;
    status?: string;
    traits?: TraitsRecord;
  };
  if (input.traits !== undefined)
    checkIdentityConflicts(ctx, identity.realm_id, input.traits, identity.id);
  const before = identity.status;
  let changed = false;
  if (input.display_name !== undefined) {
    identity.display_name = input.display_name;
    changed = true;
  }
  if (input.status !== undefined) {
    identity.status = input.status;
    changed = true;
  }
  if (input.traits !== undefined) {
    // `traits` is one attribute: sending it replaces the traits.
    identity.traits = structuredClone(input.traits);
    changed = true;
  }
  if (changed) {
    identity.update_time = nowIso(ctx);
    recordIdentityChange(ctx, identity, changeAction(before, identity.status));
  }
  return { body: identity };
};

const deleteIdentity: Handler = (ctx) => {
  removeIdentity(ctx, findIdentity(ctx));
  return {};
};

/**
 * All or nothing: every id is resolved before anything is deleted; an id that names no identity
 * of the realm fails the whole request with 404 and nothing is deleted. A repeated id is refused
 * before the handler by the spec's `uniqueItems` (400); were one to reach it, its second
 * occurrence names an identity the batch already deletes, which fails the request the same way.
 */
const batchDeleteIdentities: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const ids = (ctx.body as { ids: string[] }).ids;
  const state = acc(ctx);
  const seen = new Set<string>();
  const doomed: AccessIdentityRecord[] = [];
  for (const id of ids) {
    const identity = state.identities[id];
    if (!identity || identity.realm_id !== realm.id) throw notFound('identity', id);
    if (seen.has(id))
      throw new ApiFailure(404, `identity ${id} is repeated in ids: nothing was deleted`, {
        details: [
          {
            type: 'ResourceInfo',
            resource_type: 'identity',
            id,
            description: 'identity not found: already deleted by an earlier id of the batch',
          },
        ],
      });
    seen.add(id);
    doomed.push(identity);
  }
  for (const identity of doomed) removeIdentity(ctx, identity);
  return {};
};

const listIdentityGroups: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const groups = ofRealm(acc(ctx).groups, identity.realm_id).filter((g) =>
    g.members.includes(identity.id),
  );
  const { items, ...rest } = tokenPage(groups, pageRequest(ctx, { defaultSize: 20, maxSize: 200 }));
  return { body: { groups: items, ...rest } };
};

/** Roles an identity holds directly or through one of its groups. */
const listIdentityRoles: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const server = resourceServerFilter(ctx);
  const state = acc(ctx);
  const groups = new Set(
    ofRealm(state.groups, identity.realm_id)
      .filter((g) => g.members.includes(identity.id))
      .map((g) => g.id),
  );
  const roles = ofRealm(state.roles, identity.realm_id).filter(
    (r) =>
      (server === undefined || r.resource_server_id === server) &&
      (r.identity_ids.includes(identity.id) || r.group_ids.some((g) => groups.has(g))),
  );
  return { body: rolePage(ctx, roles) };
};

/** Handlers of the identity operations. */
export const identityHandlers: Record<string, Handler> = {
  createIdentity,
  listIdentities,
  getIdentity,
  updateIdentity,
  deleteIdentity,
  batchDeleteIdentities,
  listIdentityGroups,
  listIdentityRoles,
};
