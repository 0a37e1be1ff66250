// The identity side's workflows of issue 16, each end to end against a local stateful fake of the
// management API (test/support/stateful.ts): what one step creates, the next reads back.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { ConflictError, NotFoundError } from '@x/runtime';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf } from './support/fake.js';
import { statefulAccess } from './support/stateful.js';

const close: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(close.splice(0).map((c) => c()));
});

async function platform() {
  const { handler, state } = statefulAccess();
  const fake = await startJsonFake(handler);
  close.push(fake.close);
  const access = createAccessClient({
    baseUrl: fake.url,
    tenantId: 't-1',
    auth: staticToken('workflow-token'),
    retry: false,
  });
  return { realm: access.realm('r-1'), state, requests: fake.requests };
}

describe('enrol an access identity', () => {
  it('creates the identity, a RETURN binding job whose link it reads, and lists its jobs', async () => {
    const { realm, state } = await platform();
    const identity = await realm.identities.create({
      display_name: 'Ada Lovelace',
      status: 'active',
      traits: {
        type: 'traits_v0',
        username: 'ada.lovelace',
        primary_email_address: 'ada@example.com',
      },
    });
    expect(identity.enrollment_status).toBe('UNENROLLED');

    const jobs = realm.identities.credentialBindingJobs;
    const { credential_binding_job: job, credential_binding_link: link } = await jobs.create(
      identity.id,
      {
        delivery_method: 'RETURN',
        post_binding_redirect_uri: 'https://app.example.com/welcome',
      },
    );
    expect(link).toBe(`https://auth.example.com/bind/${job.id}`);
    expect(job.state).toBe('LINK_SENT');
    expect(job.identity_id).toBe(identity.id);

    // A second job by e-mail carries no link; the identity's jobs are both, over two pages.
    const emailed = await jobs.create(identity.id, { delivery_method: 'EMAIL' });
    expect(emailed.credential_binding_link).toBeUndefined();
    await jobs.create(identity.id, { delivery_method: 'EMAIL' });
    const listed = await jobs.list(identity.id).toArray();
    expect(listed.map((j) => j.id)).toEqual([...state.jobs.keys()]);
    expect(listed.map((j) => j.delivery_method)).toEqual(['RETURN', 'EMAIL', 'EMAIL']);
    expect(await jobs.get(identity.id, job.id)).toEqual(job);
  });

  it('a job for an identity that does not exist is a NotFoundError naming it', async () => {
    const { realm } = await platform();
    const error = await failureOf(() =>
      realm.identities.credentialBindingJobs.create('nobody', { delivery_method: 'RETURN' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).resourceInfo).toMatchObject({
      resource_type: 'identity',
      id: 'nobody',
    });
  });
});

describe('create a role on a resource server, give it scopes and a group', () => {
  it('creates the server, the role, adds scopes and a group, and lists them back', async () => {
    const { realm, state } = await platform();
    const server = await realm.resourceServers.create({
      display_name: 'Orders API',
      identifier: 'https://api.example.com/orders',
      scopes: ['orders.read', 'orders.write', 'orders.refund'],
    });
    const group = await realm.groups.create({ display_name: 'Support agents' });

    const { roles } = realm.resourceServers;
    const role = await roles.create(server.id, {
      display_name: 'Order readers',
      description: 'Read orders',
    });
    expect(role.resource_server_id).toBe(server.id);
    await roles.scopes.add(server.id, role.id, ['orders.read', 'orders.read']);
    const after = await roles.members.add(server.id, role.id, { groupIds: [group.id] });
    expect(after.id).toBe(role.id);

    expect(await roles.scopes.list(server.id, role.id).toArray()).toEqual(['orders.read']);
    expect(await roles.members.list(server.id, role.id).toArray()).toEqual([
      {
        type: 'group',
        group: expect.objectContaining({ id: group.id, display_name: 'Support agents' }),
      },
    ]);
    expect([...state.roles.get(role.id)!.groups]).toEqual([group.id]);

    // A role with scopes and members cannot be deleted.
    await expect(roles.delete(server.id, role.id)).rejects.toBeInstanceOf(ConflictError);
  });
});
