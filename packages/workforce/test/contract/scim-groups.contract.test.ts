import { type ScimGroup, type ScimGroupList, scimGroupFilter } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const ENGINEERING = '3a9c1e5b-7d2f-4b6a-8e0c-9f1d3b5a7c42';
const ADA = '5f0c6a1e-7c41-4d0e-9f5b-2f4a9d3c1b07';
const GRACE = '8b2e4d6f-3a5c-4e7b-9d1f-6c8a0b2e4f13';
const engineering = {
  displayName: 'Engineering',
  members: [{ value: ADA, type: 'User' as const }],
  'urn:scim:schemas:extension:vendor:1.0:Group': { description: 'Product engineering staff' },
};

describe('scim.groups.create (POST /scim/v2/Groups)', () => {
  it('sends a group with members and a description (schemas defaulted) Prism accepts', async () => {
    const group: ScimGroup = await workforce.scim.groups.create(engineering);
    expectAcceptedByPrism(201);
    expect(group).toEqual(example('createScimGroup', '201'));
  });
  it('a group without the extension names the core schema only', async () => {
    await workforce.scim.groups.create({ displayName: 'Finance' });
    expectAcceptedByPrism(201);
  });
  declaredErrors('createScimGroup', (client, options) =>
    client.scim.groups.create(engineering, options),
  );
});

describe('scim.groups.list (GET /scim/v2/Groups)', () => {
  it('iterates the example list response with a filter', async () => {
    const groups = await workforce.scim.groups
      .list({ filter: scimGroupFilter.displayName.eq('Engineering'), count: 10 })
      .toArray();
    expectAcceptedByPrism();
    expect(groups).toEqual(example<ScimGroupList>('listScimGroups').Resources);
  });
  it('await list() returns the typed list response', async () => {
    const page = await workforce.scim.groups.list({ startIndex: 1 });
    expectAcceptedByPrism();
    expect(page.raw).toEqual(example('listScimGroups'));
  });
  declaredErrors('listScimGroups', async (client, options) => client.scim.groups.list({}, options));
});

describe('scim.groups.get (GET /scim/v2/Groups/{group_id})', () => {
  it('returns the example group', async () => {
    expect(await workforce.scim.groups.get(ENGINEERING)).toEqual(example('getScimGroup'));
    expectAcceptedByPrism();
  });
  declaredErrors('getScimGroup', (client, options) => client.scim.groups.get(ENGINEERING, options));
});

describe('scim.groups.patch (PATCH /scim/v2/Groups/{group_id})', () => {
  it('a rename is one replace operation Prism accepts', async () => {
    const group = await workforce.scim.groups.patch(ENGINEERING, [
      { op: 'replace', value: { displayName: 'Platform Engineering' } },
    ]);
    expectAcceptedByPrism();
    expect(group).toEqual(example('updateScimGroup'));
  });
  it('adds several members in one operation and removes one per operation', async () => {
    await workforce.scim.groups.patch(ENGINEERING, [
      { op: 'add', path: 'members', value: { members: [{ value: ADA }, { value: GRACE }] } },
      { op: 'remove', path: 'members', value: { members: [{ value: ADA }] } },
    ]);
    expectAcceptedByPrism();
  });
  declaredErrors('updateScimGroup', (client, options) =>
    client.scim.groups.patch(
      ENGINEERING,
      [{ op: 'replace', value: { displayName: 'Platform' } }],
      options,
    ),
  );
});

describe('scim.groups.addMembers / removeMembers (PATCH /scim/v2/Groups/{group_id})', () => {
  it('addMembers sends one add operation Prism accepts', async () => {
    expect(await workforce.scim.groups.addMembers(ENGINEERING, [ADA, GRACE])).toEqual(
      example('updateScimGroup'),
    );
    expectAcceptedByPrism();
  });
  it('removeMembers sends one remove operation per member, which Prism accepts', async () => {
    await workforce.scim.groups.removeMembers(ENGINEERING, [ADA, GRACE]);
    expectAcceptedByPrism();
  });
  declaredErrors('updateScimGroup', (client, options) =>
    client.scim.groups.removeMembers(ENGINEERING, [ADA], options),
  );
});

describe('scim.groups.delete (DELETE /scim/v2/Groups/{group_id})', () => {
  it('resolves with nothing on the 204', async () => {
    await expect(workforce.scim.groups.delete(ENGINEERING)).resolves.toBeUndefined();
    expectAcceptedByPrism(204);
  });
  declaredErrors('deleteScimGroup', (client, options) =>
    client.scim.groups.delete(ENGINEERING, options),
  );
});
