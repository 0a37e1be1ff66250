// Sub-resources are reached one way, `parent.child.verb(parentId, …)`: the shared suite of
// @x/testing (each child verb sends under the parent it names, a bad parent id rejects naming it,
// each 0.2 entry point still works, reported once per client as a `deprecation` event) over
// access's tables, and the checks of its own children.
import { type AccessClient, createAccessClient, ValidationError } from '@x/access';
import { staticToken } from '@x/auth';
import { type ChildVerb, describeSubResources, type OldEntryPoint } from '@x/testing';
import { describe, expect, it } from 'vitest';

const R = '/v1/tenants/t-1/realms/r-1';

type Realm = ReturnType<AccessClient['realm']>;

// Every child verb, the request it sends, and the argument naming its parent.
const VERBS: ChildVerb<Realm>[] = [
  [
    'groups.members.add',
    (r, p) => r.groups.members.add(p, ['i-1']),
    `POST ${R}/groups/P:addMembers`,
    'groupId',
  ],
  [
    'groups.members.remove',
    (r, p) => r.groups.members.remove(p, ['i-1']),
    `POST ${R}/groups/P:deleteMembers`,
    'groupId',
  ],
  [
    'groups.members.list',
    (r, p) => r.groups.members.list(p),
    `GET ${R}/groups/P:listMembers`,
    'groupId',
  ],
  [
    'groups.roles.list',
    (r, p) => r.groups.roles.list(p, { resource_server_id: 'rs-1' }),
    `GET ${R}/groups/P:listRoles`,
    'groupId',
  ],
  [
    'groups.ssoConfigs.list',
    (r, p) => r.groups.ssoConfigs.list(p),
    `GET ${R}/groups/P/sso-configs`,
    'groupId',
  ],
  [
    'identities.groups.list',
    (r, p) => r.identities.groups.list(p),
    `GET ${R}/identities/P:listGroups`,
    'identityId',
  ],
  [
    'identities.roles.list',
    (r, p) => r.identities.roles.list(p),
    `GET ${R}/identities/P:listRoles`,
    'identityId',
  ],
  [
    'identities.credentials.list',
    (r, p) => r.identities.credentials.list(p),
    `GET ${R}/identities/P/credentials`,
    'identityId',
  ],
  [
    'identities.credentials.get',
    (r, p) => r.identities.credentials.get(p, 'c-1'),
    `GET ${R}/identities/P/credentials/c-1`,
    'identityId',
  ],
  [
    'identities.credentials.revoke',
    (r, p) => r.identities.credentials.revoke(p, 'c-1'),
    `POST ${R}/identities/P/credentials/c-1:revoke`,
    'identityId',
  ],
  [
    'identities.credentialBindingJobs.create',
    (r, p) => r.identities.credentialBindingJobs.create(p, { delivery_method: 'RETURN' }),
    `POST ${R}/identities/P/credential-binding-jobs`,
    'identityId',
  ],
  [
    'identities.credentialBindingJobs.list',
    (r, p) => r.identities.credentialBindingJobs.list(p),
    `GET ${R}/identities/P/credential-binding-jobs`,
    'identityId',
  ],
  [
    'identities.credentialBindingJobs.get',
    (r, p) => r.identities.credentialBindingJobs.get(p, 'j-1'),
    `GET ${R}/identities/P/credential-binding-jobs/j-1`,
    'identityId',
  ],
  [
    'identities.credentialBindingJobs.revoke',
    (r, p) => r.identities.credentialBindingJobs.revoke(p, 'j-1'),
    `POST ${R}/identities/P/credential-binding-jobs/j-1:revoke`,
    'identityId',
  ],
  [
    'identities.ssoConfigs.list',
    (r, p) => r.identities.ssoConfigs.list(p),
    `GET ${R}/identities/P/sso-configs`,
    'identityId',
  ],
  [
    'identities.ssoConfigs.isAssigned',
    (r, p) => r.identities.ssoConfigs.isAssigned(p, 's-1'),
    `GET ${R}/identities/P/sso-configs/s-1/is-identity-assigned`,
    'identityId',
  ],
  [
    'resourceServers.roles.create',
    (r, p) => r.resourceServers.roles.create(p, { display_name: 'Readers' }),
    `POST ${R}/resource-servers/P/roles`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.list',
    (r, p) => r.resourceServers.roles.list(p),
    `GET ${R}/resource-servers/P/roles`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.get',
    (r, p) => r.resourceServers.roles.get(p, 'ro-1'),
    `GET ${R}/resource-servers/P/roles/ro-1`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.update',
    (r, p) => r.resourceServers.roles.update(p, 'ro-1', { description: 'x' }),
    `PATCH ${R}/resource-servers/P/roles/ro-1`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.delete',
    (r, p) => r.resourceServers.roles.delete(p, 'ro-1'),
    `DELETE ${R}/resource-servers/P/roles/ro-1`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.members.add',
    (r, p) => r.resourceServers.roles.members.add(p, 'ro-1', { groupIds: ['g-1'] }),
    `POST ${R}/resource-servers/P/roles/ro-1:addMembers`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.members.remove',
    (r, p) => r.resourceServers.roles.members.remove(p, 'ro-1', { identityIds: ['i-1'] }),
    `POST ${R}/resource-servers/P/roles/ro-1:deleteMembers`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.members.list',
    (r, p) => r.resourceServers.roles.members.list(p, 'ro-1'),
    `GET ${R}/resource-servers/P/roles/ro-1:listMembers`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.scopes.add',
    (r, p) => r.resourceServers.roles.scopes.add(p, 'ro-1', ['read']),
    `POST ${R}/resource-servers/P/roles/ro-1:addScopes`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.scopes.remove',
    (r, p) => r.resourceServers.roles.scopes.remove(p, 'ro-1', ['read']),
    `POST ${R}/resource-servers/P/roles/ro-1:deleteScopes`,
    'resourceServerId',
  ],
  [
    'resourceServers.roles.scopes.list',
    (r, p) => r.resourceServers.roles.scopes.list(p, 'ro-1'),
    `GET ${R}/resource-servers/P/roles/ro-1:listScopes`,
    'resourceServerId',
  ],
  [
    'applications.tokens.list',
    (r, p) => r.applications.tokens.list(p),
    `GET ${R}/applications/P/tokens`,
    'applicationId',
  ],
  [
    'applications.tokens.revoke',
    (r, p) => r.applications.tokens.revoke(p, 'tok-1'),
    `DELETE ${R}/applications/P/tokens/tok-1`,
    'applicationId',
  ],
  [
    'ssoConfigs.identities.add',
    (r, p) => r.ssoConfigs.identities.add(p, ['i-1']),
    `POST ${R}/sso-configs/P:addIdentities`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.identities.remove',
    (r, p) => r.ssoConfigs.identities.remove(p, ['i-1']),
    `POST ${R}/sso-configs/P:deleteIdentities`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.identities.list',
    (r, p) => r.ssoConfigs.identities.list(p),
    `GET ${R}/sso-configs/P:listIdentityAssociations`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.groups.add',
    (r, p) => r.ssoConfigs.groups.add(p, ['g-1']),
    `POST ${R}/sso-configs/P:addGroups`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.groups.remove',
    (r, p) => r.ssoConfigs.groups.remove(p, ['g-1']),
    `POST ${R}/sso-configs/P:deleteGroups`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.groups.list',
    (r, p) => r.ssoConfigs.groups.list(p),
    `GET ${R}/sso-configs/P:listGroupAssociations`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.groups.getListing',
    (r, p) => r.ssoConfigs.groups.getListing(p),
    `GET ${R}/sso-configs/P/groups`,
    'ssoConfigId',
  ],
  [
    'ssoConfigs.groups.isAssigned',
    (r, p) => r.ssoConfigs.groups.isAssigned(p, ['g-1']),
    `POST ${R}/sso-configs/P/is-group-assigned`,
    'ssoConfigId',
  ],
];

