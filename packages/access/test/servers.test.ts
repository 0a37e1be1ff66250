// The spec describes two servers: the management API on `baseUrl`, and each realm's SCIM server
// under it at `/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2` (or at `scimBaseUrl`). Each raw
// client is typed with, and sends to, its own server only.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function fake() {
  const server = await startJsonFake(() => ({ status: 200, body: { schemas: [] } }));
  closers.push(server.close);
  return server;
}

describe('raw clients of the two servers', () => {
  it('access.raw sends management API paths to baseUrl', async () => {
    const api = await fake();
    const access = createAccessClient({
      baseUrl: api.url,
      tenantId: 't-1',
      auth: staticToken('unit-test-token'),
      retry: false,
    });
    const { data } = await access.raw.GET('/v1/tenants/{tenant_id}', {
      params: { path: { tenant_id: 't-1' } },
    });
    expect(data).toEqual({ schemas: [] });
    expect(api.requests.map((r) => r.url.pathname)).toEqual(['/v1/tenants/t-1']);
  });

  it("a realm's SCIM server is under baseUrl by default, one per realm", async () => {
    const api = await fake();
    const access = createAccessClient({
      baseUrl: `${api.url}/base`,
      tenantId: 't-1',
      auth: staticToken('unit-test-token'),
      retry: false,
    });
    await access.realm('r-1').scim.raw.GET('/ServiceProviderConfig');
    await access.realm('r-1').scim.request('GET', '/Schemas');
    await access.realm('r 2').scim.serviceProviderConfig();
    expect(api.requests.map((r) => r.url.pathname)).toEqual([
      '/base/v1/tenants/t-1/realms/r-1/scim/v2/ServiceProviderConfig',
      '/base/v1/tenants/t-1/realms/r-1/scim/v2/Schemas',
      '/base/v1/tenants/t-1/realms/r%202/scim/v2/ServiceProviderConfig',
    ]);
    for (const request of api.requests)
      expect(request.headers.authorization).toBe('Bearer unit-test-token');
  });

  it('scimBaseUrl sends every realm to another base, with scimAuth when given', async () => {
    const api = await fake();
    const scim = await fake();
    const access = createAccessClient({
      baseUrl: api.url,
      scimBaseUrl: `${scim.url}/scim/v2`,
      scimAuth: staticToken('scim-token'),
      tenantId: 't-1',
      auth: staticToken('unit-test-token'),
      retry: false,
    });
    await access.realm('r-1').scim.raw.GET('/ServiceProviderConfig');
    await access.realm('r-1').scim.request('GET', '/Schemas');
    expect(scim.requests.map((r) => r.url.pathname)).toEqual([
      '/scim/v2/ServiceProviderConfig',
      '/scim/v2/Schemas',
    ]);
    expect(scim.requests[0]!.headers.authorization).toBe('Bearer scim-token');
    expect(api.requests).toHaveLength(0);
  });
});
