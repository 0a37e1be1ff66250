// Retiring the tenant's intermediate signing certificate: it signs no new credential from then
// on, existing chains stay valid, and a new certificate is issued with the next credential.
import type { Handler } from '../types.js';
import { tenantOf, wf } from './common.js';

const retireTenantIssuer: Handler = (ctx) => {
  const tenantId = tenantOf(ctx);
  const tenant = wf(ctx).tenants[tenantId]!;
  if (!tenant.issuer.retired.some((r) => r.id === tenant.issuer.id))
    tenant.issuer.retired.push({ id: tenant.issuer.id, retired_at: ctx.world.clock.iso() });
  return { body: { content: {} } };
};

/**
 * The retire operation, by its operationId.
 */
export const certificateHandlers: Record<string, Handler> = {
  retireTenantIssuer,
};
