// Family W: a user from hire to offboarding, and a group provisioned through SCIM.
import {
  ConflictError,
  fromEnv,
  NotFoundError,
  passkeyFilter,
  scimUserFilter,
  userFilter,
} from '@x/workforce';
import { control, expectThat, type Story } from './story.js';

export async function workforceChapter(story: Story): Promise<void> {
  const { show } = story;
  const workforce = fromEnv(story.clientOptions, story.env); // client credentials from X_WORKFORCE_*

  // Hire: the enrolment e-mail goes to email_address.
  const ada = await workforce.users.create({
    username: 'ada',
    display_name: 'Ada Lovelace',
    email_address: 'ada@example.com',
    external_id: 'hr-1001',
  });
  const grace = await workforce.users.create({
    username: 'grace',
    display_name: 'Grace Hopper',
    email_address: 'grace@example.com',
    external_id: 'hr-1002',
  });
  show('users.create', `${ada.id} ${ada.username} (${ada.state}), ${grace.id} ${grace.username}`);
  const mail = story.emulator.outbox().filter((m) => m.to === 'ada@example.com');
  show('enrolment e-mail', `${mail.length} to ada@example.com: "${mail[0]?.subject ?? ''}"`);

  // The list holds what was just created.
  const found = await workforce.users
    .list({
      filter: userFilter.email_address.ew('@example.com').and(userFilter.username.eq('ada')),
    })
    .toArray();
  show(
    'users.list (filter)',
    found.map((u) => `${u.id} ${u.email_address ?? ''}`),
  );
  expectThat(
    found.some((u) => u.id === ada.id),
    'the filter to find Ada',
  );

  // A group, a duplicate name refused, and its members.
  const group = await workforce.groups.create({ name: 'Engineering', description: 'Builders' });
  const duplicate = await workforce.groups.create({ name: 'Engineering' }).catch((e: unknown) => e);
  show(
    'groups.create twice',
    duplicate instanceof ConflictError ? `409 ${duplicate.code}` : 'no conflict?',
  );
  expectThat(duplicate instanceof ConflictError, 'a duplicate group name to give 409');
  await workforce.groups.members.add(group.id, [ada.id, grace.id, ada.id]);
  const members = await workforce.groups.members.list(group.id).toArray();
  show(
    'groups.members.list',
    members.map((u) => u.username),
  );
  expectThat(members.length === 2, 'two members (the repeated id is sent once)');

  // Enrolment: a binding job's short code, claimed and completed on a device (the control
  // surface plays the user), then the passkey is listed and tagged.
  const job = await workforce.bindingJobs.create({
    user_id: ada.id,
    issuer_user_id: grace.id,
    delivery_method: 'SHORT_CODE',
    ttl_seconds: 300,
  });
  const code = job.short_code_delivery_details?.short_code ?? '';
  show(
    'bindingJobs.create',
    `${job.id} ${job.state}, short code ${code.replace(/./g, '•')} (returned once)`,
  );
  await control(story, `/workforce/binding-jobs/${job.id}/claim`, { short_code: code });
  await control(story, `/workforce/binding-jobs/${job.id}/complete`, {
    platform: 'MACOS',
    hostname: 'ada-laptop',
  });
  show('bindingJobs.get', (await workforce.bindingJobs.get(job.id)).state);
  const passkeys = await workforce.passkeys
    .list({ filter: passkeyFilter.user_name.eq('ada') })
    .toArray();
  show(
    'passkeys.list',
    passkeys.map((p) => `${p.id} ${p.platform ?? ''} ${p.hostname ?? ''}`),
  );
  expectThat(passkeys.length === 1, "Ada's new passkey to be listed");
  const tags = await workforce.passkeys.tags.replace(passkeys[0]?.id ?? '', [{ name: 'Laptop' }]);
  show(
    'passkeys.tags.replace',
    tags.map((t) => t.name),
  );

  // SCIM provisioning: a user and a group created through SCIM, members patched in.
  const lin = await workforce.scim.users.create({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    externalId: 'idp-77',
    userName: 'lin',
    displayName: 'Lin Contractor',
    active: true,
    emails: [{ value: 'lin@example.com', primary: true, type: 'work' }],
  });
  const contractors = await workforce.scim.groups.create({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: 'Contractors',
  });
  await workforce.scim.groups.addMembers(contractors.id, [lin.id]);
  const provisioned = await workforce.scim.groups.get(contractors.id);
  show(
    'scim.groups (provisioned)',
    `${provisioned.displayName}: ${(provisioned.members ?? []).map((m) => m.display ?? m.value).join(', ')}`,
  );
  const scimFound = await workforce.scim.users.list({ filter: scimUserFilter.userName.eq('lin') });
  show(
    'scim.users.list (filter)',
    scimFound.items.map((u) => `${u.id} ${u.userName}`),
  );

  // Offboarding Ada: her groups, her passkeys, then the user.
  for (const g of await workforce.users.groups.list(ada.id).toArray())
    await workforce.groups.members.remove(g.id, [ada.id]);
  for (const p of passkeys) await workforce.passkeys.delete(p.id);
  await workforce.users.delete(ada.id);
  const gone = await workforce.users.get(ada.id).catch((e: unknown) => e);
  show(
    'users.get after delete',
    gone instanceof NotFoundError
      ? `404 ${gone.resourceInfo?.resource_type ?? ''}`
      : 'still there?',
  );
  expectThat(gone instanceof NotFoundError, 'a deleted user to give 404');
  show(
    'groups.members.list after offboarding',
    (await workforce.groups.members.list(group.id).toArray()).map((u) => u.username),
  );
}
