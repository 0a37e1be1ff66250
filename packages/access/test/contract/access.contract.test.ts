// Contract tests of every family A method against a Prism mock of specs/access.yaml (see
// tools/mock). Prism runs with --errors: a request that breaks the spec gets an error response and
// `sl-violations` would name the rule, so a clean 2xx means the SDK sent a valid request. The
// SCIM server's paths are mounted at Prism's root, so the same URL serves as `scimBaseUrl`.

import { type AccessClient, createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { declaredStatuses, exampleFor, operation } from '@x/mock';
// Brings in the typing of `inject('mockUrls')`.
import type {} from '@x/mock/vitest-global-setup';
import {
  type ApiError,
  BadRequestError,
  BatchError,
  type CallOptions,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaginationError,
  ServerError,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { beforeEach, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('mockUrls').access!;
interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  response: Response;
}
const seen: Seen[] = [];
const recordingFetch = async (input: Request, init?: RequestInit) => {
  const body = await input.clone().text();
  const response = await fetch(input, init);
  seen.push({ method: input.method, url: input.url, headers: input.headers, body, response });
  return response;
};
const access: AccessClient = createAccessClient({
  baseUrl,
  scimBaseUrl: baseUrl,
  tenantId: 'tenant-1',
  auth: staticToken('contract-test-token'),
  fetch: recordingFetch,
});
const realm = access.realm('realm-1');
const roles = realm.roles('resource-server-1');
const tokens = realm.tokens('application-1');
// A JWS whose payload is {"jti":"token-7"} (unsigned; revoke only reads the claim).
const jws = `eyJhbGciOiJub25lIn0.${Buffer.from('{"jti":"token-7"}').toString('base64url')}.sig`;

beforeEach(() => {
  seen.length = 0;
});

/** One operation: how to call it, and what it returns on success. */
interface Case {
  operationId: string;
  /** Calls the SDK method with the per-call options. */
  run: (options: CallOptions) => Promise<unknown>;
  /** What the method returns, from the Prism example (default: the example itself). */
  expected?: () => unknown;
  /** How the request must look (path suffix, query, body). */
  request?: { path?: string | RegExp; query?: Record<string, string | string[]>; body?: unknown };
}

const first = <T>(pages: AsyncIterable<T>) =>
  (async () => {
    for await (const page of pages) return page;
    throw new Error('no page');
  })();
const firstPageRaw = (list: { pages(): AsyncIterable<{ raw: unknown }> }) =>
  first(list.pages()).then((page) => page.raw);
const example = (operationId: string, status = '200') => exampleFor('access', operationId, status);
const itemsOf = (operationId: string, key: string) =>
  (example(operationId) as Record<string, unknown>)[key];
const scimPatch = (operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: operations,
});

const cases: Case[] = [
  // Tenant
  {
    operationId: 'getTenant',
    run: (o) => access.tenant.get(o),
    request: { path: '/v1/tenants/tenant-1' },
  },
  {
    operationId: 'updateTenant',
    run: (o) => access.tenant.update({ display_name: 'Example Corp' }, o),
    request: { body: { tenant: { display_name: 'Example Corp' } } },
  },
  // Realms
  {
    operationId: 'createRealm',
    run: (o) =>
      access.realms.create({ display_name: 'Customers', classification: 'SECURE_CUSTOMER' }, o),
    request: { body: { realm: { display_name: 'Customers', classification: 'SECURE_CUSTOMER' } } },
  },
  {
    operationId: 'listRealms',
    run: (o) => access.realms.listPage({ pageSize: 50, skip: 2 }, o),
    request: { path: '/v1/tenants/tenant-1/realms', query: { page_size: '50', skip: '2' } },
  },
  {
    operationId: 'getRealm',
    run: (o) => access.realms.get('realm-9', o),
    request: { path: '/realms/realm-9' },
  },
  {
    operationId: 'updateRealm',
    run: (o) => access.realms.update('realm-9', { display_name: 'Renamed' }, o),
    request: { body: { realm: { display_name: 'Renamed' } } },
  },
  { operationId: 'deleteRealm', run: (o) => access.realms.delete('realm-9', o) },
  // Groups
  {
    operationId: 'createGroup',
    run: (o) => realm.groups.create({ display_name: 'Support agents', description: 'Tier 1' }, o),
    request: {
      path: '/realms/realm-1/groups',
      body: { group: { display_name: 'Support agents', description: 'Tier 1' } },
    },
  },
  {
    operationId: 'listGroups',
    run: (o) => realm.groups.listPage({ pageSize: 200 }, o),
    request: { query: { page_size: '200' } },
  },
  {
    operationId: 'getGroup',
    run: (o) => realm.groups.get('group-1', o),
    request: { path: '/groups/group-1' },
  },
  {
    operationId: 'updateGroup',
    run: (o) => realm.groups.update('group-1', { description: 'Tier 2' }, o),
    request: { body: { group: { description: 'Tier 2' } } },
  },
  { operationId: 'deleteGroup', run: (o) => realm.groups.delete('group-1', o) },
  {
    operationId: 'addGroupMembers',
    run: (o) => realm.groups.addMembers('group-1', ['id-1', 'id-2', 'id-1'], o),
    request: { path: '/groups/group-1:addMembers', body: { identity_ids: ['id-1', 'id-2'] } },
  },
  {
    operationId: 'deleteGroupMembers',
    run: (o) => realm.groups.removeMembers('group-1', ['id-1'], o),
    request: { path: '/groups/group-1:deleteMembers', body: { identity_ids: ['id-1'] } },
  },
  {
    operationId: 'listGroupMembers',
    run: (o) => realm.groups.listMembersPage('group-1', { skip: 1 }, o),
    request: { path: '/groups/group-1:listMembers', query: { skip: '1' } },
  },
  {
    operationId: 'listGroupRoles',
    run: (o) => realm.groups.listRolesPage('group-1', { resourceServerId: 'rs-1' }, o),
    request: { path: '/groups/group-1:listRoles', query: { resource_server_id: 'rs-1' } },
  },
  // Identities
  {
    operationId: 'createIdentity',
    run: (o) =>
      realm.identities.create(
        {
          display_name: 'Ada Lovelace',
          status: 'active',
          traits: { type: 'person', username: 'ada' },
        },
        o,
      ),
    request: {
      body: {
        identity: {
          display_name: 'Ada Lovelace',
          status: 'active',
          traits: { type: 'person', username: 'ada' },
        },
      },
    },
  },
  {
    operationId: 'listIdentities',
    run: (o) => realm.identities.listPage({ username: 'ada "the first"' }, o),
    request: {
      path: '/realms/realm-1/identities',
      query: { filter: 'traits.username eq "ada \\"the first\\""' },
    },
  },
  {
    operationId: 'batchDeleteIdentities',
    run: (o) => realm.identities.batchDelete(['id-1', 'id-2', 'id-2'], o),
    request: { path: '/identities:batchDelete', body: { ids: ['id-1', 'id-2'] } },
  },
  {
    operationId: 'getIdentity',
    run: (o) => realm.identities.get('id-1', o),
    request: { path: '/identities/id-1' },
  },
  {
    operationId: 'updateIdentity',
    run: (o) => realm.identities.update('id-1', { status: 'suspended' }, o),
    request: { body: { identity: { status: 'suspended' } } },
  },
  { operationId: 'deleteIdentity', run: (o) => realm.identities.delete('id-1', o) },
  {
    operationId: 'listIdentityGroups',
    run: (o) => realm.identities.listGroupsPage('id-1', {}, o),
    request: { path: '/identities/id-1:listGroups' },
  },
  {
    operationId: 'listIdentityRoles',
    run: (o) => realm.identities.listRolesPage('id-1', { resourceServerId: 'rs-1', skip: 0 }, o),
    request: {
      path: '/identities/id-1:listRoles',
      query: { resource_server_id: 'rs-1', skip: '0' },
    },
  },
  // Themes
  {
    operationId: 'getTheme',
    run: (o) => realm.themes.get('theme-1', o),
    request: { path: '/themes/theme-1' },
  },
  {
    operationId: 'updateTheme',
    run: (o) => realm.themes.update('theme-1', { button_color: '#1a73e8' }, o),
    request: { body: { theme: { button_color: '#1a73e8' } } },
  },
  // Applications
  {
    operationId: 'createApplication',
    run: (o) =>
      realm.applications.create(
        { display_name: 'Billing service', protocol_config: { protocol: 'oauth2' } },
        o,
      ),
    request: {
      body: {
        application: { display_name: 'Billing service', protocol_config: { protocol: 'oauth2' } },
      },
    },
  },
  {
    operationId: 'listApplications',
    run: (o) => realm.applications.listPage({ pageSize: 100 }, o),
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
  // Authenticator configurations
  {
    operationId: 'createAuthenticatorConfig',
    run: (o) =>
      realm.authenticatorConfigs.create({ display_name: 'Hosted web login', config: {} }, o),
    request: { body: { display_name: 'Hosted web login', config: {} } },
  },
  {
    operationId: 'listAuthenticatorConfigs',
    run: (o) => realm.authenticatorConfigs.listPage({ filter: 'kind=hosted', pageSize: 10 }, o),
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
  // SSO configurations
  {
    operationId: 'createSsoConfig',
    run: (o) =>
      realm.ssoConfigs.create(
        { display_name: 'Partner SAML', payload: { type: 'generic_saml' } },
        o,
      ),
    request: {
      body: { sso_config: { display_name: 'Partner SAML', payload: { type: 'generic_saml' } } },
    },
  },
  {
    operationId: 'listSsoConfigs',
    run: (o) =>
      realm.ssoConfigs.listPage(
        { types: ['generic_saml', 'ws_fed'], isMigrated: false, correlationId: 'corr-1' },
        o,
      ),
    request: { query: { type: ['generic_saml', 'ws_fed'], is_migrated: 'false' } },
  },
  {
    operationId: 'getSsoConfig',
    run: (o) => realm.ssoConfigs.get('sso-1', o),
    request: { path: '/sso-configs/sso-1' },
  },
  {
    operationId: 'checkIdentitySsoConfigAssignment',
    run: (o) => realm.ssoConfigs.checkIdentityAssignment('sso-1', 'id-1', o),
    request: { path: '/identities/id-1/sso-configs/sso-1/is-identity-assigned' },
  },
  {
    operationId: 'listSsoConfigGroups',
    run: (o) => realm.ssoConfigs.listGroups('sso-1', o),
    request: { path: '/sso-configs/sso-1/groups' },
  },
  // Roles
  {
    operationId: 'updateRole',
    run: (o) => roles.update('role-1', { display_name: 'Auditors', description: 'Read only' }, o),
    request: {
      path: '/resource-servers/resource-server-1/roles/role-1',
      body: { role: { display_name: 'Auditors', description: 'Read only' } },
    },
  },
  { operationId: 'deleteRole', run: (o) => roles.delete('role-1', o) },
  {
    operationId: 'addRoleMembers',
    run: (o) => roles.addMembers('role-1', { groupIds: ['g-1'], identityIds: ['id-1', 'id-1'] }, o),
    request: {
      path: '/roles/role-1:addMembers',
      body: { group_ids: ['g-1'], identity_ids: ['id-1'] },
    },
  },
  {
    operationId: 'deleteRoleMembers',
    run: (o) => roles.removeMembers('role-1', { identityIds: ['id-1'] }, o),
    request: { path: '/roles/role-1:deleteMembers', body: { identity_ids: ['id-1'] } },
  },
  {
    operationId: 'listRoleMembers',
    run: (o) => roles.listMembersPage('role-1', { groupsPageSize: 5, identitiesSkip: 3 }, o),
    request: {
      path: '/roles/role-1:listMembers',
      query: { groups_page_size: '5', identities_skip: '3' },
    },
  },
  {
    operationId: 'addRoleScopes',
    run: (o) => roles.addScopes('role-1', ['users.read'], o),
    request: { path: '/roles/role-1:addScopes', body: { scopes: ['users.read'] } },
  },
  {
    operationId: 'deleteRoleScopes',
    run: (o) => roles.removeScopes('role-1', ['users.read'], o),
    request: { path: '/roles/role-1:deleteScopes', body: { scopes: ['users.read'] } },
  },
  {
    operationId: 'listRoleScopes',
    run: (o) => roles.listScopesPage('role-1', { pageSize: 20 }, o),
    request: { path: '/roles/role-1:listScopes', query: { page_size: '20' } },
  },
  // Tokens
  {
    operationId: 'listTokens',
    run: (o) => tokens.list({ principalType: 'identity', principalId: 'id-1' }, o),
    request: {
      path: '/applications/application-1/tokens',
      query: { principal_type: 'identity', principal_id: 'id-1' },
    },
  },
  {
    operationId: 'revokeToken',
    run: (o) => tokens.revoke(jws, o),
    request: { path: '/applications/application-1/tokens/token-7' },
  },
  // SCIM users
  {
    operationId: 'createScimUser',
    run: (o) => realm.scim.users.create({ userName: 'ada.lovelace', externalId: 'hr-004211' }, o),
    expected: () => example('createScimUser', '201'),
    request: {
      path: /\/Users$/,
      body: {
        userName: 'ada.lovelace',
        externalId: 'hr-004211',
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      },
    },
  },
  {
    operationId: 'listScimUsers',
    run: (o) =>
      realm.scim.users.listPage(
        { filter: { attribute: 'userName', value: 'ada.lovelace' }, count: 10 },
        o,
      ),
    request: { path: /\/Users$/, query: { filter: 'userName eq "ada.lovelace"', count: '10' } },
  },
  {
    operationId: 'getScimUser',
    run: (o) => realm.scim.users.get('u-1', o),
    request: { path: /\/Users\/u-1$/ },
  },
  {
    operationId: 'replaceScimUser',
    run: (o) => realm.scim.users.replace('u-1', { userName: 'ada.lovelace', active: true }, o),
    request: {
      body: {
        userName: 'ada.lovelace',
        active: true,
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      },
    },
  },
  {
    operationId: 'patchScimUser',
    run: (o) => realm.scim.users.patch('u-1', [{ op: 'replace', path: 'active', value: false }], o),
    request: { body: scimPatch([{ op: 'replace', path: 'active', value: false }]) },
  },
  {
    operationId: 'deleteScimUser',
    run: (o) => realm.scim.users.delete('u-1', o),
    expected: () => undefined,
  },
  // SCIM groups
  {
    operationId: 'createScimGroup',
    run: (o) => realm.scim.groups.create({ displayName: 'Support agents' }, o),
    expected: () => example('createScimGroup', '201'),
    request: {
      body: {
        displayName: 'Support agents',
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      },
    },
  },
  {
    operationId: 'listScimGroups',
    run: (o) =>
      realm.scim.groups.listPage(
        { filter: { operator: 'ne', value: 'Support' }, count: 5, startIndex: 2 },
        o,
      ),
    request: { query: { filter: 'displayName ne "Support"', count: '5', startIndex: '2' } },
  },
  {
    operationId: 'getScimGroup',
    run: (o) => realm.scim.groups.get('g-1', o),
    request: { path: /\/Groups\/g-1$/ },
  },
  {
    operationId: 'patchScimGroup',
    run: (o) => realm.scim.groups.rename('g-1', 'Tier 2', o),
    request: { body: scimPatch([{ op: 'replace', path: 'displayName', value: 'Tier 2' }]) },
  },
  {
    operationId: 'deleteScimGroup',
    run: (o) => realm.scim.groups.delete('g-1', o),
    expected: () => undefined,
  },
  // SCIM discovery
  { operationId: 'listScimResourceTypes', run: (o) => realm.scim.resourceTypes(o) },
  { operationId: 'listScimSchemas', run: (o) => realm.scim.schemas(o) },
  { operationId: 'getScimServiceProviderConfig', run: (o) => realm.scim.serviceProviderConfig(o) },
];

const errorClass: Record<string, new (...args: never[]) => ApiError> = {
  '400': BadRequestError,
  '401': UnauthorizedError,
  '403': ForbiddenError,
  '404': NotFoundError,
  '409': ConflictError,
  '500': ServerError,
};

function expectRequest(c: Case, checkQuery = true) {
  expect(seen.length).toBeGreaterThan(0);
  for (const { response } of seen) {
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('sl-violations')).toBeNull();
  }
  const sent = seen[0]!;
  const { method, path } = operationOf(c.operationId);
  expect(sent.method).toBe(method);
  const url = new URL(sent.url);
  expect(sent.headers.get('authorization')).toBe('Bearer contract-test-token');
  if (typeof c.request?.path === 'string') expect(url.pathname.endsWith(c.request.path)).toBe(true);
  else if (c.request?.path) expect(url.pathname).toMatch(c.request.path);
  else expect(url.pathname).toMatch(templateRegex(path));
  if (!checkQuery) return;
  for (const [name, value] of Object.entries(c.request?.query ?? {}))
    expect(url.searchParams.getAll(name)).toEqual(Array.isArray(value) ? value : [value]);
}

function operationOf(operationId: string) {
  const found = operationIndex.get(operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

function templateRegex(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`${escaped}$`);
}

// Method and path per operation, read once through @x/mock.
const operationIndex = new Map(
  cases.map((c) => {
    const { method, path } = operation('access', c.operationId);
    return [c.operationId, { method: method.toUpperCase(), path }] as const;
  }),
);

describe('lists as async iterators: the first page of each equals the example', () => {
  const lists: [string, string, () => { pages(): AsyncIterable<{ raw: unknown }> }][] = [
    ['listRealms', 'realms', () => access.realms.list({ pageSize: 2 })],
    ['listGroups', 'groups', () => realm.groups.list()],
    ['listGroupMembers', 'identities', () => realm.groups.listMembers('group-1')],
    [
      'listGroupRoles',
      'roles',
      () => realm.groups.listRoles('group-1', { resourceServerId: 'rs-1' }),
    ],
    ['listIdentities', 'identities', () => realm.identities.list({ username: 'ada' })],
    ['listIdentityGroups', 'groups', () => realm.identities.listGroups('id-1')],
    [
      'listIdentityRoles',
      'roles',
      () => realm.identities.listRoles('id-1', { resourceServerId: 'rs-1' }),
    ],
    ['listApplications', 'applications', () => realm.applications.list()],
    ['listAuthenticatorConfigs', 'authenticator_configs', () => realm.authenticatorConfigs.list()],
    ['listSsoConfigs', 'sso_configs', () => realm.ssoConfigs.list({ types: ['generic_saml'] })],
    ['listRoleMembers', 'groups', () => roles.listMembers('role-1')],
    ['listRoleScopes', 'scopes', () => roles.listScopes('role-1')],
    ['listScimUsers', 'Resources', () => realm.scim.users.list({ pageSize: 10 })],
    ['listScimGroups', 'Resources', () => realm.scim.groups.list({ filter: { value: 'Support' } })],
  ];
  it.each(lists)('%s', async (operationId, key, list) => {
    const raw = await firstPageRaw(list());
    expectRequest(cases.find((c) => c.operationId === operationId)!, false);
    expect(raw).toEqual(example(operationId));
    expect((raw as Record<string, unknown>)[key]).toEqual(itemsOf(operationId, key));
  });

  it('the items of a list are typed and equal the example items', async () => {
    const realms = await access.realms.list().toArray({ limit: 1 });
    const expected = itemsOf('listRealms', 'realms') as unknown[];
    expect(realms[0]).toEqual(expected[0]);
    const classification: 'SECURE_WORKFORCE' | 'SECURE_CUSTOMER' | undefined =
      realms[0]?.classification;
    expect(classification).toBeDefined();
  });

  it('the SSO listing sends one x-correlation_id, generated when none is given', async () => {
    await realm.ssoConfigs.listPage();
    expect(seen[0]!.headers.get('x-correlation_id')).toMatch(/^[0-9a-f-]{36}$/);
    seen.length = 0;
    await realm.ssoConfigs.listPage({}, { headers: { 'x-correlation_id': 'mine' } });
    expect(seen[0]!.headers.get('x-correlation_id')).toBe('mine');
  });
});

describe('checks before sending', () => {
  it('refuses bad names, ids and page sizes with a ValidationError naming the field', async () => {
    await expect(realm.groups.create({ display_name: 'a/b' })).rejects.toThrow(
      /^group\.display_name: must not contain the character "\/"/,
    );
    await expect(realm.groups.get('')).rejects.toThrow(/^groupId: /);
    expect(() => realm.groups.list({ pageSize: 201 })).toThrow(ValidationError);
    expect(() => realm.applications.list({ pageSize: 101 })).toThrow(/^pageSize: /);
    expect(() => access.realm('')).toThrow(/^realmId: /);
    expect(() => createAccessClient({ baseUrl, tenantId: '' })).toThrow(/^tenantId: /);
    await expect(roles.addMembers('role-1', {})).rejects.toThrow(/^members: /);
    await expect(
      // @ts-expect-error: only add and replace are supported
      realm.scim.users.patch('u-1', [{ op: 'remove', path: 'active' }]),
    ).rejects.toThrow(/^operations\[0\]\.op: /);
    expect(seen).toHaveLength(0);
  });

  it('SCIM without scimBaseUrl rejects with a clear ValidationError', async () => {
    const noScim = createAccessClient({ baseUrl, tenantId: 't', fetch: recordingFetch });
    await expect(noScim.realm('r').scim.users.get('u-1')).rejects.toThrow(/^scimBaseUrl: /);
    expect(seen).toHaveLength(0);
  });

  it('a list error after the retries arrives as PaginationError with the typed cause', async () => {
    const error = await realm.groups
      .list({}, { headers: { Prefer: 'code=403' }, retry: false })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).cause).toBeInstanceOf(ForbiddenError);
  });
});

describe('SCIM group member changes are separate PATCH requests', () => {
  it('addMembers sends one add of all members; removeMembers one remove per member', async () => {
    const added = await realm.scim.groups.addMembers('g-1', ['u-1', 'u-2', 'u-1']);
    expect(added).toEqual(example('patchScimGroup'));
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual(
      scimPatch([{ op: 'add', path: 'members', value: [{ value: 'u-1' }, { value: 'u-2' }] }]),
    );
    seen.length = 0;
    await realm.scim.groups.removeMembers('g-1', ['u-1', 'u-2']);
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      scimPatch([{ op: 'remove', path: 'members', value: [{ value: 'u-1' }] }]),
      scimPatch([{ op: 'remove', path: 'members', value: [{ value: 'u-2' }] }]),
    ]);
    for (const s of seen) expect(s.response.headers.get('sl-violations')).toBeNull();
  });

  it('a users list with ne on externalId builds the escaped filter', async () => {
    await realm.scim.users.listPage({
      filter: { attribute: 'externalId', operator: 'ne', value: 'a"b\\c' },
      count: 1,
    });
    expect(new URL(seen[0]!.url).searchParams.get('filter')).toBe('externalId ne "a\\"b\\\\c"');
  });
});

describe('every family A operation but token issuance (that is @x/auth)', () => {
  it('covers 65 operations, each once', () => {
    const ids = cases.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(65);
  });
});

describe.each(cases)('$operationId', (c) => {
  it('sends a request Prism accepts and returns the example, typed', async () => {
    const result = await c.run({});
    expectRequest(c);
    if (c.request?.body !== undefined) expect(JSON.parse(seen[0]!.body)).toEqual(c.request.body);
    const expected = c.expected ? c.expected() : example(c.operationId);
    expect(result).toEqual(expected);
  });

  const statuses = declaredStatuses('access', c.operationId).filter((s) => Number(s) >= 400);
  it.each(statuses)('a %s surfaces as its error class', async (status) => {
    const error = await c
      .run({ headers: { Prefer: `code=${status}` }, retry: false })
      .catch((e: unknown) => e);
    const apiError = error instanceof BatchError ? error.cause : error;
    expect(apiError).toBeInstanceOf(errorClass[status]!);
    expect((apiError as ApiError).status).toBe(Number(status));
  });
});
