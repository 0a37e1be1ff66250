// Type-level tests, run by `pnpm --filter @x/access typecheck` (CI's `typecheck` task): it fails if
// a line marked `@ts-expect-error` compiles. Not a vitest file: the calls are never made.
import {
  type Credential,
  type CredentialBindingJob,
  createAccessClient,
  type Group,
  type Identity,
  type IdentityCreate,
  type Realm,
  type ResourceServer,
  type Role,
} from '@x/access';

const access = createAccessClient({ baseUrl: 'https://a.example', tenantId: 't-1' });
const realm = access.realm('r-1');

/** Response ids, parents and timestamps are always there: `string`, not `string | undefined`. */
export async function responseIdsAreStrings(identity: Identity, group: Group, role: Role) {
  const ids: string[] = [
    identity.id,
    identity.realm_id,
    group.id,
    role.id,
    role.resource_server_id,
  ];
  const realmRecord: Realm = await access.realms.get('r-1');
  const created: string = realmRecord.create_time;
  const credential: Credential = await realm.identities.credentials.get('i', 'c');
  const job: CredentialBindingJob = await realm.identities.credentialBindingJobs.get('i', 'j');
  const server: ResourceServer = await realm.resourceServers.get('rs');
  const more: string[] = [credential.identity_id, job.state, server.id, created];
  const page = await realm.identities.list({ username: 'ada' });
  const first: string | undefined = page.items[0]?.id;
  const link: string | undefined = (await realm.identities.credentialBindingJobs.create('i', {}))
    .credential_binding_link;
  return [ids, more, first, link];
}

/** A create without a field the platform requires does not compile. */
export function createNeedsRequiredFields() {
  // @ts-expect-error: identity_ids is required
  void realm.batchCredentialBindingJobs.create({ job_template: {} });
  // @ts-expect-error: job_template is required
  void realm.batchCredentialBindingJobs.create({ identity_ids: ['i-1'] });
  void realm.batchCredentialBindingJobs.create({ identity_ids: ['i-1'], job_template: {} });
  // @ts-expect-error: the resource server of a group's roles is required
  void realm.groups.roles.list('g', {});
}

/** An update with a read-only field does not compile. */
export function updateRefusesReadOnlyFields() {
  // @ts-expect-error: id is read-only
  void realm.groups.update('g', { id: 'other' });
  // @ts-expect-error: tenant_id is read-only
  void access.realms.update('r', { tenant_id: 't-2' });
  // @ts-expect-error: enrollment_status is read-only
  void realm.identities.update('i', { enrollment_status: 'ENROLLED' });
  // @ts-expect-error: resource_server_id is read-only
  void realm.resourceServers.roles.update('rs', 'role', { resource_server_id: 'rs-2' });
  // @ts-expect-error: is_managed is read-only
  void realm.resourceServers.update('rs', { is_managed: true });
  // @ts-expect-error: create_time is read-only
  void access.tenant.update({ create_time: '2026-01-01T00:00:00Z' });
  // @ts-expect-error: state is read-only
  void realm.identities.credentialBindingJobs.create('i', { state: 'COMPLETE' });
}

/** Traits are typed by their schema; request enums are closed. */
export function traitsAreTyped() {
  const ada: IdentityCreate = {
    display_name: 'Ada',
    status: 'active',
    traits: { type: 'traits_v0', username: 'ada', given_name: 'Ada', family_name: 'Lovelace' },
  };
  void realm.identities.create(ada);
  // @ts-expect-error: an unknown traits schema
  void realm.identities.create({ traits: { type: 'person', username: 'ada' } });
  // @ts-expect-error: a trait of the wrong type
  void realm.identities.create({ traits: { type: 'traits_v0', username: 42 } });
  // @ts-expect-error: status is active or suspended
  void realm.identities.create({ status: 'deleted' });
  // @ts-expect-error: RETURN or EMAIL
  void realm.identities.credentialBindingJobs.create('i', { delivery_method: 'SMS' });
  // @ts-expect-error: a realm's classification is one of two
  void access.realms.create({ classification: 'SECURE_PARTNER' });
}

/** Optional fields take `undefined` (left out when sent), under `exactOptionalPropertyTypes`. */
export function optionalFieldsTakeUndefined(description?: string) {
  void realm.groups.create({ display_name: 'Support', description });
  void realm.identities.list({ username: undefined, page_size: undefined });
  void realm.resourceServers.roles.members.add('rs', 'r', {
    groupIds: ['g'],
    identityIds: undefined,
  });
  const readonlyIds = ['a', 'b'] as const;
  void realm.groups.members.add('g', readonlyIds);
}
