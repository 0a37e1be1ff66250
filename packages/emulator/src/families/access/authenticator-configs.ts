// Authenticator configurations: create (`{authenticator_config: {display_name, config}}`, the
// config selected by its `type`), list (with a filter on `display_name` and `type` in the SCIM
// grammar: the platform does not publish its grammar), get, partial update, delete.
import type { FieldKind } from '@x/workforce';
import { filterPredicate } from '../../filter/scim-filter.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, assignSent, fresh, inRealm, ofRealm, realmOf, wrapped } from './common.js';
import { pageRequest, tokenPage } from './paging.js';
import type { AuthenticatorConfigRecord } from './state.js';

const FILTER_FIELDS: Readonly<Record<string, FieldKind>> = { display_name: 'text', type: 'exact' };

const findConfig = (ctx: HandlerContext) =>
  inRealm(
    ctx,
    acc(ctx).authenticatorConfigs,
    'authenticator_config',
    ctx.params.authenticator_config_id,
  );

/** A new authenticator configuration of the path's realm (also made by SSO configurations). */
export function newAuthenticatorConfig(
  ctx: HandlerContext,
  input: { display_name?: string; config?: Record<string, unknown> },
): AuthenticatorConfigRecord {
  const realm = realmOf(ctx);
  const config: AuthenticatorConfigRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
    ...(input.config !== undefined ? { config: structuredClone(input.config) } : {}),
  };
  acc(ctx).authenticatorConfigs[config.id] = config;
  return config;
}

const createAuthenticatorConfig: Handler = (ctx) => ({
  body: newAuthenticatorConfig(ctx, wrapped(ctx, 'authenticator_config') as never),
});

const listAuthenticatorConfigs: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const page = pageRequest(ctx, { defaultSize: 100, maxSize: 100, keptNames: ['filter'] });
  const predicate = filterPredicate(page.kept.filter, FILTER_FIELDS);
  const configs = ofRealm(acc(ctx).authenticatorConfigs, realm.id).filter((c) =>
    predicate((field) => (field === 'type' ? c.config?.type : c.display_name)),
  );
  const { items, ...rest } = tokenPage(configs, page);
  return { body: { authenticator_configs: items, ...rest } };
};

const getAuthenticatorConfig: Handler = (ctx) => ({ body: findConfig(ctx) });

const updateAuthenticatorConfig: Handler = (ctx) => {
  const config = findConfig(ctx);
  assignSent(config, wrapped(ctx, 'authenticator_config'), ['display_name', 'config']);
  return { body: config };
};

const deleteAuthenticatorConfig: Handler = (ctx) => {
  const config = findConfig(ctx);
  delete acc(ctx).authenticatorConfigs[config.id];
  return {};
};

/** Handlers of the authenticator configuration operations. */
export const authenticatorConfigHandlers: Record<string, Handler> = {
  createAuthenticatorConfig,
  listAuthenticatorConfigs,
  getAuthenticatorConfig,
  updateAuthenticatorConfig,
  deleteAuthenticatorConfig,
};
