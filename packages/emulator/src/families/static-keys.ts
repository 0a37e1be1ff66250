// Static credentials (events API keys, legacy tokens): a name and the tenants it reaches, with
// no scopes; both families turn one into the same principal.
import type { StaticKeyRecord } from '../state.js';
import type { Principal } from './types.js';

/** The principal of a static key of `family`; it acts for the first tenant it reaches. */
export const staticKeyPrincipal = (family: string, key: StaticKeyRecord): Principal => ({
  family,
  tenantId: key.tenant_ids[0] ?? '',
  tenantIds: key.tenant_ids,
  id: key.name,
  displayName: key.name,
  type: 'ApiKey',
  scopes: [],
});
