// Bad input to every method of a realm's configuration (applications, authenticator
// configurations, themes, identity providers, SSO configurations, the flow type configuration)
// and of its SCIM server, as a typed caller can make it and as untyped JavaScript passes it: each
// is refused with a ValidationError naming the field as sent, and nothing reaches the server.
import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { failureOf, fakeAccess } from './support/fake.js';

// biome-ignore lint/suspicious/noExplicitAny: what untyped JavaScript callers pass is tested
type Untyped = any;
type Ctx = Awaited<ReturnType<typeof fakeAccess>>;
const u = (value: unknown): Untyped => value;
const long = 'n'.repeat(65);

const CASES: [string, (c: Ctx) => unknown, string][] = [
  // Applications
  [
    'applications.create name',
    (c) => c.realm.applications.create({ display_name: 'a:b' }),
    'application.display_name',
  ],
  [
    'applications.create protocol type',
    (c) => c.realm.applications.create(u({ protocol_config: { type: 'saml2' } })),
    'application.protocol_config.type',
  ],
  [
    'applications.create pkce',
    (c) => c.realm.applications.create(u({ protocol_config: { type: 'oidc', pkce: 'S256' } })),
    'application.protocol_config.pkce',
  ],
  [
    'applications.create grant type',
    (c) =>
      c.realm.applications.create(
        u({ protocol_config: { type: 'oauth2', grant_type: ['implicit'] } }),
      ),
    'application.protocol_config.grant_type[0]',
  ],
  [
    'applications.create token lifetime',
    (c) =>
      c.realm.applications.create(
        u({ protocol_config: { type: 'oauth2', token_configuration: {} } }),
      ),
    'application.protocol_config.token_configuration.expires_after',
  ],
  ['applications.list size', (c) => c.realm.applications.list({ page_size: 101 }), 'page_size'],
  ['applications.list token', (c) => c.realm.applications.list({ page_token: '' }), 'page_token'],
  ['applications.get', (c) => c.realm.applications.get(''), 'applicationId'],
  [
    'applications.update name',
    (c) => c.realm.applications.update('a', { display_name: long }),
    'application.display_name',
  ],
  ['applications.update id', (c) => c.realm.applications.update('..', {}), 'applicationId'],
  ['applications.delete', (c) => c.realm.applications.delete(u(7)), 'applicationId'],
  ['applications.getSsoConfigId', (c) => c.realm.applications.getSsoConfigId(' '), 'applicationId'],
  [
    'applications.getSsoConfigId correlation',
    (c) => c.realm.applications.getSsoConfigId('a', { correlationId: '' }),
    'correlationId',
  ],
  // Authenticator configurations
  [
    'authenticatorConfigs.create kind',
    (c) => c.realm.authenticatorConfigs.create(u({ config: { type: 'magic' } })),
    'authenticator_config.config.type',
  ],
  [
    'authenticatorConfigs.create embedded url',
    (c) =>
      c.realm.authenticatorConfigs.create(
        u({ config: { type: 'embedded', trusted_origins: ['https://a.example'] } }),
      ),
    'authenticator_config.config.invoke_url',
  ],
  [
    'authenticatorConfigs.create method',
    (c) =>
      c.realm.authenticatorConfigs.create(
        u({
          config: {
            type: 'hosted_web',
            trusted_origins: [],
            authentication_methods: [{ type: 'sms' }],
          },
        }),
      ),
    'authenticator_config.config.authentication_methods[0].type',
  ],
  [
    'authenticatorConfigs.create verification',
    (c) =>
      c.realm.authenticatorConfigs.create(
        u({
          config: {
            type: 'console',
            onboarding_configuration: { verification_method: { type: 'idp' } },
          },
        }),
      ),
    'authenticator_config.config.onboarding_configuration.verification_method.idp_id',
  ],
  [
    'authenticatorConfigs.create roaming',
    (c) =>
      c.realm.authenticatorConfigs.create(
        u({ config: { type: 'platform', roaming_auth_config: { enabled: 'yes' } } }),
      ),
    'authenticator_config.config.roaming_auth_config.enabled',
  ],
  [
    'authenticatorConfigs.list filter',
    (c) => c.realm.authenticatorConfigs.list({ filter: '' }),
    'filter',
  ],
  [
    'authenticatorConfigs.list size',
    (c) => c.realm.authenticatorConfigs.list({ page_size: 0 }),
    'page_size',
  ],
  [
    'authenticatorConfigs.get',
    (c) => c.realm.authenticatorConfigs.get(''),
    'authenticatorConfigId',
  ],
  [
    'authenticatorConfigs.update name',
    (c) => c.realm.authenticatorConfigs.update('a', { display_name: '' }),
    'authenticator_config.display_name',
  ],
  [
    'authenticatorConfigs.delete',
    (c) => c.realm.authenticatorConfigs.delete('.'),
    'authenticatorConfigId',
  ],
  // Themes
  [
    'themes.create colour',
    (c) => c.realm.themes.create({ button_color: '#12' }),
    'theme.button_color',
  ],
  [
    'themes.create realm name',
    (c) => c.realm.themes.create({ email_realm_name: 'a$b' }),
    'theme.email_realm_name',
  ],
  ['themes.getActive options', (c) => c.realm.themes.getActive({ timeoutMs: 0 }), 'timeoutMs'],
  ['themes.get', (c) => c.realm.themes.get(''), 'themeId'],
  [
    'themes.update url',
    (c) => c.realm.themes.update('t', { support_url: 'not a url' }),
    'theme.support_url',
  ],
  ['themes.update null', (c) => c.realm.themes.update('t', u(null)), 'theme'],
  // Identity providers
  [
    'identityProviders.create name',
    (c) => c.realm.identityProviders.create(u({})),
    'identity_provider.display_name',
  ],
  [
    'identityProviders.create kind',
    (c) =>
      c.realm.identityProviders.create(u({ display_name: 'x', protocol_config: { type: 'saml' } })),
    'identity_provider.protocol_config.type',
  ],
  [
    'identityProviders.create attribute',
    (c) =>
      c.realm.identityProviders.create(
        u({ display_name: 'x', protocol_config: { type: 'oidc_idp', identity_attribute: 'upn' } }),
      ),
    'identity_provider.protocol_config.identity_attribute',
  ],
  [
    'identityProviders.list correlation',
    (c) => c.realm.identityProviders.list({}, u({ correlationId: 5 })),
    'correlationId',
  ],
  [
    'identityProviders.list size',
    (c) => c.realm.identityProviders.list({ page_size: -1 }),
    'page_size',
  ],
  ['identityProviders.get', (c) => c.realm.identityProviders.get(''), 'identityProviderId'],
  [
    'identityProviders.get correlation',
    (c) => c.realm.identityProviders.get('i', { correlationId: 'a\nb' }),
    'correlationId',
  ],
  [
    'identityProviders.update flag',
    (c) =>
      c.realm.identityProviders.update(
        'i',
        u({ protocol_config: { type: 'oidc_idp', oauth_2_par_enabled: 'no' } }),
      ),
    'identity_provider.protocol_config.oauth_2_par_enabled',
  ],
  [
    'identityProviders.delete',
    (c) => c.realm.identityProviders.delete(u(null)),
    'identityProviderId',
  ],
  // SSO configurations
  [
    'ssoConfigs.create name',
    (c) => c.realm.ssoConfigs.create(u({ payload: { type: 'bookmark', login_link: 'x' } })),
    'sso_config.display_name',
  ],
  [
    'ssoConfigs.create payload',
    (c) => c.realm.ssoConfigs.create(u({ display_name: 'x' })),
    'sso_config.payload',
  ],
  [
    'ssoConfigs.create kind',
    (c) => c.realm.ssoConfigs.create(u({ display_name: 'x', payload: { type: 'nametag_oauth2' } })),
    'sso_config.payload.type',
  ],
  [
    'ssoConfigs.create saml attribute',
    (c) =>
      c.realm.ssoConfigs.create(
        u({
          display_name: 'x',
          payload: { type: 'ws_fed', additional_user_attributes: [{ name: 'n', value: 'email' }] },
        }),
      ),
    'sso_config.payload.additional_user_attributes[0].name_format',
  ],
  [
    'ssoConfigs.create migrated',
    (c) =>
      c.realm.ssoConfigs.create(
        u({ display_name: 'x', is_migrated: 'no', payload: { type: 'bookmark', login_link: 'l' } }),
      ),
    'sso_config.is_migrated',
  ],
  ['ssoConfigs.list types', (c) => c.realm.ssoConfigs.list(u({ type: 'scim' })), 'type'],
  [
    'ssoConfigs.list migrated',
    (c) => c.realm.ssoConfigs.list(u({ is_migrated: 1 })),
    'is_migrated',
  ],
  ['ssoConfigs.list order', (c) => c.realm.ssoConfigs.list({ order_by: '' }), 'order_by'],
  ['ssoConfigs.get', (c) => c.realm.ssoConfigs.get(''), 'ssoConfigId'],
  [
    'ssoConfigs.update type',
    (c) => c.realm.ssoConfigs.update('s', u({ login_link: 'x' })),
    'sso_config.type',
  ],
  ['ssoConfigs.delete', (c) => c.realm.ssoConfigs.delete('..'), 'ssoConfigId'],
  ['ssoConfigs.test', (c) => c.realm.ssoConfigs.test(''), 'ssoConfigId'],
  [
    'ssoConfigs.addIdentities item',
    (c) => c.realm.ssoConfigs.identities.add('s', ['a', 'b', '']),
    'identityIds[2]',
  ],
  [
    'ssoConfigs.removeIdentities empty',
    (c) => c.realm.ssoConfigs.identities.remove('s', []),
    'identityIds',
  ],
  ['ssoConfigs.listIdentities', (c) => c.realm.ssoConfigs.identities.list(''), 'ssoConfigId'],
  ['ssoConfigs.addGroups list', (c) => c.realm.ssoConfigs.groups.add('s', u('g-1')), 'groupIds'],
  ['ssoConfigs.removeGroups id', (c) => c.realm.ssoConfigs.groups.remove('', ['g']), 'ssoConfigId'],
  [
    'ssoConfigs.listGroups correlation',
    (c) => c.realm.ssoConfigs.groups.list('s', { correlationId: '' }),
    'correlationId',
  ],
  ['ssoConfigs.getGroupListing', (c) => c.realm.ssoConfigs.groups.getListing(' '), 'ssoConfigId'],
  [
    'ssoConfigs.isGroupAssigned',
    (c) => c.realm.ssoConfigs.groups.isAssigned('s', u([1])),
    'groupIds[0]',
  ],
  [
    'ssoConfigs.isIdentityAssigned',
    (c) => c.realm.identities.ssoConfigs.isAssigned('', 's'),
    'identityId',
  ],
  ['ssoConfigs.listForIdentity', (c) => c.realm.identities.ssoConfigs.list('', {}), 'identityId'],
  [
    'ssoConfigs.listForGroup',
    (c) => c.realm.groups.ssoConfigs.list('g', { page_size: 201 }),
    'page_size',
  ],
  // Flow type configuration
  ['flowTypeConfig.get options', (c) => c.realm.flowTypeConfig.get(u('fast')), 'options'],
  // SCIM users
  [
    'scim.users.create userName',
    (c) => c.realm.scim.users.create(u({ externalId: 'x' })),
    'user.userName',
  ],
  [
    'scim.users.create schema',
    (c) => c.realm.scim.users.create(u({ userName: 'a', schemas: ['urn:other'] })),
    'user.schemas[0]',
  ],
  [
    'scim.users.create extension without its URN',
    (c) =>
      c.realm.scim.users.create({
        userName: 'a',
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R' },
      }),
    'user.schemas',
  ],
  ['scim.users.get', (c) => c.realm.scim.users.get(''), 'userId'],
  ['scim.users.list count', (c) => c.realm.scim.users.list({ count: 1001 }), 'count'],
  ['scim.users.list start', (c) => c.realm.scim.users.list({ startIndex: 0 }), 'startIndex'],
  [
    'scim.users.list attribute',
    (c) => c.realm.scim.users.list(u({ filter: { attribute: 'emails', value: 'x' } })),
    'filter.attribute',
  ],
  [
    'scim.users.list operator',
    (c) =>
      c.realm.scim.users.list(u({ filter: { attribute: 'userName', operator: 'co', value: 'x' } })),
    'filter.operator',
  ],
  [
    'scim.users.list value',
    (c) => c.realm.scim.users.list({ filter: { attribute: 'userName', value: '' } }),
    'filter.value',
  ],
  [
    'scim.users.replace',
    (c) => c.realm.scim.users.replace('u', u({ userName: 5 })),
    'user.userName',
  ],
  [
    'scim.users.patch op',
    (c) => c.realm.scim.users.patch('u', u([{ op: 'remove' }])),
    'operations[0].op',
  ],
  ['scim.users.patch list', (c) => c.realm.scim.users.patch('u', u({})), 'operations'],
  ['scim.users.delete', (c) => c.realm.scim.users.delete('..'), 'userId'],
  // SCIM groups
  ['scim.groups.create name', (c) => c.realm.scim.groups.create(u({})), 'group.displayName'],
  [
    'scim.groups.create description',
    (c) =>
      c.realm.scim.groups.create({
        displayName: 'x',
        'urn:scim:schemas:extension:vendor:1.0:Group': { description: 'a;b' },
      }),
    'group.urn:scim:schemas:extension:vendor:1.0:Group.description',
  ],
  ['scim.groups.get', (c) => c.realm.scim.groups.get(''), 'groupId'],
  [
    'scim.groups.list operator',
    (c) => c.realm.scim.groups.list(u({ filter: { operator: 'sw', value: 'x' } })),
    'filter.operator',
  ],
  ['scim.groups.patch', (c) => c.realm.scim.groups.patch('g', []), 'operations'],
  ['scim.groups.rename', (c) => c.realm.scim.groups.rename('g', ''), 'displayName'],
  ['scim.groups.addMembers', (c) => c.realm.scim.groups.addMembers('g', []), 'userIds'],
  [
    'scim.groups.removeMembers',
    (c) => c.realm.scim.groups.removeMembers('g', u([null])),
    'userIds[0]',
  ],
  ['scim.groups.delete', (c) => c.realm.scim.groups.delete(''), 'groupId'],
  // SCIM discovery
  ['scim.resourceTypes', (c) => c.realm.scim.resourceTypes({ timeoutMs: -1 }), 'timeoutMs'],
  ['scim.schemas', (c) => c.realm.scim.schemas(u(1)), 'options'],
  [
    'scim.serviceProviderConfig',
    (c) => c.realm.scim.serviceProviderConfig({ timeoutMs: 0 }),
    'timeoutMs',
  ],
];

describe('bad input is refused before sending, naming the field', () => {
  it.each(CASES)('%s', async (_name, act, field) => {
    const ctx = await fakeAccess();
    const error = await failureOf(() => act(ctx));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    // The message names the field too, for logs that show only the message.
    expect((error as ValidationError).message.startsWith(`${field}: `)).toBe(true);
    expect(ctx.requests).toHaveLength(0);
  });
});
