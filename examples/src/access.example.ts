// Family A: a realm, identities created and found by username, a group with members, and SSO
// configurations listed by type.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { ConflictError } from '@x/runtime';
import type { ExampleContext } from './main.js';

/** The first page of a listing. (The mock serves the same page for every token, so the demo stops there.) */
async function firstPage<Item>(list: { pages(): AsyncIterable<{ items: readonly Item[] }> }) {
  for await (const page of list.pages()) return page.items;
  return [];
}

export default async function run({ urls, show }: ExampleContext) {
  const access = createAccessClient({
    baseUrl: urls.access!,
    scimBaseUrl: urls.access!,
    tenantId: '9a2f6c1e-3b7d-4e58-a0c4-1d8e5f7b2c90',
    auth: staticToken('demo-token'),
  });

  const created = await access.realms.create({
    display_name: 'Customers',
    classification: 'SECURE_CUSTOMER',
  });
  show('realms.create', created);
  const realm = access.realm(created.id!);

  const ada = await realm.identities.create({
    display_name: 'Ada Lovelace',
    status: 'active',
    traits: { type: 'person', username: 'ada.lovelace' },
  });
  show('identities.create', ada);

  // Finds by username: the SDK builds the one supported filter, quoted and escaped.
  const found = await firstPage(realm.identities.list({ username: 'ada.lovelace' }));
  show(
    'identities.list({ username })',
    found.map((i) => `${i.id} ${i.display_name}`),
  );

  const group = await realm.groups.create({
    display_name: 'Support agents',
    description: 'First-line support',
  });
  show('groups.create', group);
  const withMembers = await realm.groups.addMembers(group.id!, [ada.id!, ada.id!]);
  show('groups.addMembers (duplicates removed, chunked by 1000)', withMembers);
  const members = await firstPage(realm.groups.listMembers(group.id!));
  show(
    'groups.listMembers',
    members.map((i) => i.display_name),
  );

  const sso = await firstPage(realm.ssoConfigs.list({ types: ['generic_saml'] }));
  show(
    'ssoConfigs.list({ types: ["generic_saml"] })',
    sso.map((c) => `${c.display_name} (${c.payload?.type})`),
  );

  // Names are checked before sending, naming the field and the character.
  try {
    await realm.groups.create({ display_name: 'Support: tier 1' });
  } catch (error) {
    show('a bad display name', (error as Error).message);
  }

  // Typed errors: deleting a realm that still has identities is a 409.
  try {
    await access.realms.delete(created.id!, { headers: { Prefer: 'code=409' }, retry: false });
  } catch (error) {
    if (error instanceof ConflictError) show('realms.delete', `${error.name} ${error.status}`);
    else throw error;
  }

  const scimUsers = await realm.scim.users.listPage({
    filter: { attribute: 'userName', value: 'ada.lovelace' },
    count: 10,
  });
  show('scim.users.listPage', `${scimUsers.totalResults} result(s)`);
}
