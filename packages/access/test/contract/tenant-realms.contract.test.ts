// Contract tests of the tenant and its realms against Prism (see test/support/prism.ts).

import { createAccessClient } from '@x/access';
import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import {
  access,
  type ContractCase,
  contractCases,
  example,
  expectAccepted,
  prismUrl,
  seen,
} from '../support/prism.js';

const cases: ContractCase[] = [
  {
    operationId: 'getTenant',
    run: (o) => access.tenant.get(o),
    request: { path: '/v1/tenants/tenant-1' },
  },
  {
    operationId: 'updateTenant',
    run: (o) => access.tenant.update({ display_name: 'Example Corp' }, o),
    request: { body: { tenant: { display_name: 'Example Corp' } } },
  },
  {
    operationId: 'createRealm',
    run: (o) =>
      access.realms.create({ display_name: 'Customers', classification: 'SECURE_CUSTOMER' }, o),
    request: { body: { realm: { display_name: 'Customers', classification: 'SECURE_CUSTOMER' } } },
  },
  {
    operationId: 'listRealms',
    run: (o) => access.realms.list({ pageSize: 50, skip: 2 }, o).then((page) => page.raw),
    request: { path: '/v1/tenants/tenant-1/realms', query: { page_size: '50', skip: '2' } },
  },
  {
    operationId: 'getRealm',
    run: (o) => access.realms.get('realm-9', o),
    request: { path: '/realms/realm-9' },
  },
  {
    operationId: 'updateRealm',
    run: (o) => access.realms.update('realm-9', { display_name: 'Renamed' }, o),
    request: { body: { realm: { display_name: 'Renamed' } } },
  },
  { operationId: 'deleteRealm', run: (o) => access.realms.delete('realm-9', o) },
];

describe('tenant and realms', () => contractCases(['Tenant', 'Realms'], cases));

describe('realms as a list', () => {
  it('the first page of the list equals the example, its items typed', async () => {
    const page = await access.realms.list({ pageSize: 2 });
    expectAccepted('listRealms');
    expect(page.raw).toEqual(example('listRealms'));
    expect(page.items).toEqual((example('listRealms') as { realms: unknown[] }).realms);
    const realms = await access.realms.list().toArray({ limit: 1 });
    expect(realms[0]).toEqual(page.items[0]);
    // Open in responses: the two known values, or one the platform adds.
    const classification: 'SECURE_WORKFORCE' | 'SECURE_CUSTOMER' | (string & {}) | undefined =
      realms[0]?.classification;
    expect(classification).toBeDefined();
    const id: string = page.items[0]!.id;
    expect(id).toBeTruthy();
  });

  it('withResponse() gives the status and headers beside the data', async () => {
    const { data, response } = await access.realms.get('realm-9').withResponse();
    expect(data).toEqual(example('getRealm'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('checks before sending', () => {
  it('refuses a bad realm id, tenant id or name, naming the field, and sends nothing', async () => {
    expect(() => access.realm('')).toThrow(/^realmId: /);
    expect(() => createAccessClient({ baseUrl: prismUrl, tenantId: '' })).toThrow(/^tenantId: /);
    await expect(access.realms.create({ display_name: 'a:b' })).rejects.toThrow(
      /^realm\.display_name: must not contain the character ":"/,
    );
    await expect(access.realms.get(' ')).rejects.toThrow(ValidationError);
    await expect(access.realms.list({ pageSize: 201 })).rejects.toThrow(/^pageSize: /);
    expect(seen).toHaveLength(0);
  });
});
