// Bad input never throws from a call: every public method of the client, given arguments a
// careless or untyped caller passes, returns; the refusal surfaces when the result is awaited or
// iterated (a list rejects on its first await or `next()`).
import { publicCalls, refusalsOf } from '@x/testing';
import { createWorkforceClient, ValidationError } from '@x/workforce';
import { describe, expect, it } from 'vitest';

const sent: unknown[] = [];
const workforce = createWorkforceClient({
  baseUrl: 'http://127.0.0.1:9',
  retry: false,
  fetch: async (request) => {
    sent.push(request);
    throw new Error('nothing should be sent');
  },
});
// The walk's client: junk that happens to be valid is sent, and fails to connect.
const walked = createWorkforceClient({
  baseUrl: 'http://127.0.0.1:9',
  retry: false,
  fetch: async () => {
    throw new Error('not connected');
  },
});

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
  // The resources' protected helpers (TypeScript-only protection), not part of the API.
  const calls = publicCalls(walked, { internal: ['at', 'change', 'changeMembers'] });

  it('finds the public calls', () => {
    const paths = calls.map((c) => c.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'users.list',
        'users.listGroups',
        'groups.listMembers',
        'groups.addMembers',
        'scim.groups.list',
      ]),
    );
  });

  it.each(calls.map((c) => [c.path, c] as const))('%s returns for any arguments', (_p, c) => {
    for (const args of JUNK) expect(() => settle(c.call(...args))).not.toThrow();
  });

  it.each([
    ['users.list', () => workforce.users.list({ page_size: 0 })],
    ['users.list options', () => workforce.users.list({}, { limit: -1 })],
    ['users.listGroups', () => workforce.users.groups.list('', {})],
    ['groups.list', () => workforce.groups.list({ skip: -1 })],
    ['groups.listMembers', () => workforce.groups.members.list('g', { page_size: 1001 })],
    ['passkeys.list', () => workforce.passkeys.list({ filter: 42 as never })],
    ['scim.users.list', () => workforce.scim.users.list({ count: 0 })],
    ['scim.groups.list', () => workforce.scim.groups.list({ startIndex: 0 })],
    ['groups.addMembers(', () => workforce.groups.members.add('g', [''])],
  ])('%s rejects with ValidationError on await and on for await', async (name, call) => {
    expect(() => settle(call())).not.toThrow();
    await expect(call()).rejects.toBeInstanceOf(ValidationError);
    const { awaited, iterated } = await refusalsOf(call);
    expect(awaited).toBeInstanceOf(ValidationError);
    // A batch is a promise, not a list: only lists are iterated.
    if (!name.includes('Members(')) expect(iterated).toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});
