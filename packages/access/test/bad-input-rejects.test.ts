// Bad input never throws from a call: every public method of the client and of a realm (its
// scopes opened: credentials, binding jobs, roles, tokens), given arguments a careless or untyped
// caller passes, returns; the refusal surfaces when the result is awaited or iterated (a list
// rejects on its first await or `next()`).
import { createAccessClient, ValidationError } from '@x/access';
import { publicCalls, refusalsOf } from '@x/testing';
import { describe, expect, it } from 'vitest';

const sent: unknown[] = [];
const options = (record: boolean) => ({
  baseUrl: 'http://127.0.0.1:9',
  tenantId: 't-1',
  retry: false as const,
  fetch: async (request: unknown) => {
    if (record) sent.push(request);
    throw new Error('not connected');
  },
});
const access = createAccessClient(options(true));
// The walk's client: junk that happens to be valid is sent, and fails to connect.
const walked = createAccessClient(options(false));

// What a careless caller passes: nothing, blank ids, nulls, out-of-range pages and options.
const JUNK: unknown[][] = [
  [],
  [''],
  [null],
  [{ page_size: -1 }],
  ['', { page_size: -1 }],
  ['x', { page_size: -1 }],
  ['x', 'y', { page_size: -1 }],
  ['x', null, null],
  ['x', {}, { maxPages: 0 }],
  ['x', [], { maxPages: 0 }],
];

// A rejected call nobody awaits must not be reported as unhandled; a list is not fetched.
const settle = (result: unknown) => {
  if (result instanceof Promise) result.catch(() => undefined);
};

describe('bad input rejects, never throws', () => {
  const calls = publicCalls(walked, {
    scopes: {
      realm: ['r-1'],
      'realm.credentials': ['i-1'],
      'realm.credentialBindingJobs': ['i-1'],
      'realm.roles': ['rs-1'],
      'realm.tokens': ['app-1'],
    },
    // The resources' private helpers (TypeScript-only privacy), not part of the API.
    internal: [
      'path',
      'jobPath',
      'identityPath',
      'groupPath',
      'rolePath',
      'parentPath',
      'change',
      'changeMembers',
      'of',
    ],
  });

  it('finds the public calls', () => {
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        'realms.list',
        'realm.groups.listMembers',
        'realm.credentials.list',
        'realm.roles.listScopes',
        'realm.ssoConfigs.listForGroup',
        'realm.scim.users.list',
      ]),
    );
  });

  it.each(calls.map((c) => [c.path, c] as const))('%s returns for any arguments', (_p, c) => {
    for (const args of JUNK) expect(() => settle(c.call(...args))).not.toThrow();
  });

  const realm = access.realm('r-1');
  it.each([
    ['realms.list', () => access.realms.list({ page_size: 201 })],
    ['realm.groups.list options', () => realm.groups.list({}, { limit: -1 })],
    ['realm.groups.listMembers', () => realm.groups.members.list('', {})],
    ['realm.groups.listRoles', () => realm.groups.roles.list('g', { resource_server_id: '' })],
    ['realm.identities.list', () => realm.identities.list({ page_token: '' })],
    ['realm.identities.listRoles', () => realm.identities.roles.list('i', { page_size: 0 })],
    ['realm.credentials.list', () => realm.identities.credentials.list('i', { skip: -1 })],
    [
      'realm.roles.listMembers',
      () => realm.resourceServers.roles.members.list('rs', 'r', { identities_skip: -1 }),
    ],
    ['realm.ssoConfigs.list', () => realm.ssoConfigs.list({ page_size: 1.5 })],
    [
      'realm.ssoConfigs.listIdentities',
      () => realm.ssoConfigs.identities.list('s', { page_size: 0 }),
    ],
    ['realm.applications.list', () => realm.applications.list({ page_size: 101 })],
    ['realm.scim.users.list', () => realm.scim.users.list({ count: -1 })],
    [
      'realm.groups.members.add(',
      () => realm.groups.members.add('g', { identityIds: [''] } as never),
    ],
  ])('%s rejects with ValidationError on await and on for await', async (name, call) => {
    expect(() => settle(call())).not.toThrow();
    await expect(call()).rejects.toBeInstanceOf(ValidationError);
    const { awaited, iterated } = await refusalsOf(call);
    expect(awaited).toBeInstanceOf(ValidationError);
    // A batch (its row's name ends with `(`) is a promise, not a list: only lists are iterated.
    if (!name.endsWith('(')) expect(iterated).toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});
