// The README's five everyday tasks, as a consumer writes them (strict, exactOptionalPropertyTypes
// on): checked by typecheck, never run. Keep it in step with the README.
import { fromEnv, passkeyFilter, scimUserFilter, userFilter, userOrderBy } from '@x/workforce';

export async function everydayTasks(graceId: string, adminId: string, leaverId: string) {
  const workforce = fromEnv();

  // 1. Create a user: the enrolment e-mail goes to email_address.
  const ada = await workforce.users.create({
    username: 'ada',
    display_name: 'Ada Lovelace',
    email_address: 'ada@example.com',
    external_id: 'hr-1',
  });

  // 2. Find users by filter (fields and operators are checked by the compiler).
  for await (const user of workforce.users.list({
    filter: userFilter.email_address.ew('@example.com').and(userFilter.state.eq('ACTIVE')),
    orderBy: userOrderBy.desc('last_auth_time'),
  }))
    console.log(user.id, user.username);

  // 3. Add users to a group: any number of ids, sent 1000 at a time.
  const group = await workforce.groups.create({ name: 'Engineering' });
  await workforce.groups.addMembers(group.id, [ada.id, graceId]);

  // 4. Enrol with a binding job: the short code is returned once, here.
  const job = await workforce.bindingJobs.create({
    user_id: ada.id,
    issuer_user_id: adminId,
    delivery_method: 'SHORT_CODE',
    ttl_seconds: 300, // 60..900
  });
  console.log(job.short_code_delivery_details?.short_code, job.state);

  // 5. Offboard a user: its passkeys, its groups, the user.
  const leaver = await workforce.users.get(leaverId);
  const passkeys = await workforce.passkeys
    .list({ filter: passkeyFilter.user_name.eq(leaver.username ?? '') })
    .toArray();
  for (const passkey of passkeys)
    if (passkey.user_id === leaver.id) await workforce.passkeys.delete(passkey.id);
  if (leaver.source === 'scim') {
    const { items } = await workforce.scim.users.list({
      filter: scimUserFilter.userName.eq(leaver.username ?? ''),
    });
    for (const user of items) await workforce.scim.users.delete(user.id);
  } else {
    for (const g of await workforce.users.listGroups(leaver.id).toArray())
      await workforce.groups.removeMembers(g.id, [leaver.id]);
    await workforce.users.delete(leaver.id);
  }
}
