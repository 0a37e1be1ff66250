// Contract tests of identity providers against Prism (see test/support/prism.ts), and their
// `x-correlation_id`: the `correlationId` option is sent as the header, and the id the server
// answers with (`x-correlation-id`) is read through `withResponse()`.
import { type IdentityProviderCreate, isKnownIdentityProviderConfig } from '@x/access';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

/** The spec's request example: a partner's OIDC provider. */
const partner: IdentityProviderCreate = {
  display_name: 'Partner login',
  protocol_config: {
    type: 'oidc_idp',
    client_id: 'access-platform',
    client_secret: 's3cr3t-sample-value-0000',
    token_scopes: ['openid', 'profile'],
    identity_attribute: 'id',
    pkce: 's256',
    jwks_url: 'https://idp.example.com/.well-known/jwks.json',
    token_url: 'https://idp.example.com/oauth2/token',
    authorize_url: 'https://idp.example.com/oauth2/authorize',
    identifying_claim_name: 'sub',
    oauth_2_par_enabled: false,
    token_endpoint_auth_method: 'client_secret_basic',
  },
};

const cases: ContractCase[] = [
  {
    operationId: 'createIdentityProvider',
    run: (o) => realm.identityProviders.create(partner, o),
    // The create body is not wrapped.
    request: { path: '/realms/realm-1/identity-providers', body: partner },
  },
  {
    operationId: 'listIdentityProviders',
    run: (o) => realm.identityProviders.list({ page_size: 10 }, o).then((page) => page.raw),
    request: { query: { page_size: '10' } },
  },
  {
    operationId: 'getIdentityProvider',
    run: (o) => realm.identityProviders.get('idp-1', o),
    request: { path: '/identity-providers/idp-1' },
  },
  {
    operationId: 'updateIdentityProvider',
    run: (o) =>
      realm.identityProviders.update(
        'idp-1',
        { protocol_config: { type: 'oidc_idp', client_secret: 'n3w-s3cr3t-sample-value' } },
        o,
      ),
    request: {
      body: {
        identity_provider: {
          protocol_config: { type: 'oidc_idp', client_secret: 'n3w-s3cr3t-sample-value' },
        },
      },
    },
  },
  {
    operationId: 'deleteIdentityProvider',
    run: (o) => realm.identityProviders.delete('idp-1', o),
  },
];

describe('identity providers', () => contractCases(['Identity providers'], cases));

describe('correlation ids', () => {
  it('sends the correlationId option as x-correlation_id and reads the answered one', async () => {
    const { data, response } = await realm.identityProviders
      .get('idp-1', { correlationId: 'support-case-42' })
      .withResponse();
    expect(seen[0]!.headers.get('x-correlation_id')).toBe('support-case-42');
    expect(response.headers.get('x-correlation-id')).toBeTruthy();
    expect(response.requestId).toBe(response.headers.get('x-correlation-id'));
    expect(data).toEqual(example('getIdentityProvider'));
  });

  it('sends none without the option (the server makes one up)', async () => {
    await realm.identityProviders.delete('idp-1');
    expect(seen[0]!.headers.has('x-correlation_id')).toBe(false);
  });

  it('a listing sends one id with its pages, made up when none is given', async () => {
    await realm.identityProviders.list();
    expect(seen[0]!.headers.get('x-correlation_id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an identity provider of a known kind is read by its type', async () => {
    const provider = await realm.identityProviders.get('idp-1');
    const config = provider.protocol_config;
    expect(isKnownIdentityProviderConfig(config) && config.type === 'oidc_idp').toBe(true);
  });

  it('refuses a blank correlationId and a create without its protocol fields, naming them', async () => {
    await expect(realm.identityProviders.get('idp-1', { correlationId: ' ' })).rejects.toThrow(
      /^correlationId: /,
    );
    await expect(
      realm.identityProviders.create({
        display_name: 'x',
        // @ts-expect-error: an oidc_idp configuration needs its client and endpoints
        protocol_config: { type: 'oidc_idp', client_id: 'c' },
      }),
    ).rejects.toThrow(/^identity_provider\.protocol_config\.client_secret: is required/);
    expect(seen).toHaveLength(0);
  });
});
