// Identity providers against a scripted fake: the list pages until `next_page_token` is null,
// every call carries the caller's correlation id, and a protocol kind the SDK does not know is
// read as it came.
import { isKnownIdentityProviderConfig } from '@x/access';
import { describe, expect, it } from 'vitest';
import { fakeAccess, inRealm } from './support/fake.js';

describe('identity providers', () => {
  it('the list pages until next_page_token is null, with one correlation id', async () => {
    const { realm, requests } = await fakeAccess(({ url }) => {
      const token = url.searchParams.get('page_token');
      return {
        status: 200,
        body: {
          identity_providers: [{ id: token ?? 'first' }],
          total_size: 2,
          next_page_token: token === null ? 'second' : null,
        },
      };
    });
    const providers = await realm.identityProviders
      .list({ page_size: 1 }, { correlationId: 'listing-1' })
      .toArray();
    expect(providers.map((p) => p.id)).toEqual(['first', 'second']);
    expect(requests.map((r) => r.headers['x-correlation_id'])).toEqual(['listing-1', 'listing-1']);
    expect(requests.map((r) => r.url.pathname)).toEqual([
      inRealm('/identity-providers'),
      inRealm('/identity-providers'),
    ]);
  });

  it('create sends the provider unwrapped; update wraps it; each with the correlation id', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: {} }));
    const protocol_config = {
      type: 'oidc_idp' as const,
      client_id: 'c',
      client_secret: 's',
      token_scopes: ['openid'],
      identity_attribute: 'email' as const,
      pkce: 's256' as const,
      jwks_url: 'https://idp.example.com/jwks',
      token_url: 'https://idp.example.com/token',
      authorize_url: 'https://idp.example.com/authorize',
      identifying_claim_name: 'sub',
      oauth_2_par_enabled: false,
      token_endpoint_auth_method: 'client_secret_post' as const,
    };
    await realm.identityProviders.create(
      { display_name: 'Partner', protocol_config },
      { correlationId: 'c-1' },
    );
    // A provider read back (with its server-assigned redirect_url) can be sent as a change.
    const readBack = { ...protocol_config, redirect_url: 'https://access.example.com/cb' };
    await realm.identityProviders.update(
      'idp-1',
      { protocol_config: readBack },
      { correlationId: 'c-2' },
    );
    expect(requests.map((r) => [r.method, r.headers['x-correlation_id'], r.body])).toEqual([
      ['POST', 'c-1', { display_name: 'Partner', protocol_config }],
      ['PATCH', 'c-2', { identity_provider: { protocol_config } }],
    ]);
  });

  it('a protocol kind the SDK does not know is read as it came', async () => {
    const protocol_config = { type: 'saml_idp', metadata_url: 'https://idp.example.com/md' };
    const { realm } = await fakeAccess(() => ({
      status: 200,
      body: { id: 'i', tenant_id: 't', realm_id: 'r', display_name: 'SAML', protocol_config },
    }));
    const provider = await realm.identityProviders.get('i');
    expect(provider.protocol_config).toEqual(protocol_config);
    expect(isKnownIdentityProviderConfig(provider.protocol_config)).toBe(false);
  });
});
