// The README's everyday tasks, type-checked by `pnpm --filter @x/access typecheck` under `strict`
// and `exactOptionalPropertyTypes`: they must compile without a `!` or a cast. Never run.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { ConflictError } from '@x/runtime';

export async function everydayTasks(token: string) {
  const access = createAccessClient({
    baseUrl: 'https://access.example.com',
    tenantId: '9a2f6c1e-3b7d-4e58-a0c4-1d8e5f7b2c90',
    auth: staticToken(token),
  });

  // 1. Create a realm and an identity in it.
  const created = await access.realms.create({
    display_name: 'Customers',
    classification: 'SECURE_CUSTOMER',
  });
  const realm = access.realm(created.id);
  const ada = await realm.identities.create({
    display_name: 'Ada Lovelace',
    status: 'active',
    traits: {
      type: 'traits_v0',
      username: 'ada.lovelace',
      primary_email_address: 'ada@example.com',
    },
  });

  // 2. Find an identity by username.
  const [found] = await realm.identities.list({ username: 'ada.lovelace' }).toArray({ limit: 1 });
  const status: string | undefined = found?.status;

  // 3. Enrol an identity with a binding link.
  const { credential_binding_job: job, credential_binding_link: link } = await realm
    .credentialBindingJobs(ada.id)
    .create({
      delivery_method: 'RETURN',
      post_binding_redirect_uri: 'https://app.example.com/welcome',
    });
  const states: string[] = [job.state];
  for await (const each of realm.credentialBindingJobs(ada.id).list()) states.push(each.state);

  // 4. Create a role on a resource server, with scopes and members.
  const orders = await realm.resourceServers.create({
    display_name: 'Orders API',
    identifier: 'https://api.example.com/orders',
    scopes: ['orders.read', 'orders.write'],
  });
  const group = await realm.groups.create({ display_name: 'Support agents' });
  const roles = realm.roles(orders.id);
  const readers = await roles.create({ display_name: 'Order readers' });
  await roles.addScopes(readers.id, ['orders.read']);
  await roles.addMembers(readers.id, { groupIds: [group.id], identityIds: [ada.id] });

  // 5. List a group's members.
  await realm.groups.addMembers(group.id, [ada.id]);
  const names: (string | undefined)[] = [];
  for await (const member of realm.groups.listMembers(group.id)) names.push(member.display_name);

  // Paging, withResponse, resuming.
  const page = await realm.groups.list({ pageSize: 100 });
  const next = page.next === undefined ? undefined : String(page.next);
  const rest = realm.groups.list({ pageToken: next });
  const { data, response } = await realm.identities.get(ada.id).withResponse();

  try {
    await realm.groups.delete(group.id);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  return [status, link, states, names, page.raw.total_size, rest, data.id, response.status];
}
