// Applications: create (the server assigns the client id and secret; the secret is shown only in
// the create response), list, get, partial update, delete (the default management application
// cannot be deleted: 403); the SSO configuration an application belongs to; the tokens it issued
// (list, revoke: a revoked token gives 401 from then on) and the client-credentials token
// endpoint (`{access_auth_url}`).
import { basicOf, unauthorized } from '../../auth/tokens.js';
import { forbidden } from '../../http/errors.js';
import { secret } from '../../random.js';
import type { TokenRecord } from '../../state.js';
import type { Handler, HandlerContext } from '../types.js';
import {
  acc,
  correlation,
  fresh,
  inRealm,
  missing,
  nowIso,
  ofRealm,
  realmOf,
  wrapped,
} from './common.js';
import { pageRequest, singlePage, tokenPage } from './paging.js';
import type { AccessApplicationRecord } from './state.js';
import { applicationView } from './views.js';

/** Scope granted when the client asks for none. */
export const DEFAULT_ACCESS_SCOPE = 'management.admin';

const findApplication = (ctx: HandlerContext) =>
  inRealm(ctx, acc(ctx).applications, 'application', ctx.params.application_id);

/** A new application of the path's realm (also used by SSO configurations that create one). */
export function newApplication(
  ctx: HandlerContext,
  input: {
    display_name?: string;
    resource_server_id?: string;
    authenticator_config_id?: string;
    protocol_config?: Record<string, unknown>;
  },
): AccessApplicationRecord {
  const realm = realmOf(ctx);
  const now = nowIso(ctx);
  const { id, seq } = fresh(ctx);
  const app: AccessApplicationRecord = {
    id,
    seq,
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    display_name: input.display_name ?? 'Application',
    is_managed: false,
    client_id: `client-${id}`,
    client_secret: secret(32),
    ...(input.resource_server_id !== undefined
      ? { resource_server_id: input.resource_server_id }
      : {}),
    ...(input.authenticator_config_id !== undefined
      ? { authenticator_config_id: input.authenticator_config_id }
      : {}),
    ...(input.protocol_config !== undefined
      ? { protocol_config: structuredClone(input.protocol_config) }
      : {}),
    create_time: now,
    update_time: now,
  };
  acc(ctx).applications[app.id] = app;
  return app;
}

const createApplication: Handler = (ctx) => {
  const input = wrapped(ctx, 'application');
  const app = newApplication(ctx, input as Parameters<typeof newApplication>[1]);
  return { body: applicationView(app, true) };
};

const listApplications: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const { items, ...rest } = tokenPage(
    ofRealm(acc(ctx).applications, realm.id),
    pageRequest(ctx, { defaultSize: 100, maxSize: 100 }),
  );
  return { body: { applications: items.map((a) => applicationView(a)), ...rest } };
};

const getApplication: Handler = (ctx) => ({ body: applicationView(findApplication(ctx)) });

const updateApplication: Handler = (ctx) => {
  const app = findApplication(ctx);
  const input = wrapped(ctx, 'application');
  if (typeof input.display_name === 'string') app.display_name = input.display_name;
  if (typeof input.resource_server_id === 'string')
    app.resource_server_id = input.resource_server_id;
  if (typeof input.authenticator_config_id === 'string')
    app.authenticator_config_id = input.authenticator_config_id;
  if (input.protocol_config !== undefined)
    app.protocol_config = structuredClone(input.protocol_config as Record<string, unknown>);
  app.update_time = nowIso(ctx);
  return { body: applicationView(app) };
};

const deleteApplication: Handler = (ctx) => {
  const app = findApplication(ctx);
  if (app.is_managed)
    throw forbidden('the default management application cannot be deleted', {
      type: 'application',
      id: app.id,
    });
  const state = ctx.world.state;
  for (const token of Object.values(state.tokens))
    if (token.extra?.application_id === app.id) token.revoked = true;
  delete acc(ctx).applications[app.id];
  return {};
};

