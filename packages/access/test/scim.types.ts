// Type-level tests of a realm's SCIM server, run by `pnpm --filter @x/access typecheck`: it fails
// if a line marked `@ts-expect-error` compiles. Not a vitest file: nothing is called.
import { createAccessClient, type ScimGroup, type ScimUser } from '@x/access';

const scim = createAccessClient({ baseUrl: 'https://a.example', tenantId: 't' }).realm('r').scim;

/** A create without its name attribute does not compile; `schemas` is filled in. */
export function createsNeedTheirName() {
  // @ts-expect-error: a user needs its userName
  void scim.users.create({ externalId: 'hr-1' });
  // @ts-expect-error: a group needs its displayName
  void scim.groups.create({});
  void scim.users.create({ userName: 'ada' });
  void scim.groups.create({ displayName: 'Support' });
  // @ts-expect-error: only the core and enterprise URNs are sent
  void scim.users.create({ userName: 'ada', schemas: ['urn:vendor:ext'] });
}

/** PATCH operations are those the server supports, in the shapes its rules allow. */
export function patchOperations() {
  void scim.users.patch('u', [{ op: 'replace', path: 'active', value: false }]);
  // @ts-expect-error: users take add and replace only
  void scim.users.patch('u', [{ op: 'remove', path: 'emails' }]);
  void scim.groups.patch('g', [
    { op: 'add', path: 'members', value: [{ value: 'a' }, { value: 'b' }] },
  ]);
  void scim.groups.patch('g', [
    // @ts-expect-error: one member per remove
    { op: 'remove', path: 'members', value: [{ value: 'a' }, { value: 'b' }] },
  ]);
  // @ts-expect-error: replace changes the name, not the members
  void scim.groups.patch('g', [{ op: 'replace', path: 'members', value: [] }]);
}

/** Responses: what is always returned is present; schema URNs and resource types are open. */
export async function responses(group: ScimGroup) {
  const user: ScimUser = await scim.users.get('u');
  const present: string[] = [user.id, user.userName, user.meta.location, group.displayName];
  const newUrn: ScimUser['schemas'] = ['urn:vendor:extension:2.0:User'];
  const page = await scim.users.list({ filter: { attribute: 'externalId', value: 'hr-1' } });
  const total: number = page.raw.totalResults;
  // @ts-expect-error: filters compare userName or externalId only
  void scim.users.list({ filter: { attribute: 'emails', value: 'x' } });
  return [present, newUrn, total];
}
