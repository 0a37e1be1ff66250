// Family W: create a group and users, add them in bulk, list with a filter, create a binding job.
import { staticToken } from '@x/auth';
import { NotFoundError } from '@x/runtime';
import { createWorkforceClient, scimUserFilter, userFilter, userOrderBy } from '@x/workforce';
import type { ExampleContext } from './main.js';

export default async function run({ urls, show }: ExampleContext) {
  const workforce = createWorkforceClient({
    baseUrl: urls.workforce!,
    auth: staticToken('demo-token'),
  });

  const group = await workforce.groups.create({
    name: 'Engineering',
    description: 'Product engineering staff',
  });
  show('groups.create', group);

  const people = [
    { external_id: 'crm-000123', username: 'ada', display_name: 'Ada Lovelace' },
    { external_id: 'crm-000124', username: 'grace', display_name: 'Grace Hopper' },
  ];
  const created = [];
  for (const person of people) created.push(await workforce.users.create(person));
  show(
    'users.create',
    created.map((u) => `${u.id} ${u.username}`),
  );

  // Any number of ids: deduplicated and sent in requests of at most 1000. (The mock serves
  // the same example user for every create, so the ids coincide here.)
  const ids = [...created.map((u) => u.id!), ...created.map((u) => u.id!)];
  const afterAdd = await workforce.groups.addUsers(group.id!, ids);
  show(
    'groups.addUsers',
    `${afterAdd.name}: ${new Set(ids).size} unique of ${ids.length} ids sent`,
  );

  // A typed filter: only the fields and operators the API allows for users compile.
  const filter = userFilter.username.sw('a').and(userFilter.has_active_passkey.eq(true));
  show('filter text', filter.toString());
  const members = [];
  for await (const user of workforce.groups.listUsers(group.id!, {
    filter,
    orderBy: userOrderBy.desc('last_auth_time'),
    pageSize: 100,
  }))
    members.push(`${user.username} (${user.display_name})`);
  show('groups.listUsers', members);

  const job = await workforce.bindingJobs.create({
    user_id: created[0]!.id!,
    issuer_user_id: created[1]!.id!,
    delivery_method: 'SHORT_CODE',
    ttl_seconds: 300,
  });
  // The short code exists only in this response; bindingJobs.get never returns it.
  show('bindingJobs.create', {
    id: job.id,
    state: job.state,
    short_code: job.short_code_delivery_details?.short_code,
    expires: job.short_code_delivery_details?.expire_time,
  });

  const scimUsers = await workforce.scim.users
    .list({ filter: scimUserFilter.userName.eq('ada'), count: 100 })
    .toArray();
  show(
    'scim.users.list',
    scimUsers.map((u) => u.userName),
  );

  // Errors are typed: a 404 names the missing resource.
  try {
    await workforce.users.get(created[0]!.id!, { headers: { Prefer: 'code=404' } });
  } catch (error) {
    if (error instanceof NotFoundError)
      show(
        'a missing user',
        `${error.name} ${error.status}: ${JSON.stringify(error.resourceInfo)}`,
      );
    else throw error;
  }
}