const getApplicationSsoConfigId: Handler = (ctx) => {
  const app = findApplication(ctx);
  const sso = ofRealm(acc(ctx).ssoConfigs, app.realm_id).find(
    (s) => s.payload.application_id === app.id,
  );
  return { body: sso ? { sso_config_id: sso.id } : {}, headers: correlation(ctx) };
};

/** The tokens an application issued that still work (neither revoked nor expired). */
function tokensOf(ctx: HandlerContext, app: AccessApplicationRecord): TokenRecord[] {
  const now = ctx.world.clock.now();
  return Object.values(ctx.world.state.tokens).filter(
    (t) =>
      t.family === 'access' &&
      t.extra?.application_id === app.id &&
      !t.revoked &&
      t.exp * 1000 > now,
  );
}

const tokenView = (t: TokenRecord) => ({
  id: t.jti,
  display_name: `${t.client_id} (client credentials)`,
  scopes: t.scope.split(' ').filter(Boolean),
  token_suffix: t.extra?.token_suffix ?? '',
  token_format: 'self_contained',
  expires: t.exp,
  issued_at: t.iat,
  token_type: 'Bearer',
});

/** The published `maxItems` of a token list. */
const TOKEN_LIST_MAX = 100;

const listTokens: Handler = (ctx) => {
  const app = findApplication(ctx);
  // Client-credentials tokens have the application as their principal.
  const type = ctx.query.principal_type;
  const principal = ctx.query.principal_id;
  const tokens = tokensOf(ctx, app).filter(
    () =>
      (type === undefined || type === 'application') &&
      (principal === undefined || principal === app.id),
  );
  const { items, ...rest } = singlePage(tokens, TOKEN_LIST_MAX);
  return { body: { tokens: items.map(tokenView), ...rest } };
};

const revokeToken: Handler = (ctx) => {
  const app = findApplication(ctx);
  const id = ctx.params.token_id ?? '';
  const token = ctx.world.state.tokens[id];
  if (token?.family !== 'access' || token.extra?.application_id !== app.id)
    throw missing(ctx, 'token', id);
  ctx.world.tokens.revoke(id);
  return {};
};

/** `{access_auth_url}`: client credentials of the application in the path (HTTP Basic). */
const issueToken: Handler = async (ctx) => {
  const { tenant_id, realm_id, application_id } = ctx.params;
  const app = acc(ctx).applications[application_id ?? ''];
  const basic = basicOf(ctx.request);
  if (
    !app ||
    !basic ||
    app.tenant_id !== tenant_id ||
    app.realm_id !== realm_id ||
    app.client_id !== basic.id ||
    app.client_secret !== basic.secret
  )
    throw unauthorized('invalid client credentials');
  const requested = (ctx.body as { scope?: string } | undefined)?.scope?.trim();
  const body = await ctx.world.tokens.issue({
    family: 'access',
    tenantId: app.tenant_id,
    clientId: app.client_id,
    scope: requested || DEFAULT_ACCESS_SCOPE,
    extra: { realm_id: app.realm_id, application_id: app.id },
  });
  // Keep the token's suffix for the token list (the JWT itself is not stored).
  const jti = jtiOf(body.access_token);
  const record = jti ? ctx.world.state.tokens[jti] : undefined;
  if (record) record.extra = { ...(record.extra ?? {}), token_suffix: body.access_token.slice(-6) };
  return { body, headers: { 'cache-control': 'no-store' } };
};

function jtiOf(jwt: string): string | undefined {
  try {
    const payload = JSON.parse(
      Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { jti?: unknown };
    return typeof payload.jti === 'string' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

/** Handlers of the application and token operations. */
export const applicationHandlers: Record<string, Handler> = {
  createApplication,
  listApplications,
  getApplication,
  updateApplication,
  deleteApplication,
  getApplicationSsoConfigId,
  listTokens,
  revokeToken,
  issueToken,
};
