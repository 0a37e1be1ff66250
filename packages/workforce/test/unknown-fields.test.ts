// Fields this version does not know are sent through (the platform adds fields without notice);
// the fields it knows are still checked, and read-only ones read back are still left out.
import { staticToken } from '@x/auth';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient, SCIM_USER_SCHEMA, ValidationError } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client() {
  server = await startJsonFake(() => ({ status: 201, body: { id: 'x1' } }));
  const workforce = createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
  return { workforce, sent: () => server!.requests.at(-1)?.body };
}

describe('unknown body fields', () => {
  it('users.create sends a field it does not know, beside the checked ones', async () => {
    const { workforce, sent } = await client();
    await workforce.users.create({
      username: 'ada',
      email_address: 'ada@example.com',
      nickname: 'Countess',
    } as never);
    expect(sent()).toEqual({
      user: { username: 'ada', email_address: 'ada@example.com', nickname: 'Countess' },
    });
  });

  it('users.update still leaves read-only fields out and still checks known ones', async () => {
    const { workforce, sent } = await client();
    await workforce.users.update('u1', {
      id: 'u1',
      display_name: 'Ada',
      future_flag: true,
    } as never);
    expect(sent()).toEqual({ user: { display_name: 'Ada', future_flag: true } });
    await expect(
      workforce.users.update('u1', { display_name: 5, future_flag: true } as never),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('scim.users.create sends an attribute it does not know, and nested unknowns too', async () => {
    const { workforce, sent } = await client();
    await workforce.scim.users.create({
      schemas: [SCIM_USER_SCHEMA],
      externalId: 'e1',
      userName: 'ada',
      displayName: 'Ada',
      active: true,
      title: 'Engineer',
      emails: [{ value: 'ada@example.com', primary: true, display: 'work mail' }],
    } as never);
    expect(sent()).toMatchObject({
      title: 'Engineer',
      emails: [{ value: 'ada@example.com', primary: true, display: 'work mail' }],
    });
  });

  it('binding-jobs.create sends a job field it does not know', async () => {
    const { workforce, sent } = await client();
    await workforce.bindingJobs.create({ user_id: 'u1', channel: 'future' } as never);
    expect(sent()).toEqual({ binding_job: { user_id: 'u1', channel: 'future' } });
  });
});
