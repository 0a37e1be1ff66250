// Contract tests of applications against Prism (see test/support/prism.ts). Their SSO
// configuration id (`sso-configs-id`) is an SSO operation, in sso-configs.contract.test.ts.
import { type ApplicationCreate, isKnownProtocolConfig } from '@x/access';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

/** The spec's request example: an OIDC application with access to the management API. */
const portal: ApplicationCreate = {
  display_name: 'Customer portal',
  resource_server_id: '6d1c9a4e-3f8b-4e27-b5a0-8c2f7e1d4b93',
  authenticator_config_id: 'f3a7c2e9-8d1b-4b64-a9f0-5e2d7c1b8a36',
  protocol_config: {
    type: 'oidc',
    allowed_scopes: ['openid', 'profile', 'email'],
    confidentiality: 'confidential',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_type: ['authorization_code'],
    redirect_uris: ['https://portal.example.com/callback'],
    token_configuration: { expires_after: 3600, subject_field: 'id' },
    pkce: 's256',
  },
};

const cases: ContractCase[] = [
  {
    operationId: 'createApplication',
    run: (o) => realm.applications.create(portal, o),
    request: { path: '/realms/realm-1/applications', body: { application: portal } },
  },
  {
    operationId: 'listApplications',
    run: (o) => realm.applications.list({ pageSize: 100 }, o).then((page) => page.raw),
    request: { query: { page_size: '100' } },
  },
  {
    operationId: 'getApplication',
    run: (o) => realm.applications.get('app-1', o),
    request: { path: '/applications/app-1' },
  },
  {
    operationId: 'updateApplication',
    run: (o) => realm.applications.update('app-1', { display_name: 'Billing' }, o),
    request: { body: { application: { display_name: 'Billing' } } },
  },
  { operationId: 'deleteApplication', run: (o) => realm.applications.delete('app-1', o) },
];

describe('applications', () => contractCases(['Applications'], cases));

describe('application lists and kinds', () => {
  it('the first page of the list equals the example, and its items are the applications', async () => {
    const page = await realm.applications.list();
    const body = example('listApplications') as { applications: unknown[] };
    expect(page.raw).toEqual(body);
    expect(page.items).toEqual(body.applications);
  });

  it('a protocol configuration is read by its type', async () => {
    const application = await realm.applications.get('app-1');
    const config = application.protocol_config;
    expect(config && isKnownProtocolConfig(config)).toBe(true);
    if (
      config &&
      isKnownProtocolConfig(config) &&
      config.type !== 'oauth2' &&
      config.type !== 'oidc'
    )
      throw new Error('unreachable: the known kinds are oauth2 and oidc');
  });
});

describe('checks before sending', () => {
  it('refuses a page size above 100 and a protocol without its type, naming the field', async () => {
    await expect(realm.applications.list({ pageSize: 101 })).rejects.toThrow(/^pageSize: /);
    await expect(
      // @ts-expect-error: a protocol configuration names its type
      realm.applications.create({ display_name: 'x', protocol_config: { pkce: 's256' } }),
    ).rejects.toThrow(/^application\.protocol_config\.type: /);
    expect(seen).toHaveLength(0);
  });
});
