// Type-level tests, run by `pnpm --filter @x/access typecheck` (CI's `typecheck` task): it fails if
// a line marked `@ts-expect-error` compiles. Not a vitest file: the calls are never made.
import { createAccessClient } from '@x/access';

const access = createAccessClient({ baseUrl: 'https://a.example', tenantId: 't-1' });

/** Each raw client is typed with its own server's paths only. */
export function rawClientsKeepToTheirServer() {
  // @ts-expect-error: SCIM paths are not on the management API's base URL
  void access.raw.GET('/Users');
  // @ts-expect-error: management paths are not on the SCIM server
  void access.realm('r').scim.raw.GET('/v1/tenants/{tenant_id}', {
    params: { path: { tenant_id: 't' } },
  });
  // Each server's own paths are accepted.
  void access.raw.GET('/v1/tenants/{tenant_id}', { params: { path: { tenant_id: 't' } } });
  void access.realm('r').scim.raw.GET('/ServiceProviderConfig');
}
