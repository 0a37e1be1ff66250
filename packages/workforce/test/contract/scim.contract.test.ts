import { NotFoundError } from '@x/runtime';
import {
  type ScimServiceProviderConfig,
  type ScimUser,
  type ScimUserList,
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
  it('sends the enterprise extension', async () => {
    await workforce.scim.users.create({
      ...ada,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: '000123' },
    });
    expectAcceptedByPrism(201);
  });
  declaredErrors('createScimUser', (client, options) => client.scim.users.create(ada, options));
});

describe('scim.users.list (GET /scim/v2/Users)', () => {
  it('iterates the example list response with a filter, always sending count', async () => {
    const users = await workforce.scim.users
      .list({ filter: scimUserFilter.userName.eq('ada').or(scimUserFilter.externalId.ne('x')) })
      .toArray();
    expectAcceptedByPrism();
    expect(users).toEqual(example<ScimUserList>('listScimUsers').Resources);
  });
  it('await list() returns the typed list response', async () => {
    const page = await workforce.scim.users.list({ count: 2, startIndex: 1 });
    expectAcceptedByPrism();
    expect(page.raw).toEqual(example('listScimUsers'));
  });
  declaredErrors('listScimUsers', async (client, options) => client.scim.users.list({}, options));
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

describe('scim.users.replace (PUT /scim/v2/Users/{user_id})', () => {
  it('sends the complete user Prism accepts and returns the replaced user', async () => {
    const user = await workforce.scim.users.replace(ADA, {
      ...ada,
      displayName: 'Ada King',
      name: { familyName: 'King', givenName: 'Ada' },
    });
    expectAcceptedByPrism();
    expect(user).toEqual(example('replaceScimUser'));
  });
  it('a user read back can be replaced: its read-only attributes are left out', async () => {
    const read = example<ScimUser>('getScimUser');
    await workforce.scim.users.replace(ADA, {
      ...read,
      // What a read-back user leaves open: the request side is closed and complete.
      schemas: undefined,
      externalId: read.externalId ?? 'crm-000123',
      userName: read.userName ?? 'ada',
      displayName: read.displayName ?? 'Ada Lovelace',
      emails: read.emails ?? [],
    });
    expectAcceptedByPrism();
  });
  declaredErrors('replaceScimUser', (client, options) =>
    client.scim.users.replace(ADA, ada, options),
  );
});

describe('scim.users.patch (PATCH /scim/v2/Users/{user_id})', () => {
  it('sends the PatchOp message Prism accepts', async () => {
    const user = await workforce.scim.users.patch(ADA, [
      { op: 'replace', value: { active: false } },
    ]);
    expectAcceptedByPrism();
    expect(user).toEqual(example('updateScimUser'));
    expect(user.active).toBe(false);
  });
  declaredErrors('updateScimUser', (client, options) =>
    client.scim.users.patch(ADA, [{ op: 'add', path: 'name', value: { name: {} } }], options),
  );
});

describe('scim.users.delete (DELETE /scim/v2/Users/{user_id})', () => {
  it('resolves with nothing on the 204', async () => {
    await expect(workforce.scim.users.delete(ADA)).resolves.toBeUndefined();
    expectAcceptedByPrism(204);
  });
  declaredErrors('deleteScimUser', (client, options) => client.scim.users.delete(ADA, options));
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

describe('scim.resourceTypes (GET /scim/v2/ResourceTypes)', () => {
  it('returns the user and group resource types', async () => {
    const types = await workforce.scim.resourceTypes();
    expectAcceptedByPrism();
    expect(types).toEqual(example('listScimResourceTypes'));
    expect(types.Resources.map((type) => type.endpoint)).toEqual(['/Users', '/Groups']);
  });
  declaredErrors('listScimResourceTypes', (client, options) => client.scim.resourceTypes(options));
});

describe('scim.schemas (GET /scim/v2/Schemas)', () => {
  it('returns the schemas', async () => {
    const schemas = await workforce.scim.schemas();
    expectAcceptedByPrism();
    expect(schemas).toEqual(example('listScimSchemas'));
    expect(schemas.Resources[0]?.attributes[0]?.name).toBe('userName');
  });
  declaredErrors('listScimSchemas', (client, options) => client.scim.schemas(options));
});
