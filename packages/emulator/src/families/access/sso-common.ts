// What the SSO configuration, association and identity provider operations share: the
// `x-correlation_id` request header comes back as `x-correlation-id` on every answer (errors
// included), generated when absent; and the SSO configuration of the path.
import { ApiFailure } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, correlation, inRealm } from './common.js';
import type { SsoConfigRecord } from './state.js';

/** Wraps handlers so that their answers and failures carry the correlation header. */
export function withCorrelation(handlers: Record<string, Handler>): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (async (ctx) => {
        const headers = correlation(ctx);
        try {
          const result = await handler(ctx);
          return { ...result, headers: { ...headers, ...(result.headers ?? {}) } };
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          throw new ApiFailure(error.status, error.message, {
            code: error.code,
            details: [...error.details],
            ...(error.scimType !== undefined ? { scimType: error.scimType } : {}),
            headers: { ...error.headers, ...headers },
          });
        }
      }) satisfies Handler,
    ]),
  );
}

/** The SSO configuration of the path. */
export const findSsoConfig = (
  ctx: HandlerContext,
  id = ctx.params.sso_config_id,
): SsoConfigRecord => inRealm(ctx, acc(ctx).ssoConfigs, 'sso_config', id);

/** The summary of a configuration that lists show: the tile fields and the kind's key fields. */
export function ssoSummary(sso: SsoConfigRecord) {
  const p = sso.payload;
  const pick = ['login_link', 'icon', 'is_tile_visible', 'redirect_uris', 'discover_endpoint'];
  return {
    id: sso.id,
    display_name: sso.display_name,
    payload: {
      type: p.type,
      ...Object.fromEntries(pick.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])),
    },
  };
}
