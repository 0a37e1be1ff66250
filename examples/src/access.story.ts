// Family A: a realm with an identity found by username, enrolled through a binding link, given a
// role on the management API through a group, and a token that stops working once revoked.
import { ConflictError, fromEnv, UnauthorizedError, ValidationError } from '@x/access';
import { accessTokenUrl, clientCredentials, readTokenId, staticToken } from '@x/auth';
import { control, expectThat, type Story } from './story.js';

export async function accessChapter(story: Story): Promise<void> {
  const { show, env } = story;
  const access = fromEnv(story.clientOptions, env); // client credentials of the default management application

  const created = await access.realms.create({
    display_name: 'Customers',
    classification: 'SECURE_CUSTOMER',
  });
  const realm = access.realm(created.id);
  show('realms.create', `${created.id} ${created.display_name}`);

  const ada = await realm.identities.create({
    display_name: 'Ada Lovelace',
    status: 'active',
    traits: { type: 'traits_v0', username: 'ada', primary_email_address: 'ada@example.com' },
  });
  const byName = await realm.identities.list({ username: 'ada' }).toArray();
  show(
    'identities.list (username)',
    byName.map((i) => `${i.id} ${i.enrollment_status}`),
  );
  expectThat(byName.length === 1 && byName[0]?.id === ada.id, 'Ada to be found by username');

  // Names are checked before sending; the platform refuses the same with FieldViolations.
  const refused = await realm.groups
    .create({ display_name: 'Ops: night' })
    .catch((e: unknown) => e);
  show(
    'groups.create "Ops: night"',
    refused instanceof ValidationError ? `refused before sending: ${refused.message}` : 'sent?',
  );
  const raw = await access.raw
    .POST('/v1/tenants/{tenant_id}/realms/{realm_id}/groups', {
      params: { path: { tenant_id: access.tenantId, realm_id: created.id } },
      body: { group: { display_name: 'Ops: night' } },
    })
    .catch((e: unknown) => e);
  show(
    'the same through raw',
    raw instanceof Error && 'fieldViolations' in raw
      ? JSON.stringify(raw.fieldViolations)
      : 'accepted?',
  );

  // Enrolment: a binding link returned to us, opened and completed (the control surface plays
  // the person), then the credential is listed.
  const jobs = realm.identities.credentialBindingJobs;
  const { credential_binding_job: job, credential_binding_link: link } = await jobs.create(ada.id, {
    delivery_method: 'RETURN',
  });
  show(
    'identities.credentialBindingJobs.create',
    `${job.id} ${job.state}, link ${link ? `${link.slice(0, 32)}…` : '(none)'}`,
  );
  await control(story, `/access/credential-binding-jobs/${job.id}/claim`);
  await control(story, `/access/credential-binding-jobs/${job.id}/complete`);
  show(
    'identities.credentialBindingJobs.list',
    (await jobs.list(ada.id).toArray()).map((j) => `${j.id} ${j.state}`),
  );
  const credentials = await realm.identities.credentials.list(ada.id).toArray();
  show(
    'identities.credentials.list',
    credentials.map((c) => `${c.id} ${c.state ?? ''}`),
  );
  expectThat(credentials.length === 1, "Ada's credential to be listed");
  show('identities.get', (await realm.identities.get(ada.id)).enrollment_status);

  // A resource server (an API of ours), a role on it with a scope, given to a group of Ada's.
  const server = await realm.resourceServers.create({
    display_name: 'Orders API',
    identifier: 'https://orders.example.com',
    scopes: ['orders.read', 'orders.write'],
  });
  const { roles } = realm.resourceServers;
  const role = await roles.create(server.id, {
    display_name: 'Support',
    description: 'Reads orders',
  });
  await roles.scopes.add(server.id, role.id, ['orders.read']);
  const support = await realm.groups.create({ display_name: 'Support desk' });
  await realm.groups.members.add(support.id, [ada.id]);
  await roles.members.add(server.id, role.id, { groupIds: [support.id] });
  show('resourceServers.roles.scopes.list', await roles.scopes.list(server.id, role.id).toArray());
  show(
    'identities.roles.list',
    (await realm.identities.roles.list(ada.id, { resource_server_id: server.id }).toArray()).map(
      (r) => r.display_name,
    ),
  );

  // A realm with identities cannot go.
  const blocked = await access.realms.delete(created.id).catch((e: unknown) => e);
  show(
    'realms.delete (with identities)',
    blocked instanceof ConflictError ? `409 ${blocked.code}` : 'deleted?',
  );
  expectThat(blocked instanceof ConflictError, 'deleting a realm with identities to give 409');

  // A token of our application, revoked: from then on it gets 401.
  const provider = clientCredentials({
    tokenUrl: accessTokenUrl({
      accessAuthUrl: env.X_ACCESS_AUTH_URL,
      tenantId: env.X_ACCESS_TENANT_ID,
      realmId: env.X_ACCESS_REALM_ID,
      applicationId: env.X_ACCESS_APPLICATION_ID,
    }),
    clientId: env.X_ACCESS_CLIENT_ID,
    clientSecret: env.X_ACCESS_CLIENT_SECRET,
    ...story.clientOptions,
  });
  const token = await provider.getToken();
  const holder = fromEnv({ ...story.clientOptions, auth: staticToken(token) }, env);
  show('tenant.get with the token', (await holder.tenant.get()).display_name);
  await access
    .realm(env.X_ACCESS_REALM_ID)
    .applications.tokens.revoke(env.X_ACCESS_APPLICATION_ID, readTokenId(token));
  const after = await holder.tenant.get().catch((e: unknown) => e);
  show(
    'tenant.get after revoke',
    after instanceof UnauthorizedError ? `401 ${after.code ?? ''}` : 'still valid?',
  );
  expectThat(after instanceof UnauthorizedError, 'a revoked token to give 401');
}
