// Sub-resources are reached one way, `parent.child.verb(parentId, …)`: the shared suite of
// @x/testing (each child verb sends under the parent it names, a bad parent id rejects naming it,
// each 0.2 method still works, reported once per client as a `deprecation` event) over workforce's
// tables, and the checks of its own children.
import { staticToken } from '@x/auth';
import { type ChildVerb, describeSubResources, type OldEntryPoint } from '@x/testing';
import { createWorkforceClient, ValidationError, type WorkforceClient } from '@x/workforce';
import { describe, expect, it } from 'vitest';

// Every child verb, the request it sends, and the argument naming its parent.
const VERBS: ChildVerb<WorkforceClient>[] = [
  ['users.groups.list', (w, p) => w.users.groups.list(p), 'GET /v2/users/P/groups', 'userId'],
  [
    'groups.members.add',
    (w, p) => w.groups.members.add(p, ['u-1']),
    'POST /v2/groups/P:addUsers',
    'groupId',
  ],
  [
    'groups.members.remove',
    (w, p) => w.groups.members.remove(p, ['u-1']),
    'POST /v2/groups/P:deleteUsers',
    'groupId',
  ],
  [
    'groups.members.list',
    (w, p) => w.groups.members.list(p),
    'GET /v2/groups/P:listUsers',
    'groupId',
  ],
  ['passkeys.tags.get', (w, p) => w.passkeys.tags.get(p), 'GET /v2/passkeys/P/tags', 'passkeyId'],
  [
    'passkeys.tags.replace',
    (w, p) => w.passkeys.tags.replace(p, ['corporate']),
    'PUT /v2/passkeys/P/tags',
    'passkeyId',
  ],
];

// Each 0.2 method, the call that replaces it, and the request both send.
const ALIASES: OldEntryPoint<WorkforceClient>[] = [
  [
    'users.listGroups',
    'users.groups.list',
    (w) => w.users.listGroups('u-1'),
    'GET /v2/users/u-1/groups',
  ],
  [
    'groups.addMembers',
    'groups.members.add',
    (w) => w.groups.addMembers('g-1', ['u-1']),
    'POST /v2/groups/g-1:addUsers',
  ],
  [
    'groups.removeMembers',
    'groups.members.remove',
    (w) => w.groups.removeMembers('g-1', ['u-1']),
    'POST /v2/groups/g-1:deleteUsers',
  ],
  [
    'groups.listMembers',
    'groups.members.list',
    (w) => w.groups.listMembers('g-1'),
    'GET /v2/groups/g-1:listUsers',
  ],
  [
    'groups.addUsers',
    'groups.members.add',
    (w) => w.groups.addUsers('g-1', ['u-1']),
    'POST /v2/groups/g-1:addUsers',
  ],
  [
    'groups.removeUsers',
    'groups.members.remove',
    (w) => w.groups.removeUsers('g-1', ['u-1']),
    'POST /v2/groups/g-1:deleteUsers',
  ],
  [
    'groups.listUsers',
    'groups.members.list',
    (w) => w.groups.listUsers('g-1'),
    'GET /v2/groups/g-1:listUsers',
  ],
  [
    'passkeys.getTags',
    'passkeys.tags.get',
    (w) => w.passkeys.getTags('p-1'),
    'GET /v2/passkeys/p-1/tags',
  ],
  [
    'passkeys.replaceTags',
    'passkeys.tags.replace',
    (w) => w.passkeys.replaceTags('p-1', []),
    'PUT /v2/passkeys/p-1/tags',
  ],
  [
    'passkeys.setTags',
    'passkeys.tags.replace',
    (w) => w.passkeys.setTags('p-1', []),
    'PUT /v2/passkeys/p-1/tags',
  ],
];

const fake = describeSubResources<WorkforceClient>({
  target: (baseUrl, onEvent) =>
    createWorkforceClient({ baseUrl, auth: staticToken('unit-token'), retry: false, onEvent }),
  validationError: ValidationError,
  verbs: VERBS,
  aliases: ALIASES,
  oldNames: 'methods',
});

describe('the children', () => {
  it('builds each child once, and withResponse() works on its calls', async () => {
    const { target: workforce } = await fake();
    expect(workforce.groups.members).toBe(workforce.groups.members);
    expect(workforce.users.groups).toBe(workforce.users.groups);
    expect(workforce.passkeys.tags).toBe(workforce.passkeys.tags);
    const { response } = await workforce.groups.members.add('g-1', ['u-1']).withResponse();
    expect(response.status).toBe(200);
    const { data } = await workforce.passkeys.tags.get('p-1').withResponse();
    expect(data).toEqual([]);
  });
});