// Each 0.2 entry point, the call that replaces it, and the request both send.
const ALIASES: OldEntryPoint<Realm>[] = [
  [
    'realm.credentials',
    'realm.identities.credentials',
    (r) => r.credentials('i-1').list(),
    `GET ${R}/identities/i-1/credentials`,
  ],
  [
    'realm.credentialBindingJobs',
    'realm.identities.credentialBindingJobs',
    (r) => r.credentialBindingJobs('i-1').revoke('j-1'),
    `POST ${R}/identities/i-1/credential-binding-jobs/j-1:revoke`,
  ],
  [
    'realm.roles',
    'realm.resourceServers.roles',
    (r) => r.roles('rs-1').listScopes('ro-1'),
    `GET ${R}/resource-servers/rs-1/roles/ro-1:listScopes`,
  ],
  [
    'realm.tokens',
    'realm.applications.tokens',
    (r) => r.tokens('app-1').revoke('tok-1'),
    `DELETE ${R}/applications/app-1/tokens/tok-1`,
  ],
  [
    'realm.groups.addMembers',
    'realm.groups.members.add',
    (r) => r.groups.addMembers('g-1', ['i-1']),
    `POST ${R}/groups/g-1:addMembers`,
  ],
  [
    'realm.groups.removeMembers',
    'realm.groups.members.remove',
    (r) => r.groups.removeMembers('g-1', ['i-1']),
    `POST ${R}/groups/g-1:deleteMembers`,
  ],
  [
    'realm.groups.listMembers',
    'realm.groups.members.list',
    (r) => r.groups.listMembers('g-1'),
    `GET ${R}/groups/g-1:listMembers`,
  ],
  [
    'realm.groups.listRoles',
    'realm.groups.roles.list',
    (r) => r.groups.listRoles('g-1', { resource_server_id: 'rs-1' }),
    `GET ${R}/groups/g-1:listRoles`,
  ],
  [
    'realm.identities.listGroups',
    'realm.identities.groups.list',
    (r) => r.identities.listGroups('i-1'),
    `GET ${R}/identities/i-1:listGroups`,
  ],
  [
    'realm.identities.listRoles',
    'realm.identities.roles.list',
    (r) => r.identities.listRoles('i-1'),
    `GET ${R}/identities/i-1:listRoles`,
  ],
  [
    'realm.ssoConfigs.addIdentities',
    'realm.ssoConfigs.identities.add',
    (r) => r.ssoConfigs.addIdentities('s-1', ['i-1']),
    `POST ${R}/sso-configs/s-1:addIdentities`,
  ],
  [
    'realm.ssoConfigs.removeIdentities',
    'realm.ssoConfigs.identities.remove',
    (r) => r.ssoConfigs.removeIdentities('s-1', ['i-1']),
    `POST ${R}/sso-configs/s-1:deleteIdentities`,
  ],
  [
    'realm.ssoConfigs.listIdentities',
    'realm.ssoConfigs.identities.list',
    (r) => r.ssoConfigs.listIdentities('s-1'),
    `GET ${R}/sso-configs/s-1:listIdentityAssociations`,
  ],
  [
    'realm.ssoConfigs.addGroups',
    'realm.ssoConfigs.groups.add',
    (r) => r.ssoConfigs.addGroups('s-1', ['g-1']),
    `POST ${R}/sso-configs/s-1:addGroups`,
  ],
  [
    'realm.ssoConfigs.removeGroups',
    'realm.ssoConfigs.groups.remove',
    (r) => r.ssoConfigs.removeGroups('s-1', ['g-1']),
    `POST ${R}/sso-configs/s-1:deleteGroups`,
  ],
  [
    'realm.ssoConfigs.listGroups',
    'realm.ssoConfigs.groups.list',
    (r) => r.ssoConfigs.listGroups('s-1'),
    `GET ${R}/sso-configs/s-1:listGroupAssociations`,
  ],
  [
    'realm.ssoConfigs.getGroupListing',
    'realm.ssoConfigs.groups.getListing',
    (r) => r.ssoConfigs.getGroupListing('s-1'),
    `GET ${R}/sso-configs/s-1/groups`,
  ],
  [
    'realm.ssoConfigs.isGroupAssigned',
    'realm.ssoConfigs.groups.isAssigned',
    (r) => r.ssoConfigs.isGroupAssigned('s-1', ['g-1']),
    `POST ${R}/sso-configs/s-1/is-group-assigned`,
  ],
  [
    'realm.ssoConfigs.isIdentityAssigned',
    'realm.identities.ssoConfigs.isAssigned',
    (r) => r.ssoConfigs.isIdentityAssigned('s-1', 'i-1'),
    `GET ${R}/identities/i-1/sso-configs/s-1/is-identity-assigned`,
  ],
  [
    'realm.ssoConfigs.listForIdentity',
    'realm.identities.ssoConfigs.list',
    (r) => r.ssoConfigs.listForIdentity('i-1'),
    `GET ${R}/identities/i-1/sso-configs`,
  ],
  [
    'realm.ssoConfigs.listForGroup',
    'realm.groups.ssoConfigs.list',
    (r) => r.ssoConfigs.listForGroup('g-1'),
    `GET ${R}/groups/g-1/sso-configs`,
  ],
];

const fake = describeSubResources<Realm>({
  target: (baseUrl, onEvent) =>
    createAccessClient({
      baseUrl,
      tenantId: 't-1',
      auth: staticToken('unit-token'),
      retry: false,
      onEvent,
    }).realm('r-1'),
  validationError: ValidationError,
  verbs: VERBS,
  aliases: ALIASES,
  oldNames: 'entry points',
});

describe('the children', () => {
  it('builds each child once, and withResponse() works on its calls', async () => {
    const { target: realm } = await fake();
    expect(realm.groups.members).toBe(realm.groups.members);
    expect(realm.identities.credentials).toBe(realm.identities.credentials);
    expect(realm.resourceServers.roles.members).toBe(realm.resourceServers.roles.members);
    expect(realm.applications.tokens).toBe(realm.applications.tokens);
    const { data, response } = await realm.identities.credentials.get('i-1', 'c-1').withResponse();
    expect(data).toEqual({});
    expect(response.status).toBe(200);
    const { response: page } = await realm.groups.members.add('g-1', ['i-1']).withResponse();
    expect(page.status).toBe(200);
  });
});
