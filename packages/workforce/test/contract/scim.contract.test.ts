import { NotFoundError } from '@x/runtime';
import {
  type ScimServiceProviderConfig,
  type ScimUser,
  type ScimUserPage,
  scimUserFilter,
} from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const ADA = '5f0c6a1e-7c41-4d0e-9f5b-2f4a9d3c1b07';
const ada = {
  externalId: 'crm-000123',
  userName: 'ada',
  displayName: 'Ada Lovelace',
  active: true,
  emails: [{ value: 'ada@example.com', type: 'work' as const, primary: true }],
  name: { familyName: 'Lovelace', givenName: 'Ada' },
};

describe('scim.users.create (POST /scim/v2/Users)', () => {
  it('sends a SCIM user Prism accepts (schemas defaulted) and returns the 201 example', async () => {
    const user: ScimUser = await workforce.scim.users.create(ada);
    expectAcceptedByPrism(201);
    expect(user).toEqual(example('createScimUser', '201'));
  });
  declaredErrors('createScimUser', (client, options) => client.scim.users.create(ada, options));
});

describe('scim.users.list / listPage (GET /scim/v2/Users)', () => {
  it('iterates the example list response with a filter, always sending count', async () => {
    const users = await workforce.scim.users
      .list({ filter: scimUserFilter.userName.eq('ada').or(scimUserFilter.externalId.ne('x')) })
      .toArray();
    expectAcceptedByPrism();
    expect(users).toEqual(example<ScimUserPage>('listScimUsers').Resources);
  });
  it('listPage returns the typed list response', async () => {
    const page = await workforce.scim.users.listPage({ count: 2, startIndex: 1 });
    expectAcceptedByPrism();
    expect(page).toEqual(example('listScimUsers'));
  });
  declaredErrors('listScimUsers', (client, options) => client.scim.users.listPage({}, options));
});

describe('scim.users.get (GET /scim/v2/Users/{user_id})', () => {
  it('returns the example user', async () => {
    expect(await workforce.scim.users.get(ADA)).toEqual(example('getScimUser'));
    expectAcceptedByPrism();
  });
  it('a 404 carries the SCIM error object', async () => {
    const error = await workforce.scim.users
      .get(ADA, { headers: { Prefer: 'code=404' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).scim?.detail).toContain('not found');
  });
  declaredErrors('getScimUser', (client, options) => client.scim.users.get(ADA, options));
});

describe('scim.serviceProviderConfig (GET /scim/v2/ServiceProviderConfig)', () => {
  it('returns the published configuration', async () => {
    const config: ScimServiceProviderConfig = await workforce.scim.serviceProviderConfig();
    expectAcceptedByPrism();
    expect(config).toEqual(example('getScimServiceProviderConfig'));
    expect(config.filter.maxResults).toBe(1000);
  });
  declaredErrors('getScimServiceProviderConfig', (client, options) =>
    client.scim.serviceProviderConfig(options),
  );
});
