// The workforce client-credentials endpoint: HTTP Basic client id and secret, form body with
// `grant_type=client_credentials`; answers a signed JWT for the client's tenant.
import { basicOf, unauthorized } from '../../auth/tokens.js';
import type { Handler } from '../types.js';

/** Scope granted when the client asks for none (the platform's scope names are not published). */
export const DEFAULT_WORKFORCE_SCOPE = 'workforce.admin';

const issueToken: Handler = async (ctx) => {
  const basic = basicOf(ctx.request);
  const tenant = basic
    ? Object.values(ctx.world.state.workforce.tenants).find(
        (t) => t.client_id === basic.id && t.client_secret === basic.secret,
      )
    : undefined;
  if (!tenant) throw unauthorized('invalid client credentials');
  const requested = (ctx.body as { scope?: string } | undefined)?.scope?.trim();
  const body = await ctx.world.tokens.issue({
    family: 'workforce',
    tenantId: tenant.id,
    clientId: tenant.client_id,
    scope: requested || DEFAULT_WORKFORCE_SCOPE,
  });
  return { body, headers: { 'cache-control': 'no-store' } };
};

/** Handler of the token endpoint. */
export const tokenHandlers: Record<string, Handler> = {
  issueToken,
  'POST /v2/oauth2/token': issueToken,
};
