// External identity providers: create (body not wrapped; the server assigns the redirect URL),
// list, get, partial update (`{identity_provider: {...}}`; a `protocol_config` sent is merged
// into the current one), delete. Every answer echoes `x-correlation_id` as `x-correlation-id`.
import type { Handler, HandlerContext } from '../types.js';
import { acc, correlation, fresh, inRealm, ofRealm, realmOf, wrapped } from './common.js';
import { pageRequest, tokenPage } from './paging.js';
import { withCorrelation } from './sso-common.js';
import type { IdentityProviderRecord } from './state.js';

const findProvider = (ctx: HandlerContext) =>
  inRealm(ctx, acc(ctx).identityProviders, 'identity_provider', ctx.params.identity_provider_id);

/** A new identity provider of the path's realm (also made by SSO configurations). */
export function newIdentityProvider(
  ctx: HandlerContext,
  input: { display_name: string; protocol_config: Record<string, unknown> },
): IdentityProviderRecord {
  const realm = realmOf(ctx);
  const { id, seq } = fresh(ctx);
  const provider: IdentityProviderRecord = {
    id,
    seq,
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    display_name: input.display_name,
    protocol_config: {
      ...structuredClone(input.protocol_config),
      redirect_url: `${ctx.world.urls.accessAuth}/v1/tenants/${realm.tenant_id}/realms/${realm.id}/identity-providers/${id}/callback`,
    },
  };
  acc(ctx).identityProviders[provider.id] = provider;
  return provider;
}

const createIdentityProvider: Handler = (ctx) => ({
  body: newIdentityProvider(ctx, ctx.body as Parameters<typeof newIdentityProvider>[1]),
});

const listIdentityProviders: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const { items, ...rest } = tokenPage(
    ofRealm(acc(ctx).identityProviders, realm.id),
    pageRequest(ctx, { defaultSize: 20, maxSize: 200 }),
  );
  return { body: { identity_providers: items, ...rest } };
};

const getIdentityProvider: Handler = (ctx) => ({ body: findProvider(ctx) });

const updateIdentityProvider: Handler = (ctx) => {
  const provider = findProvider(ctx);
  const input = wrapped(ctx, 'identity_provider');
  if (typeof input.display_name === 'string') provider.display_name = input.display_name;
  if (typeof input.protocol_config === 'object' && input.protocol_config !== null)
    provider.protocol_config = {
      ...provider.protocol_config,
      ...structuredClone(input.protocol_config as Record<string, unknown>),
    };
  return { body: provider };
};

const deleteIdentityProvider: Handler = (ctx) => {
  const provider = findProvider(ctx);
  delete acc(ctx).identityProviders[provider.id];
  return { headers: correlation(ctx) };
};

/** Handlers of the identity provider operations. */
export const identityProviderHandlers: Record<string, Handler> = withCorrelation({
  createIdentityProvider,
  listIdentityProviders,
  getIdentityProvider,
  updateIdentityProvider,
  deleteIdentityProvider,
});
