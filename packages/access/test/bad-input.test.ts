// Bad input to every identity-side method, as a typed caller can make it and as untyped
// JavaScript passes it: each is refused with a ValidationError naming the field as sent, and
// nothing reaches the server.
import { createAccessClient } from '@x/access';
import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { failureOf, fakeAccess } from './support/fake.js';

// biome-ignore lint/suspicious/noExplicitAny: what untyped JavaScript callers pass is tested
type Untyped = any;
type Ctx = Awaited<ReturnType<typeof fakeAccess>>;
const u = (value: unknown): Untyped => value;
const long = 'n'.repeat(65);
const ids1001 = Array.from({ length: 1001 }, (_, i) => `id-${i}`);

const CASES: [string, (c: Ctx) => unknown, string][] = [
  // Tenant and realms
  [
    'tenant.update name',
    (c) => c.access.tenant.update({ display_name: 'a<b' }),
    'tenant.display_name',
  ],
  ['tenant.update null', (c) => c.access.tenant.update(u(null)), 'tenant'],
  [
    'realms.create name',
    (c) => c.access.realms.create({ display_name: long }),
    'realm.display_name',
  ],
  [
    'realms.create class',
    (c) => c.access.realms.create(u({ classification: 'X' })),
    'realm.classification',
  ],
  ['realms.get blank', (c) => c.access.realms.get(' '), 'realmId'],
  ['realms.update id', (c) => c.access.realms.update('', {}), 'realmId'],
  [
    'realms.update name',
    (c) => c.access.realms.update('r', { display_name: '' }),
    'realm.display_name',
  ],
  ['realms.delete ..', (c) => c.access.realms.delete('..'), 'realmId'],
  ['realms.list skip', (c) => c.access.realms.list({ skip: -1 }), 'skip'],
  ['realms.list params', (c) => c.access.realms.list(u('x')), 'params'],
  ['realm(42)', (c) => c.access.realm(u(42)), 'realmId'],
  // Groups
  [
    'groups.create description',
    (c) => c.realm.groups.create({ description: 'd'.repeat(301) }),
    'group.description',
  ],
  ['groups.get', (c) => c.realm.groups.get(''), 'groupId'],
  ['groups.update id', (c) => c.realm.groups.update(u(undefined), {}), 'groupId'],
  [
    'groups.update name',
    (c) => c.realm.groups.update('g', { display_name: 'a;b' }),
    'group.display_name',
  ],
  ['groups.delete', (c) => c.realm.groups.delete(u(null)), 'groupId'],
  ['groups.list pageSize', (c) => c.realm.groups.list({ page_size: 201 }), 'page_size'],
  ['groups.addMembers empty', (c) => c.realm.groups.members.add('g', []), 'identityIds'],
  [
    'groups.addMembers item',
    (c) => c.realm.groups.members.add('g', u(['a', 'b', 3])),
    'identityIds[2]',
  ],
  ['groups.addMembers string', (c) => c.realm.groups.members.add('g', u('a')), 'identityIds'],
  ['groups.addMembers group', (c) => c.realm.groups.members.add('', ['a']), 'groupId'],
  [
    'groups.removeMembers item',
    (c) => c.realm.groups.members.remove('g', ['a', ' ']),
    'identityIds[1]',
  ],
  ['groups.listMembers group', (c) => c.realm.groups.members.list(''), 'groupId'],
  ['groups.listRoles server', (c) => c.realm.groups.roles.list('g', u({})), 'resource_server_id'],
  ['groups.listRoles params', (c) => c.realm.groups.roles.list('g', u(undefined)), 'params'],
  // Identities
  [
    'identities.create status',
    (c) => c.realm.identities.create(u({ status: 'gone' })),
    'identity.status',
  ],
  [
    'identities.create traits type',
    (c) => c.realm.identities.create(u({ traits: { type: 'x' } })),
    'identity.traits.type',
  ],
  [
    'identities.create no traits type',
    (c) => c.realm.identities.create(u({ traits: { username: 'a' } })),
    'identity.traits.type',
  ],
  [
    'identities.create username',
    (c) => c.realm.identities.create({ traits: { type: 'traits_v0', username: 'a/b' } }),
    'identity.traits.username',
  ],
  [
    'identities.create trait',
    (c) => c.realm.identities.create(u({ traits: { type: 'traits_v0', given_name: 5 } })),
    'identity.traits.given_name',
  ],
  ['identities.get', (c) => c.realm.identities.get('.'), 'identityId'],
  [
    'identities.update',
    (c) => c.realm.identities.update('i', { display_name: long }),
    'identity.display_name',
  ],
  ['identities.delete', (c) => c.realm.identities.delete(''), 'identityId'],
  ['identities.list username', (c) => c.realm.identities.list({ username: '' }), 'username'],
  [
    'identities.list username control',
    (c) => c.realm.identities.list({ username: 'a\nb' }),
    'username',
  ],
  ['identities.batchDelete many', (c) => c.realm.identities.batchDelete(ids1001), 'ids'],
  [
    'identities.batchDelete repeat',
    (c) => c.realm.identities.batchDelete(['a', 'b', 'a']),
    'ids[2]',
  ],
  ['identities.listGroups', (c) => c.realm.identities.groups.list('', {}), 'identityId'],
  [
    'identities.listRoles server',
    (c) => c.realm.identities.roles.list('i', { resource_server_id: '' }),
    'resource_server_id',
  ],
  // Credentials and credential binding jobs
  ['credentials(blank)', (c) => c.realm.credentials(' '), 'identityId'],
  ['credentials.get', (c) => c.realm.identities.credentials.get('i', ''), 'credentialId'],
  ['credentials.revoke', (c) => c.realm.identities.credentials.revoke('i', '..'), 'credentialId'],
  ['credentials.list', (c) => c.realm.identities.credentials.list('i', { skip: 1.5 }), 'skip'],
  ['credentialBindingJobs(blank)', (c) => c.realm.credentialBindingJobs(''), 'identityId'],
  [
    'jobs.create method',
    (c) => c.realm.identities.credentialBindingJobs.create('i', u({ delivery_method: 'SMS' })),
    'job.delivery_method',
  ],
  [
    'jobs.create uri',
    (c) =>
      c.realm.identities.credentialBindingJobs.create('i', u({ post_binding_redirect_uri: 1 })),
    'job.post_binding_redirect_uri',
  ],
  [
    'jobs.create config',
    (c) => c.realm.identities.credentialBindingJobs.create('i', u({ authenticator_config: 'x' })),
    'job.authenticator_config',
  ],
  [
    'jobs.get',
    (c) => c.realm.identities.credentialBindingJobs.get('i', ''),
    'credentialBindingJobId',
  ],
  [
    'jobs.revoke',
    (c) => c.realm.identities.credentialBindingJobs.revoke('i', ''),
    'credentialBindingJobId',
  ],
  [
    'jobs.list',
    (c) => c.realm.identities.credentialBindingJobs.list('i', { page_size: 0 }),
    'page_size',
  ],
  [
    'batch.create no ids',
    (c) => c.realm.batchCredentialBindingJobs.create(u({ job_template: {} })),
    'batch_credential_binding_job.identity_ids',
  ],
  [
    'batch.create no template',
    (c) => c.realm.batchCredentialBindingJobs.create(u({ identity_ids: ['a'] })),
    'batch_credential_binding_job.job_template',
  ],
  [
    'batch.create id',
    (c) => c.realm.batchCredentialBindingJobs.create({ identity_ids: ['a', ''], job_template: {} }),
    'batch_credential_binding_job.identity_ids[1]',
  ],
  ['batch.get', (c) => c.realm.batchCredentialBindingJobs.get(''), 'batchCredentialBindingJobId'],
  [
    'batch.listResults',
    (c) => c.realm.batchCredentialBindingJobs.listResults(''),
    'batchCredentialBindingJobId',
  ],
  // Resource servers and roles
  [
    'resourceServers.create scopes',
    (c) => c.realm.resourceServers.create(u({ scopes: ['a', 2] })),
    'resource_server.scopes[1]',
  ],
  [
    'resourceServers.create identifier',
    (c) => c.realm.resourceServers.create(u({ identifier: 7 })),
    'resource_server.identifier',
  ],
  ['resourceServers.get', (c) => c.realm.resourceServers.get(''), 'resourceServerId'],
  [
    'resourceServers.update',
    (c) => c.realm.resourceServers.update('rs', u({ is_managed: 'yes', id: 1, scopes: 'a' })),
    'resource_server.scopes',
  ],
  ['resourceServers.delete', (c) => c.realm.resourceServers.delete(''), 'resourceServerId'],
  ['resourceServers.list', (c) => c.realm.resourceServers.list({ page_size: 101 }), 'page_size'],
  ['roles(blank)', (c) => c.realm.roles(''), 'resourceServerId'],
  [
    'roles.create name',
    (c) => c.realm.resourceServers.roles.create('rs', { display_name: 'a|b' }),
    'role.display_name',
  ],
  ['roles.get', (c) => c.realm.resourceServers.roles.get('rs', ''), 'roleId'],
  [
    'roles.update',
    (c) => c.realm.resourceServers.roles.update('rs', 'r', { description: '%' }),
    'role.description',
  ],
  ['roles.delete', (c) => c.realm.resourceServers.roles.delete('rs', ''), 'roleId'],
  ['roles.list', (c) => c.realm.resourceServers.roles.list('rs', { skip: -2 }), 'skip'],
  [
    'roles.addMembers none',
    (c) => c.realm.resourceServers.roles.members.add('rs', 'r', {}),
    'members',
  ],
  [
    'roles.addMembers null',
    (c) => c.realm.resourceServers.roles.members.add('rs', 'r', u(null)),
    'members',
  ],
  [
    'roles.addMembers group id',
    (c) => c.realm.resourceServers.roles.members.add('rs', 'r', { groupIds: ['g', ''] }),
    'groupIds[1]',
  ],
  [
    'roles.removeMembers identity id',
    (c) => c.realm.resourceServers.roles.members.remove('rs', 'r', u({ identityIds: [5] })),
    'identityIds[0]',
  ],
  [
    'roles.addMembers role',
    (c) => c.realm.resourceServers.roles.members.add('rs', '', { groupIds: ['g'] }),
    'roleId',
  ],
  [
    'roles.listMembers size',
    (c) => c.realm.resourceServers.roles.members.list('rs', 'r', { identities_page_size: 201 }),
    'identities_page_size',
  ],
  [
    'roles.addScopes empty',
    (c) => c.realm.resourceServers.roles.scopes.add('rs', 'r', []),
    'scopes',
  ],
  [
    'roles.removeScopes item',
    (c) => c.realm.resourceServers.roles.scopes.remove('rs', 'r', u([null])),
    'scopes[0]',
  ],
  ['roles.listScopes', (c) => c.realm.resourceServers.roles.scopes.list('rs', ''), 'roleId'],
  // Tokens
  ['tokens(blank)', (c) => c.realm.tokens(''), 'applicationId'],
  [
    'tokens.list type',
    (c) => c.realm.applications.tokens.list('a', u({ principal_type: 'user' })),
    'principal_type',
  ],
  [
    'tokens.list id',
    (c) => c.realm.applications.tokens.list('a', { principal_id: '' }),
    'principal_id',
  ],
  ['tokens.list params', (c) => c.realm.applications.tokens.list('a', u(null)), 'params'],
  ['tokens.revoke', (c) => c.realm.applications.tokens.revoke('a', ''), 'tokenId'],
  // The client
  ['client tenantId', () => createAccessClient(u({ baseUrl: 'https://a.example' })), 'tenantId'],
  [
    'client scimBaseUrl',
    () =>
      createAccessClient({ baseUrl: 'https://a.example', tenantId: 't', scimBaseUrl: 'ftp://x' }),
    'scimBaseUrl',
  ],
  ['client options', () => createAccessClient(u(null)), 'options'],
];

describe('bad input is refused before sending, naming the field', () => {
  it.each(CASES)('%s', async (_name, act, field) => {
    const ctx = await fakeAccess();
    const error = await failureOf(() => act(ctx));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    expect(ctx.requests).toHaveLength(0);
  });

  it('read-only fields of a record read back are left out of an update', async () => {
    const ctx = await fakeAccess(() => ({ status: 200, body: {} }));
    const group = {
      id: 'g-1',
      realm_id: 'r-1',
      tenant_id: 't-1',
      create_time: '2026-01-01T00:00:00Z',
      update_time: '2026-01-01T00:00:00Z',
      display_name: 'Support',
    };
    await ctx.realm.groups.update(group.id, { ...group, description: 'Tier 1' });
    expect(ctx.requests[0]!.body).toEqual({
      group: { display_name: 'Support', description: 'Tier 1' },
    });
  });
});
