// Forward compatibility, proved against the emulator's tolerance mode: every JSON answer carries
// an unknown value in each open (`x-extensible-enum`) field and an unknown property on each
// object. Each family client runs a story of creates, updates, gets and lists (SCIM included)
// and must read every answer: unknown enum values come through as strings, unknown fields are
// kept on the objects it returns.
import { fromEnv as accessFromEnv } from '@x/access';
import {
  type Emulator,
  startEmulator,
  UNKNOWN_ENUM_VALUE,
  UNKNOWN_FIELD,
  UNKNOWN_FIELD_VALUE,
} from '@x/emulator';
import { fromEnv as eventsFromEnv } from '@x/events';
import { fromEnv as legacyFromEnv } from '@x/legacy';
import { fromEnv as workforceFromEnv } from '@x/workforce';
import { afterAll, beforeAll, expect, it } from 'vitest';

let emulator: Emulator;
const options = () => ({ fetch: emulator.fetch });
/** The unknown field, read off whatever the client returned. */
const extra = (value: unknown) => (value as Record<string, unknown>)[UNKNOWN_FIELD];

beforeAll(async () => {
  emulator = await startEmulator({
    clock: { start: '2026-05-01T00:00:00Z', frozen: true },
    unknowns: { enums: true, fields: true },
  });
});
afterAll(() => emulator.stop());

it('workforce: users, groups, binding jobs and SCIM read with unknown values and fields', async () => {
  const workforce = workforceFromEnv(options(), emulator.env);
  const ada = await workforce.users.create({ username: 'ada', email_address: 'ada@example.com' });
  expect(ada.username).toBe('ada');
  expect(extra(ada)).toBe(UNKNOWN_FIELD_VALUE);
  const got = await workforce.users.get(ada.id);
  expect(extra(got)).toBe(UNKNOWN_FIELD_VALUE);
  const updated = await workforce.users.update(ada.id, { display_name: 'Ada L' });
  expect(updated.display_name).toBe('Ada L');
  expect(extra(updated)).toBe(UNKNOWN_FIELD_VALUE);
  const users = await workforce.users.list({ page_size: 10 }).toArray();
  expect(users.map((u) => extra(u))).toEqual([UNKNOWN_FIELD_VALUE]);

  const group = await workforce.groups.create({ name: 'Engineering' });
  expect(extra(group)).toBe(UNKNOWN_FIELD_VALUE);
  expect(extra(await workforce.groups.get(group.id))).toBe(UNKNOWN_FIELD_VALUE);
  expect(extra(await workforce.groups.members.add(group.id, [ada.id]))).toBe(UNKNOWN_FIELD_VALUE);
  const members = await workforce.groups.members.list(group.id).toArray();
  expect(members.map((m) => extra(m))).toEqual([UNKNOWN_FIELD_VALUE]);
  const groups = await workforce.groups.list({ page_size: 10 }).toArray();
  expect(groups.every((g) => extra(g) === UNKNOWN_FIELD_VALUE)).toBe(true);
  const ofAda = await workforce.users.groups.list(ada.id).toArray();
  expect(ofAda.map((g) => extra(g))).toEqual([UNKNOWN_FIELD_VALUE]);

  // BindingJobState and BindingJobDeliveryMethod are open: the unknown value passes through.
  const job = await workforce.bindingJobs.create({
    user_id: ada.id,
    issuer_user_id: ada.id,
    delivery_method: 'SHORT_CODE',
  });
  const jobRead = await workforce.bindingJobs.get(job.id);
  expect(jobRead.state).toBe(UNKNOWN_ENUM_VALUE);
  expect(jobRead.delivery_method).toBe(UNKNOWN_ENUM_VALUE);
  expect(extra(jobRead)).toBe(UNKNOWN_FIELD_VALUE);

  const lin = await workforce.scim.users.create({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: 'lin',
    externalId: 'idp-lin',
    displayName: 'Lin',
    active: true,
    emails: [{ value: 'lin@example.com', primary: true }],
  });
  expect(extra(lin)).toBe(UNKNOWN_FIELD_VALUE);
  const linRead = await workforce.scim.users.get(lin.id);
  expect(linRead.userName).toBe('lin');
  expect(linRead.schemas).toContain(UNKNOWN_ENUM_VALUE);
  expect(extra(linRead.emails?.[0])).toBe(UNKNOWN_FIELD_VALUE);
  const scimUsers = await workforce.scim.users.list({});
  expect(scimUsers.items.length).toBeGreaterThan(0);
  expect(scimUsers.items.every((u) => extra(u) === UNKNOWN_FIELD_VALUE)).toBe(true);
  const team = await workforce.scim.groups.create({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: 'Contractors',
  });
  expect(extra(await workforce.scim.groups.get(team.id))).toBe(UNKNOWN_FIELD_VALUE);
  const scimGroups = await workforce.scim.groups.list({});
  expect(scimGroups.items.map((g) => extra(g))).toContain(UNKNOWN_FIELD_VALUE);
});

