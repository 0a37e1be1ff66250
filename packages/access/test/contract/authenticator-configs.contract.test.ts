// Contract tests of authenticator configurations against Prism (see test/support/prism.ts).
import type { AuthenticatorConfigCreate } from '@x/access';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

/** The spec's request example: hosted web login with passkeys and e-mail codes. */
const hostedWeb: AuthenticatorConfigCreate = {
  display_name: 'Hosted web login',
  config: {
    type: 'hosted_web',
    authentication_methods: [{ type: 'webauthn_passkey' }, { type: 'email_one_time_password' }],
    trusted_origins: ['https://portal.example.com'],
  },
};

const cases: ContractCase[] = [
  {
    operationId: 'createAuthenticatorConfig',
    run: (o) => realm.authenticatorConfigs.create(hostedWeb, o),
    request: {
      path: '/realms/realm-1/authenticator-configs',
      body: { authenticator_config: hostedWeb },
    },
  },
  {
    operationId: 'listAuthenticatorConfigs',
    run: (o) =>
      realm.authenticatorConfigs
        .list({ filter: 'kind=hosted', page_size: 10 }, o)
        .then((page) => page.raw),
    request: { query: { filter: 'kind=hosted', page_size: '10' } },
  },
  {
    operationId: 'getAuthenticatorConfig',
    run: (o) => realm.authenticatorConfigs.get('ac-1', o),
    request: { path: '/authenticator-configs/ac-1' },
  },
  {
    operationId: 'updateAuthenticatorConfig',
    run: (o) => realm.authenticatorConfigs.update('ac-1', { display_name: 'Login' }, o),
    request: { body: { authenticator_config: { display_name: 'Login' } } },
  },
  {
    operationId: 'deleteAuthenticatorConfig',
    run: (o) => realm.authenticatorConfigs.delete('ac-1', o),
  },
];

describe('authenticator configurations', () => contractCases(['Authenticator configs'], cases));

describe('authenticator configuration lists', () => {
  it('the first page equals the example, and its items are the configurations', async () => {
    const page = await realm.authenticatorConfigs.list();
    const body = example('listAuthenticatorConfigs') as { authenticator_configs: unknown[] };
    expect(page.raw).toEqual(body);
    expect(page.items).toEqual(body.authenticator_configs);
  });

  it('refuses a config kind outside the four, naming the field', async () => {
    await expect(
      realm.authenticatorConfigs.create({
        display_name: 'x',
        // @ts-expect-error: requests send only the four known kinds
        config: { type: 'passwordless_magic' },
      }),
    ).rejects.toThrow(/^authenticator_config\.config\.type: /);
    expect(seen).toHaveLength(0);
  });
});
