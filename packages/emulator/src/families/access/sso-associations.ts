// Who an SSO configuration applies to: identities and groups assigned to it (1 to 1000 ids; ids
// already assigned, or not assigned, are ignored), the lists of both, the checks, and the SSO
// configurations of an identity or a group. The identity association list pages the way the
// platform describes: the direct assignments first, then each assigned group's members (with
// `group_id` and `group_display_name`), one source per page, so an identity can appear more than
// once and a page can be empty (a group without members) while more pages follow.
import { invalidField } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, ofRealm } from './common.js';
import { findGroup, findIdentity, groupsNamed, identitiesNamed } from './groups.js';
import { pageRequest } from './paging.js';
import { findSsoConfig, withCorrelation } from './sso-common.js';
import { ssoPage } from './sso-configs.js';
import type { AccessGroupRecord, AccessIdentityRecord, SsoConfigRecord } from './state.js';
import { groupWithCount } from './views.js';

const idsOf = (ctx: HandlerContext, key: 'identity_ids' | 'group_ids') =>
  (ctx.body as Record<string, string[]>)[key] ?? [];

const addSsoConfigIdentities: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  for (const identity of identitiesNamed(ctx, idsOf(ctx, 'identity_ids')))
    if (!sso.identity_ids.includes(identity.id)) sso.identity_ids.push(identity.id);
  return {};
};

const deleteSsoConfigIdentities: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const ids = new Set(idsOf(ctx, 'identity_ids'));
  sso.identity_ids = sso.identity_ids.filter((id) => !ids.has(id));
  return {};
};

const addSsoConfigGroups: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  for (const group of groupsNamed(ctx, idsOf(ctx, 'group_ids')))
    if (!sso.group_ids.includes(group.id)) sso.group_ids.push(group.id);
  return {};
};

const deleteSsoConfigGroups: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const ids = new Set(idsOf(ctx, 'group_ids'));
  sso.group_ids = sso.group_ids.filter((id) => !ids.has(id));
  return {};
};

/** The assigned groups that still exist. */
function assignedGroups(ctx: HandlerContext, sso: SsoConfigRecord): AccessGroupRecord[] {
  const groups = acc(ctx).groups;
  return sso.group_ids
    .map((id) => groups[id])
    .filter((g): g is AccessGroupRecord => g !== undefined);
}

/** Whether an identity is assigned, directly or through a group. */
function isAssigned(ctx: HandlerContext, sso: SsoConfigRecord, identityId: string): boolean {
  return (
    sso.identity_ids.includes(identityId) ||
    assignedGroups(ctx, sso).some((g) => g.members.includes(identityId))
  );
}

const listSsoConfigIdentityAssociations: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const identities = acc(ctx).identities;
  const page = pageRequest(ctx, { defaultSize: 20, maxSize: 200 });
  const resolve = (ids: readonly string[]) =>
    ids.map((id) => identities[id]).filter((i): i is AccessIdentityRecord => i !== undefined);
  const segments: { group?: AccessGroupRecord; members: AccessIdentityRecord[] }[] = [
    { members: resolve(sso.identity_ids) },
    ...assignedGroups(ctx, sso).map((group) => ({ group, members: resolve(group.members) })),
  ];
  const segment = segments[page.cursor];
  const items = segment ? segment.members.slice(page.offset, page.offset + page.size) : [];
  let next: string | undefined;
  if (segment && page.offset + page.size < segment.members.length)
    next = page.next(page.offset + page.size, page.cursor);
  else if (page.cursor + 1 < segments.length) next = page.next(0, page.cursor + 1);
  return {
    body: {
      identities: items.map((identity) => ({
        ...identity,
        ...(segment?.group
          ? { group_id: segment.group.id, group_display_name: segment.group.display_name ?? '' }
          : {}),
      })),
      ...(next !== undefined ? { next_page_token: next } : {}),
    },
  };
};

const listSsoConfigGroupAssociations: Handler = (ctx) => ({
  body: { groups: assignedGroups(ctx, findSsoConfig(ctx)).map(groupWithCount) },
});

/** The listing the platform reference describes (its shape is not published: an open object). */
const listSsoConfigGroups: Handler = (ctx) => {
  const groups = assignedGroups(ctx, findSsoConfig(ctx)).map((g) => ({
    id: g.id,
    realm_id: g.realm_id,
    tenant_id: g.tenant_id,
    display_name: g.display_name ?? '',
    ...(g.description !== undefined ? { description: g.description } : {}),
    member_count: g.members.length,
    create_time: g.create_time,
    update_time: g.update_time,
  }));
  return { body: { groups, total_size: groups.length } };
};

const checkGroupSsoConfigAssignment: Handler = (ctx) => {
  const sso = findSsoConfig(ctx);
  const ids = (ctx.body as { group_ids?: string[] } | undefined)?.group_ids ?? [];
  return { body: { is_assigned_to_sso_config: ids.some((id) => sso.group_ids.includes(id)) } };
};

/**
 * An empty object when the identity is assigned (directly or through a group). The platform does
 * not publish the answer for one that is not; the emulator gives 400 naming `identity_id`.
 */
const checkIdentitySsoConfigAssignment: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const sso = findSsoConfig(ctx);
  if (!isAssigned(ctx, sso, identity.id))
    throw invalidField('identity_id', 'is not assigned to the SSO configuration');
  return { body: {} };
};

const listIdentitySsoConfigs: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const { build } = ssoPage(ctx);
  const configs = ofRealm(acc(ctx).ssoConfigs, identity.realm_id).filter((s) =>
    isAssigned(ctx, s, identity.id),
  );
  return { body: build(configs) };
};

const listGroupSsoConfigs: Handler = (ctx) => {
  const group = findGroup(ctx);
  const { build } = ssoPage(ctx);
  const configs = ofRealm(acc(ctx).ssoConfigs, group.realm_id).filter((s) =>
    s.group_ids.includes(group.id),
  );
  return { body: build(configs) };
};

/** Handlers of the SSO association operations. */
export const ssoAssociationHandlers: Record<string, Handler> = withCorrelation({
  addSsoConfigIdentities,
  deleteSsoConfigIdentities,
  addSsoConfigGroups,
  deleteSsoConfigGroups,
  listSsoConfigIdentityAssociations,
  listSsoConfigGroupAssociations,
  listSsoConfigGroups,
  checkGroupSsoConfigAssignment,
  checkIdentitySsoConfigAssignment,
  listIdentitySsoConfigs,
  listGroupSsoConfigs,
});
