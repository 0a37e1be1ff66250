// Fields this version does not know are sent through (the platform adds fields without notice);
// the known ones are still checked, and read-only ones read back are still left out.
import { ValidationError } from '@x/access';
import { describe, expect, it } from 'vitest';
import { fakeAccess } from './support/fake.js';

// biome-ignore lint/suspicious/noExplicitAny: fields the types do not know yet are what is tested
const u = (value: unknown): any => value;

describe('unknown body fields', () => {
  it('groups.create sends a field it does not know beside the checked ones', async () => {
    const c = await fakeAccess();
    await c.realm.groups.create(u({ display_name: 'Staff', future_field: { a: 1 } }));
    expect(c.requests.at(-1)?.body).toEqual({
      group: { display_name: 'Staff', future_field: { a: 1 } },
    });
  });

  it('tenant.update leaves read-only fields out, sends unknown ones, checks known ones', async () => {
    const c = await fakeAccess();
    await c.access.tenant.update(u({ id: 't-1', display_name: 'Acme', region_hint: 'eu' }));
    expect(c.requests.at(-1)?.body).toEqual({
      tenant: { display_name: 'Acme', region_hint: 'eu' },
    });
    await expect(
      c.access.tenant.update(u({ display_name: 'a<b', region_hint: 'eu' })),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('nested shapes send unknown fields too (a batch job template)', async () => {
    const c = await fakeAccess();
    await c.realm.batchCredentialBindingJobs.create(
      u({ identity_ids: ['a'], job_template: { delivery_method: 'EMAIL' } }),
    );
    expect(c.requests.at(-1)?.body).toMatchObject({
      batch_credential_binding_job: { job_template: { delivery_method: 'EMAIL' } },
    });
  });
});