it('access: realm, identities, groups and SCIM read with unknown values and fields', async () => {
  const access = accessFromEnv(options(), emulator.env);
  expect(extra(await access.tenant.get())).toBe(UNKNOWN_FIELD_VALUE);
  const created = await access.realms.create({
    display_name: 'Customers',
    classification: 'SECURE_CUSTOMER',
  });
  // RealmClassification is open: the answer's value is not one of the known two.
  expect(created.classification).toBe(UNKNOWN_ENUM_VALUE);
  expect(extra(created)).toBe(UNKNOWN_FIELD_VALUE);
  expect(extra(await access.realms.get(created.id))).toBe(UNKNOWN_FIELD_VALUE);
  const realms = await access.realms.list().toArray();
  expect(realms.every((r) => extra(r) === UNKNOWN_FIELD_VALUE)).toBe(true);
  const realm = access.realm(created.id);
  const ada = await realm.identities.create({
    display_name: 'Ada Lovelace',
    status: 'active',
    traits: { type: 'traits_v0', username: 'ada', primary_email_address: 'ada@example.com' },
  });
  expect(extra(ada)).toBe(UNKNOWN_FIELD_VALUE);
  // IdentityStatus is open (`active`, `suspended`).
  const read = await realm.identities.get(ada.id);
  expect(read.status).toBe(UNKNOWN_ENUM_VALUE);
  expect(extra(read.traits)).toBe(UNKNOWN_FIELD_VALUE);
  const renamed = await realm.identities.update(ada.id, { display_name: 'Ada L' });
  expect(renamed.display_name).toBe('Ada L');
  const identities = await realm.identities.list().toArray();
  expect(identities.map((i) => extra(i))).toEqual([UNKNOWN_FIELD_VALUE]);
  const group = await realm.groups.create({ display_name: 'Ops' });
  expect(extra(await realm.groups.get(group.id))).toBe(UNKNOWN_FIELD_VALUE);
  expect(extra(await realm.groups.update(group.id, { description: 'Night shift' }))).toBe(
    UNKNOWN_FIELD_VALUE,
  );
  expect((await realm.groups.list().toArray()).length).toBe(1);
  await realm.groups.members.add(group.id, [ada.id]);
  const groupMembers = await realm.groups.members.list(group.id).toArray();
  expect(groupMembers.map((m) => extra(m))).toEqual([UNKNOWN_FIELD_VALUE]);
  const adaGroups = await realm.identities.groups.list(ada.id).toArray();
  expect(adaGroups.map((g) => extra(g))).toEqual([UNKNOWN_FIELD_VALUE]);

  // Enrolment: a binding job (its state and delivery method are open), then its list.
  const jobs = realm.identities.credentialBindingJobs;
  const made = await jobs.create(ada.id, { delivery_method: 'RETURN' });
  expect(extra(made)).toBe(UNKNOWN_FIELD_VALUE);
  expect(extra(made.credential_binding_job)).toBe(UNKNOWN_FIELD_VALUE);
  expect(made.credential_binding_job.delivery_method).toBe(UNKNOWN_ENUM_VALUE);
  const listed = await jobs.list(ada.id).toArray();
  expect(listed.map((j) => extra(j))).toEqual([UNKNOWN_FIELD_VALUE]);
  expect(extra(await jobs.get(ada.id, made.credential_binding_job.id))).toBe(UNKNOWN_FIELD_VALUE);
  expect(await realm.identities.credentials.list(ada.id).toArray()).toEqual([]);

  // The seeded realm's configuration lists (its management application and API included).
  const seeded = access.realm(emulator.credentials.access.realmId);
  const applications = await seeded.applications.list().toArray();
  expect(applications.length).toBeGreaterThan(0);
  expect(applications.every((a) => extra(a) === UNKNOWN_FIELD_VALUE)).toBe(true);
  const servers = await seeded.resourceServers.list().toArray();
  expect(servers.length).toBeGreaterThan(0);
  expect(servers.every((r) => extra(r) === UNKNOWN_FIELD_VALUE)).toBe(true);
  await seeded.authenticatorConfigs.list().toArray();
  await seeded.ssoConfigs.list().toArray();
  await seeded.identityProviders.list().toArray();
  const scimUsers = await realm.scim.users.list().toArray();
  expect(scimUsers.map((u) => extra(u))).toEqual([UNKNOWN_FIELD_VALUE]);
  expect(extra(await realm.scim.users.get(ada.id))).toBe(UNKNOWN_FIELD_VALUE);
});

