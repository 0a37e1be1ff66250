// The tenant (get, update its display name) and its realms: create, list, get, partial update,
// and delete, which succeeds only while the realm holds no identities, groups or roles (409).
import { conflict } from '../../http/errors.js';
import type { Handler } from '../types.js';
import { acc, assignSent, fresh, nowIso, ofRealm, realmOf, tenantOf, wrapped } from './common.js';
import { recordRealmChange, recordTenantChange } from './events.js';
import { pageRequest, tokenPage } from './paging.js';
import type { AccessRealmRecord } from './state.js';

const getTenant: Handler = (ctx) => ({ body: tenantOf(ctx) });

const updateTenant: Handler = (ctx) => {
  const tenant = tenantOf(ctx);
  if (assignSent(tenant, wrapped(ctx, 'tenant'), ['display_name'])) {
    tenant.update_time = nowIso(ctx);
    recordTenantChange(ctx, tenant);
  }
  return { body: tenant };
};

const createRealm: Handler = (ctx) => {
  const tenant = tenantOf(ctx);
  const input = wrapped(ctx, 'realm');
  const now = nowIso(ctx);
  const realm: AccessRealmRecord = {
    ...fresh(ctx),
    tenant_id: tenant.id,
    display_name: (input.display_name as string | undefined) ?? 'Realm',
    classification:
      (input.classification as AccessRealmRecord['classification'] | undefined) ??
      'SECURE_CUSTOMER',
    create_time: now,
    update_time: now,
  };
  acc(ctx).realms[realm.id] = realm;
  recordRealmChange(ctx, realm, 'CREATE');
  return { body: realm };
};

const listRealms: Handler = (ctx) => {
  const tenant = tenantOf(ctx);
  const realms = Object.values(acc(ctx).realms)
    .filter((r) => r.tenant_id === tenant.id)
    .sort((a, b) => a.seq - b.seq);
  const { items, ...rest } = tokenPage(realms, pageRequest(ctx, { defaultSize: 20, maxSize: 200 }));
  return { body: { realms: items, ...rest } };
};

const getRealm: Handler = (ctx) => ({ body: realmOf(ctx) });

const updateRealm: Handler = (ctx) => {
  const realm = realmOf(ctx);
  if (assignSent(realm, wrapped(ctx, 'realm'), ['display_name', 'classification'])) {
    realm.update_time = nowIso(ctx);
    recordRealmChange(ctx, realm, 'UPDATE');
  }
  return { body: realm };
};

const deleteRealm: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const state = acc(ctx);
  const held = [
    ['identities', ofRealm(state.identities, realm.id).length],
    ['groups', ofRealm(state.groups, realm.id).length],
    ['roles', ofRealm(state.roles, realm.id).length],
  ].filter(([, n]) => (n as number) > 0);
  if (held.length)
    throw conflict(
      `the realm still has ${held.map(([what, n]) => `${n} ${what}`).join(', ')}; delete them first`,
    );
  // Its other configuration goes with it.
  for (const collection of [
    state.applications,
    state.authenticatorConfigs,
    state.resourceServers,
    state.themes,
    state.ssoConfigs,
    state.identityProviders,
    state.credentials,
    state.bindingJobs,
    state.batchJobs,
  ] as Record<string, { realm_id: string }>[])
    for (const [id, record] of Object.entries(collection))
      if (record.realm_id === realm.id) delete collection[id];
  delete state.flowTypeConfigs[realm.id];
  delete state.realms[realm.id];
  recordRealmChange(ctx, realm, 'DELETE');
  return {};
};

/** Handlers of the tenant and realm operations. */
export const tenantRealmHandlers: Record<string, Handler> = {
  getTenant,
  updateTenant,
  createRealm,
  listRealms,
  getRealm,
  updateRealm,
  deleteRealm,
};
