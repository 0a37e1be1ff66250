// Type-level tests of the resources, run by `pnpm --filter @x/workforce typecheck`: it fails if a
// line marked `@ts-expect-error` compiles. Not a vitest file: nothing here is called.
import type { ApiPromise, Page, Paginator } from '@x/runtime';
import {
  type BindingJob,
  type BindingJobState,
  createWorkforceClient,
  type Group,
  type Passkey,
  type ScimGroup,
  type ScimGroupPatchOperation,
  type ScimUser,
  type Tag,
  type User,
  type UserCreate,
  type UserList,
  type UserListParams,
  type UserState,
  type UserUpdate,
} from '@x/workforce';

/** True only when A and B are the same type (not merely assignable). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

const workforce = createWorkforceClient({ baseUrl: 'https://w.example.test' });

export async function responseIdsAreStrings(user: User, group: Group, job: BindingJob) {
  same<User['id'], string>(true);
  same<Group['id'], string>(true);
  same<BindingJob['id'], string>(true);
  same<ScimUser['id'], string>(true);
  same<ScimGroup['id'], string>(true);
  same<Passkey['user_id'], string>(true);
  same<Tag['id'], string>(true);
  // Timestamps and states the platform always returns are required.
  const created: string = user.create_time;
  const state: UserState = user.state;
  const tenant: string = group.tenant_id;
  const jobState: BindingJobState = job.state;
  // The calls return them as they are typed: no `!` needed.
  const fetched: string = (await workforce.users.get('u')).id;
  const scimId: string = (await workforce.scim.users.get('s')).id;
  return [created, state, tenant, jobState, fetched, scimId];
}

export function createWithoutWhatTheSpecRequires() {
  // @ts-expect-error: userName is required
  workforce.scim.users.create({ externalId: 'e', displayName: 'A', active: true, emails: [] });
  // @ts-expect-error: emails are required
  workforce.scim.users.create({ externalId: 'e', userName: 'a', displayName: 'A', active: true });
  workforce.scim.users.replace('s', {
    externalId: 'e',
    userName: 'a',
    displayName: 'A',
    // @ts-expect-error: active is a boolean
    active: 'yes',
    emails: [{ value: 'a@example.com', primary: true }],
  });
  // @ts-expect-error: a SCIM group needs its displayName
  workforce.scim.groups.create({ members: [] });
  // @ts-expect-error: a tag to set needs its name
  workforce.passkeys.tags.replace('p', [{ id: 't' }]);
  // The native bodies have no published required field: an empty user is a valid request.
  workforce.users.create({});
}

export function updateWithAReadOnlyField() {
  // @ts-expect-error: id is read-only
  workforce.users.update('u', { id: 'other' });
  // @ts-expect-error: state is read-only
  workforce.users.update('u', { state: 'SUSPENDED' });
  // @ts-expect-error: member_count is read-only
  workforce.groups.update('g', { member_count: 3 });
  // @ts-expect-error: a created user is not given its tenant
  workforce.users.create({ tenant_id: 't' });
  // @ts-expect-error: the short code is never written
  workforce.bindingJobs.create({ short_code_delivery_details: { short_code: '123456' } });
}

export function optionalFieldsTakeUndefined(name: string | undefined) {
  // With exactOptionalPropertyTypes on, an optional input field still takes `undefined`.
  const changes: UserUpdate = { display_name: name, email_address: undefined };
  const user: UserCreate = { username: name };
  workforce.users.update('u', changes);
  workforce.users.create(user);
  workforce.bindingJobs.create({ user_id: name, ttl_seconds: undefined });
  // Lists built `as const` are accepted.
  workforce.groups.members.add('g', ['a', 'b'] as const);
}

export function openAndClosedEnums(job: BindingJob) {
  // Open: a state the platform adds later is assignable where the response type says so.
  const later: BindingJobState = 'EXPIRED';
  const schemas: ScimUser['schemas'] = ['urn:example:new:2.0:User'];
  const memberType: NonNullable<ScimGroup['members']>[number]['type'] = 'ServicePrincipal';
  // Open too: platform-api.md does not give the user states as a complete set.
  const unknownState: UserState = 'ARCHIVED';
  // @ts-expect-error: SHORT_CODE is the only delivery method of a request
  workforce.bindingJobs.create({ delivery_method: 'EMAIL' });
  if (job.state === 'PENDING' || job.state === 'CLAIMED' || job.state === 'SUCCESS') return;
  return [later, schemas, memberType, unknownState];
}

export function scimGroupPatchRules() {
  const rename: ScimGroupPatchOperation = { op: 'replace', value: { displayName: 'Platform' } };
  const add: ScimGroupPatchOperation = {
    op: 'add',
    path: 'members',
    value: { members: [{ value: 'a' }, { value: 'b', type: 'User' }] },
  };
  const remove: ScimGroupPatchOperation = { op: 'remove', value: { members: [{ value: 'a' }] } };
  // @ts-expect-error: a remove removes one member (batch remove is unsupported)
  const removeTwo: ScimGroupPatchOperation = {
    op: 'remove',
    value: { members: [{ value: 'a' }, { value: 'b' }] },
  };
  // @ts-expect-error: replace changes the name, not the members
  const replaceMembers: ScimGroupPatchOperation = { op: 'replace', value: { members: [] } };
  // @ts-expect-error: SCIM users have no remove operation
  workforce.scim.users.patch('u', [{ op: 'remove', value: {} }]);
  return [rename, add, remove, removeTwo, replaceMembers];
}

export async function listsAndPages() {
  // `await` is the first page; iterating gives the items.
  const first: Page<User, UserList> = await workforce.users.list({ page_size: 10 });
  const members: Paginator<User, UserList> = workforce.groups.members.list('g');
  for await (const user of members) same<typeof user, User>(true);
  // @ts-expect-error: the list options are the runtime's, not the list's params
  workforce.users.list({ prefetch: true });
  // @ts-expect-error: there are no `…Page` twins any more
  workforce.users.listPage();
  const tags: ApiPromise<Tag[]> = workforce.passkeys.tags.get('p');
  return [first, tags];
}

export function deprecatedAliases() {
  // Deprecated (editors strike these through; test/deprecations.test.ts checks that they are).
  const added: Promise<Group> = workforce.groups.addUsers('g', ['u']);
  const removed: Promise<Group> = workforce.groups.removeUsers('g', ['u']);
  const listed: Paginator<User, UserList> = workforce.groups.listUsers('g');
  const tagged: ApiPromise<Tag[]> = workforce.passkeys.setTags('p', ['corporate']);
  // 0.2's camelCase parameter names.
  const params: UserListParams = { skip: 0 };
  params.pageSize = 10;
  params.orderBy = 'username';
  const renamed = workforce.users.list(params);
  return [added, removed, listed, tagged, renamed];
}