it('events: the story read back, every enumeration an unknown value', async () => {
  const events = eventsFromEnv(options(), emulator.env);
  const all = await events.list({ ordering: 'asc', page_size: 50 }).toArray();
  expect(all.length).toBeGreaterThan(0);
  expect(all.every((e) => e.event_type === UNKNOWN_ENUM_VALUE)).toBe(true);
  expect(all.every((e) => extra(e) === UNKNOWN_FIELD_VALUE)).toBe(true);
});

it('legacy: create and recover read with unknown fields', async () => {
  const legacy = legacyFromEnv(options(), emulator.env);
  const user = await legacy.users.create({
    external_id: 'crm-000124',
    email: 'charles@example.com',
    user_name: 'charles',
    display_name: 'Charles Babbage',
  });
  expect(user.user_name).toBe('charles');
  expect(extra(user)).toBe(UNKNOWN_FIELD_VALUE);
  const recovered = await legacy.users.recover({ external_id: 'crm-000124' });
  expect(extra(recovered)).toBe(UNKNOWN_FIELD_VALUE);
});

it('closed enums: an unknown UserState and enrollment status still read as strings', async () => {
  // Any value, whether or not the spec leaves the enum open, is rewritten here by the transport,
  // to prove the clients pass it through at run time rather than reject it.
  const rewriting = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await emulator.fetch(input, init);
    if (!res.headers.get('content-type')?.includes('json') || res.status >= 300) return res;
    const text = (await res.text())
      .replace(/"state":"[A-Z_]+"/g, '"state":"X_CLOSED_UNKNOWN"')
      .replace(/"enrollment_status":"[A-Z_]+"/g, '"enrollment_status":"X_CLOSED_UNKNOWN"');
    return new Response(text, { status: res.status, headers: res.headers });
  };
  const workforce = workforceFromEnv({ fetch: rewriting }, emulator.env);
  const grace = await workforce.users.create({ username: 'grace', email_address: 'g@example.com' });
  const state: string = (await workforce.users.get(grace.id)).state;
  expect(state).toBe('X_CLOSED_UNKNOWN');
  const access = accessFromEnv({ fetch: rewriting }, emulator.env);
  const created = await access.realms.create({
    display_name: 'Partners',
    classification: 'SECURE_CUSTOMER',
  });
  const realm = access.realm(created.id);
  await realm.identities.create({
    display_name: 'Grace Hopper',
    status: 'active',
    traits: { type: 'traits_v0', username: 'grace', primary_email_address: 'g@example.com' },
  });
  const identities = await realm.identities.list().toArray();
  const statuses: string[] = identities.map((i) => i.enrollment_status ?? '');
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['X_CLOSED_UNKNOWN']));
});
