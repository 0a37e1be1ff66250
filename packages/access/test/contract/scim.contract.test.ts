// Contract tests of a realm's SCIM server against Prism (see test/support/prism.ts). Prism serves
// the SCIM paths at its root, so the client's `scimBaseUrl` is Prism's URL. Rate limiting is off:
// a forced 429 says `RateLimit-Remaining: 0`, which would hold the next test's requests.
import { createAccessClient, type ScimUserCreate } from '@x/access';
import { staticToken } from '@x/auth';
import { describe, expect, it } from 'vitest';
import {
  type ContractCase,
  contractCases,
  example,
  prismUrl,
  recordingFetch,
  seen,
} from '../support/prism.js';

const access = createAccessClient({
  baseUrl: prismUrl,
  scimBaseUrl: prismUrl,
  tenantId: 'tenant-1',
  auth: staticToken('contract-test-token'),
  fetch: recordingFetch,
  rateLimit: false,
});
const scim = access.realm('realm-1').scim;

const scimPatch = (operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: operations,
});

/** The spec's request example: a user with the enterprise extension. */
const ada: ScimUserCreate = {
  externalId: 'hr-004211',
  userName: 'ada.lovelace',
  displayName: 'Ada Lovelace',
  active: true,
  emails: [{ value: 'ada@example.com', primary: true }],
  name: { familyName: 'Lovelace', givenName: 'Ada' },
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
    employeeNumber: '004211',
    department: 'Research',
    manager: { value: 'e2c8f5a1-9d4b-4f67-8e3a-1b6d0c7f2a59', displayName: 'Grace Hopper' },
  },
};

const cases: ContractCase[] = [
  // Users
  {
    operationId: 'createScimUser',
    run: (o) => scim.users.create({ userName: 'ada.lovelace', externalId: 'hr-004211' }, o),
    expected: () => example('createScimUser', '201'),
    request: {
      path: /\/Users$/,
      body: {
        userName: 'ada.lovelace',
        externalId: 'hr-004211',
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      },
    },
  },
  {
    operationId: 'listScimUsers',
    run: (o) =>
      scim.users
        .list({ filter: { attribute: 'userName', value: 'ada.lovelace' }, count: 10 }, o)
        .then((page) => page.raw),
    request: { path: /\/Users$/, query: { filter: 'userName eq "ada.lovelace"', count: '10' } },
  },
  {
    operationId: 'getScimUser',
    run: (o) => scim.users.get('u-1', o),
    request: { path: /\/Users\/u-1$/ },
  },
  {
    operationId: 'replaceScimUser',
    run: (o) => scim.users.replace('u-1', { userName: 'ada.lovelace', active: true }, o),
    request: {
      body: {
        userName: 'ada.lovelace',
        active: true,
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      },
    },
  },
  {
    operationId: 'patchScimUser',
    run: (o) => scim.users.patch('u-1', [{ op: 'replace', path: 'active', value: false }], o),
    request: { body: scimPatch([{ op: 'replace', path: 'active', value: false }]) },
  },
  {
    operationId: 'deleteScimUser',
    run: (o) => scim.users.delete('u-1', o),
    expected: () => undefined,
  },
  // Groups
  {
    operationId: 'createScimGroup',
    run: (o) => scim.groups.create({ displayName: 'Support agents' }, o),
    expected: () => example('createScimGroup', '201'),
    request: {
      body: {
        displayName: 'Support agents',
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      },
    },
  },
  {
    operationId: 'listScimGroups',
    run: (o) =>
      scim.groups
        .list({ filter: { operator: 'ne', value: 'Support' }, count: 5, startIndex: 2 }, o)
        .then((page) => page.raw),
    request: { query: { filter: 'displayName ne "Support"', count: '5', startIndex: '2' } },
  },
  {
    operationId: 'getScimGroup',
    run: (o) => scim.groups.get('g-1', o),
    request: { path: /\/Groups\/g-1$/ },
  },
  {
    operationId: 'patchScimGroup',
    run: (o) => scim.groups.rename('g-1', 'Tier 2', o),
    request: { body: scimPatch([{ op: 'replace', path: 'displayName', value: 'Tier 2' }]) },
  },
  {
    operationId: 'deleteScimGroup',
    run: (o) => scim.groups.delete('g-1', o),
    expected: () => undefined,
  },
  // Discovery
  { operationId: 'listScimResourceTypes', run: (o) => scim.resourceTypes(o) },
  { operationId: 'listScimSchemas', run: (o) => scim.schemas(o) },
  { operationId: 'getScimServiceProviderConfig', run: (o) => scim.serviceProviderConfig(o) },
];

describe('SCIM', () => contractCases(['SCIM'], cases));

describe('SCIM requests', () => {
  it('are sent as application/json, the enterprise extension named in schemas', async () => {
    await scim.users.create(ada);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({
      ...ada,
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
    });
    expect(seen[0]!.response.status).toBe(201);
  });

  it('the first page of each list equals the example, with its resources', async () => {
    const users = await scim.users.list({ count: 10 });
    expect(users.raw).toEqual(example('listScimUsers'));
    expect(users.items).toEqual((example('listScimUsers') as { Resources: unknown[] }).Resources);
    const groups = await scim.groups.list({ filter: { value: 'Support' } });
    expect(groups.items).toEqual((example('listScimGroups') as { Resources: unknown[] }).Resources);
  });

  it('a relative meta.location is read as it came', async () => {
    const user = await scim.users.get('u-1');
    expect(user.meta.location).toMatch(/^Users\//);
  });
});

describe('SCIM group member changes are separate PATCH requests', () => {
  it('addMembers sends one add of all members; removeMembers one remove per member', async () => {
    const added = await scim.groups.addMembers('g-1', ['u-1', 'u-2', 'u-1']);
    expect(added).toEqual(example('patchScimGroup'));
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual(
      scimPatch([{ op: 'add', path: 'members', value: [{ value: 'u-1' }, { value: 'u-2' }] }]),
    );
    seen.length = 0;
    await scim.groups.removeMembers('g-1', ['u-1', 'u-2']);
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      scimPatch([{ op: 'remove', path: 'members', value: [{ value: 'u-1' }] }]),
      scimPatch([{ op: 'remove', path: 'members', value: [{ value: 'u-2' }] }]),
    ]);
    for (const s of seen) expect(s.response.headers.get('sl-violations')).toBeNull();
  });

  it('a users list with ne on externalId builds the escaped filter', async () => {
    await scim.users.list({
      filter: { attribute: 'externalId', operator: 'ne', value: 'a"b\\c' },
      count: 1,
    });
    expect(seen[0]!.url.searchParams.get('filter')).toBe('externalId ne "a\\"b\\\\c"');
  });
});

describe('checks before sending', () => {
  it('refuses operations the server does not support, naming them', async () => {
    await expect(
      // @ts-expect-error: only add and replace are supported
      scim.users.patch('u-1', [{ op: 'remove', path: 'active' }]),
    ).rejects.toThrow(/^operations\[0\]\.op: /);
    await expect(
      scim.groups.patch('g-1', [
        { op: 'replace', path: 'displayName', value: 'Tier 3' },
        { op: 'add', path: 'members', value: [{ value: 'u-1' }] },
      ]),
    ).rejects.toThrow(/^operations: a name change and a member change must be separate requests/);
    expect(seen).toHaveLength(0);
  });
});
