// The spec describes two servers; each raw client is typed with, and sends to, its own server only.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { ValidationError } from '@x/runtime';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function twoServers() {
  const api = await startJsonFake(() => ({ status: 200, body: { schemas: [] } }));
  const scim = await startJsonFake(() => ({ status: 200, body: { schemas: [] } }));
  closers.push(api.close, scim.close);
  const access = createAccessClient({
    baseUrl: api.url,
    scimBaseUrl: `${scim.url}/scim/v2`,
    tenantId: 't-1',
    auth: staticToken('unit-test-token'),
    retry: false,
  });
  return { access, api, scim };
}

describe('raw clients of the two servers', () => {
  it('access.raw sends management API paths to baseUrl', async () => {
    const { access, api, scim } = await twoServers();
    const { data } = await access.raw.GET('/v1/tenants/{tenant_id}', {
      params: { path: { tenant_id: 't-1' } },
    });
    expect(data).toEqual({ schemas: [] });
    expect(api.requests.map((r) => r.url.pathname)).toEqual(['/v1/tenants/t-1']);
    expect(scim.requests).toHaveLength(0);
  });

  it('scim.raw sends SCIM paths to scimBaseUrl, with its prefix', async () => {
    const { access, api, scim } = await twoServers();
    await access.realm('r-1').scim.raw.GET('/ServiceProviderConfig');
    await access.realm('r-1').scim.request('GET', '/Schemas');
    expect(scim.requests.map((r) => r.url.pathname)).toEqual([
      '/scim/v2/ServiceProviderConfig',
      '/scim/v2/Schemas',
    ]);
    expect(api.requests).toHaveLength(0);
  });

  it('scim.raw without scimBaseUrl throws a ValidationError naming the option', () => {
    const access = createAccessClient({ baseUrl: 'https://a.example', tenantId: 't-1' });
    expect(() => access.realm('r').scim.raw).toThrow(ValidationError);
    expect(() => access.realm('r').scim.request).toThrow(/^scimBaseUrl: /);
  });
});
