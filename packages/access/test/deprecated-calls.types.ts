// 0.2's ways to reach a sub-resource, each still typed and marked `@deprecated` (checked by
// deprecations.test.ts), beside the calls that replace them, which are not.
import type { AccessRealm } from '@x/access';

export function deprecated(realm: AccessRealm) {
  void realm.credentials('i').list();
  void realm.credentialBindingJobs('i').create({ delivery_method: 'RETURN' });
  void realm.roles('rs').listScopes('r');
  void realm.tokens('app').revoke('t');
  void realm.groups.addMembers('g', ['i']);
  void realm.groups.removeMembers('g', ['i']);
  void realm.groups.listMembers('g');
  void realm.groups.listRoles('g', { resource_server_id: 'rs' });
  void realm.identities.listGroups('i');
  void realm.identities.listRoles('i');
  void realm.ssoConfigs.addIdentities('s', ['i']);
  void realm.ssoConfigs.removeIdentities('s', ['i']);
  void realm.ssoConfigs.listIdentities('s');
  void realm.ssoConfigs.addGroups('s', ['g']);
  void realm.ssoConfigs.removeGroups('s', ['g']);
  void realm.ssoConfigs.listGroups('s');
  void realm.ssoConfigs.getGroupListing('s');
  void realm.ssoConfigs.isGroupAssigned('s', ['g']);
  void realm.ssoConfigs.isIdentityAssigned('s', 'i');
  void realm.ssoConfigs.listForIdentity('i');
  void realm.ssoConfigs.listForGroup('g');
}

export function current(realm: AccessRealm) {
  void realm.identities.credentials.list('i');
  void realm.identities.credentialBindingJobs.create('i', { delivery_method: 'RETURN' });
  void realm.resourceServers.roles.scopes.list('rs', 'r');
  void realm.applications.tokens.revoke('app', 't');
  void realm.groups.members.add('g', ['i']);
  void realm.groups.members.remove('g', ['i']);
  void realm.groups.members.list('g');
  void realm.groups.roles.list('g', { resource_server_id: 'rs' });
  void realm.groups.ssoConfigs.list('g');
  void realm.identities.groups.list('i');
  void realm.identities.roles.list('i');
  void realm.identities.ssoConfigs.list('i');
  void realm.identities.ssoConfigs.isAssigned('i', 's');
  void realm.ssoConfigs.identities.add('s', ['i']);
  void realm.ssoConfigs.identities.remove('s', ['i']);
  void realm.ssoConfigs.identities.list('s');
  void realm.ssoConfigs.groups.add('s', ['g']);
  void realm.ssoConfigs.groups.remove('s', ['g']);
  void realm.ssoConfigs.groups.list('s');
  void realm.ssoConfigs.groups.getListing('s');
  void realm.ssoConfigs.groups.isAssigned('s', ['g']);
}
