// `operationCatalog` and `deriveEntry`: an operation's call derived from its spec facts and one
// description follows the SDK's convention (path ids in path order less the client's and the
// scope's, then the body or its one member, then a list's params, then the options with the
// headers it takes), refuses what it would not send, and takes its effect from the HTTP method;
// a property test checks the ids passed for any path and scope.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index.js';
import {
  type ClientShape,
  deriveEntry,
  effectOf,
  type OperationFacts,
  operationCatalog,
} from '../src/internal.js';

const facts = (over: Partial<OperationFacts>): OperationFacts => ({
  method: 'get',
  path: '/x',
  pathParams: [],
  serverVariables: [],
  query: [],
  header: [],
  body: null,
  ...over,
});
const SHAPE: ClientShape = {
  scopes: { realm: 'realm_id' },
  fixed: ['tenant_id'],
  headerOptions: { 'x-correlation_id': 'correlationId' },
};

/** A client that records each call: where it went, with which arguments. */
function recordingClient() {
  const calls: { at: string; args: unknown[] }[] = [];
  const method = (at: string, result: (args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      calls.push({ at, args });
      return result(args);
    };
  const resolved = (args: unknown[]) => Promise.resolve({ args });
  const paginator = (args: unknown[]) => ({ args });
  const realm = (id: unknown) => ({
    groups: {
      get: method(`realm(${String(id)}).groups.get`, resolved),
      create: method(`realm(${String(id)}).groups.create`, resolved),
      list: method(`realm(${String(id)}).groups.list`, paginator),
      members: { add: method(`realm(${String(id)}).groups.members.add`, resolved) },
    },
  });
  const client = {
    realm: method('realm', (args) => realm(args[0])),
    realms: { get: method('realms.get', resolved) },
  };
  return { client, calls };
}
type Call = (client: unknown, args: object, options: object) => Promise<unknown>;
type List = (client: unknown, args: object, options: object) => unknown;
const callOf = (entry: object) => (entry as { call: Call }).call;
const listOf = (entry: object) => (entry as { list: List }).list;

describe('deriveEntry', () => {
  it('passes the path ids in path order, less the fixed ones and those a scope consumed', async () => {
    const { client, calls } = recordingClient();
    const getGroup = deriveEntry(
      facts({ pathParams: ['tenant_id', 'realm_id', 'group_id'] }),
      SHAPE,
      { resource: ['realm', 'groups'], method: 'get' },
    );
    await callOf(getGroup)(client, { path: { tenant_id: 't', realm_id: 'r', group_id: 'g' } }, {});
    // Without the scope in its SDK path, the realm's id is an argument like any other.
    const getRealm = deriveEntry(facts({ pathParams: ['tenant_id', 'realm_id'] }), SHAPE, {
      resource: ['realms'],
      method: 'get',
    });
    await callOf(getRealm)(client, { path: { tenant_id: 't', realm_id: 'r' } }, { timeoutMs: 5 });
    expect(calls).toEqual([
      { at: 'realm', args: ['r'] },
      { at: 'realm(r).groups.get', args: ['g', {}] },
      { at: 'realms.get', args: ['r', { timeoutMs: 5 }] },
    ]);
  });

  it('passes the body’s one member, a named member, or the whole body', async () => {
    const { client, calls } = recordingClient();
    const path = { realm_id: 'r', group_id: 'g' };
    const one = deriveEntry(
      facts({ method: 'post', pathParams: ['realm_id'], body: ['group'] }),
      SHAPE,
      { resource: ['realm', 'groups'], method: 'create' },
    );
    await callOf(one)(client, { path, body: { group: { name: 'a' } } }, {});
    const named = deriveEntry(
      facts({ method: 'post', pathParams: ['realm_id', 'group_id'], body: ['id', 'ids'] }),
      SHAPE,
      {
        resource: ['realm', 'groups'],
        method: 'addMembers',
        sdk: 'realm.groups.members.add',
        body: 'ids',
      },
    );
    await callOf(named)(client, { path, body: { id: 'x', ids: ['i'] } }, {});
    const whole = deriveEntry(
      facts({ method: 'post', pathParams: ['realm_id'], body: ['a', 'b'] }),
      SHAPE,
      { resource: ['realm', 'groups'], method: 'create' },
    );
    await callOf(whole)(client, { path, body: { a: 1, b: 2 } }, {});
    // An empty body is the SDK's to send: no argument.
    const empty = deriveEntry(
      facts({ method: 'post', pathParams: ['realm_id', 'group_id'], body: [] }),
      SHAPE,
      {
        resource: ['realm', 'groups'],
        method: 'get',
      },
    );
    await callOf(empty)(client, { path, body: {} }, {});
    expect(calls.filter((c) => c.at !== 'realm').map((c) => c.args)).toEqual([
      [{ name: 'a' }, {}],
      ['g', ['i'], {}],
      [{ a: 1, b: 2 }, {}],
      ['g', {}],
    ]);
  });

  it('gives a list its params from the wire query and refuses a key the spec does not have', () => {
    const { client, calls } = recordingClient();
    const list = deriveEntry(
      facts({ pathParams: ['realm_id'], query: ['page_size', 'page_token'] }),
      SHAPE,
      { resource: ['realm', 'groups'], method: 'list' },
    );
    expect(list.effect).toBe('read');
    expect(
      listOf(list)(
        client,
        { path: { realm_id: 'r' }, query: { page_size: 2, page_token: undefined } },
        {},
      ),
    ).toEqual({
      args: [{ page_size: 2 }, {}],
    });
    expect(() =>
      listOf(list)(client, { path: { realm_id: 'r' }, query: { order_by: 'x' } }, {}),
    ).toThrow(/^order_by: is a query parameter this SDK version does not send/);
    expect(calls.filter((c) => c.at !== 'realm')).toHaveLength(1);
  });

  it('rejects a call given a query parameter its method does not take, before sending', async () => {
    const { client, calls } = recordingClient();
    const get = deriveEntry(
      facts({ pathParams: ['realm_id', 'group_id'], query: ['filter'] }),
      SHAPE,
      {
        resource: ['realm', 'groups'],
        method: 'get',
      },
    );
    const result = callOf(get)(
      client,
      { path: { realm_id: 'r', group_id: 'g' }, query: { filter: 'x' } },
      {},
    );
    await expect(result).rejects.toThrow(ValidationError);
    await expect(result).rejects.toThrow(/^filter:/);
    expect(calls.filter((c) => c.at !== 'realm')).toEqual([]);
  });

  it('turns a header the SDK takes as an option into that option, and refuses any other', async () => {
    const { client, calls } = recordingClient();
    const get = deriveEntry(
      facts({ pathParams: ['realm_id', 'group_id'], header: ['x-correlation_id', 'x-other'] }),
      SHAPE,
      { resource: ['realm', 'groups'], method: 'get' },
    );
    const path = { realm_id: 'r', group_id: 'g' };
    await callOf(get)(client, { path, header: { 'x-correlation_id': 'case-1' } }, { timeoutMs: 1 });
    await expect(callOf(get)(client, { path, header: { 'x-other': 'v' } }, {})).rejects.toThrow(
      /^x-other: is a header/,
    );
    expect(calls.filter((c) => c.at !== 'realm').map((c) => c.args)).toEqual([
      ['g', { timeoutMs: 1, correlationId: 'case-1' }],
    ]);
  });

  it('takes the effect from the HTTP method unless the description gives it, and keeps unwrap', () => {
    expect([effectOf('GET'), effectOf('delete'), effectOf('post'), effectOf('patch')]).toEqual([
      'read',
      'destructive',
      'write',
      'write',
    ]);
    const described = { resource: ['realm', 'groups'], method: 'get' } as const;
    expect(deriveEntry(facts({ method: 'post' }), SHAPE, described).effect).toBe('write');
    expect(
      deriveEntry(facts({ method: 'post' }), SHAPE, { ...described, effect: 'destructive' }).effect,
    ).toBe('destructive');
    expect(deriveEntry(facts({}), SHAPE, { ...described, unwrap: 'tags' })).toMatchObject({
      resource: ['realm', 'groups'],
      method: 'get',
      unwrap: 'tags',
    });
  });
});

describe('operationCatalog', () => {
  it('derives the described entries and keeps those written by hand, in the given order', () => {
    interface Ops {
      getItem: {
        parameters: { path: { item_id: string } };
        responses: { 200: { content: { 'application/json': { id: string } } } };
      };
      deleteItem: {
        parameters: { path: { item_id: string } };
        responses: { 204: { content?: never } };
      };
    }
    interface Client {
      items: { get(id: string, options?: object): Promise<{ id: string }> };
    }
    const FACTS = {
      getItem: facts({ pathParams: ['item_id'] }),
      deleteItem: facts({ method: 'delete', pathParams: ['item_id'] }),
      issueToken: facts({ method: 'post' }),
    };
    const byHand = {
      effect: 'destructive',
      resource: ['items'],
      method: 'delete',
      call: async () => undefined,
    } as const;
    const catalog = operationCatalog<Client, Ops>()(
      FACTS,
      { scopes: {}, fixed: [], headerOptions: {} },
      { deleteItem: byHand, getItem: { resource: ['items'], method: 'get' } },
    );
    expect(Object.keys(catalog)).toEqual(['deleteItem', 'getItem']);
    expect(catalog.deleteItem).toBe(byHand);
    expect(catalog.getItem).toMatchObject({ effect: 'read', resource: ['items'], method: 'get' });
  });
});

describe('deriveEntry, for any path and SDK path', () => {
  const name = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
  it('passes exactly the path ids that are neither fixed nor a scope’s, in path order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 0, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        (pathParams, fixedFlags, underScope) => {
          const fixed = pathParams.filter((_, i) => fixedFlags[i]);
          const scopeId = pathParams.find((p) => !fixed.includes(p));
          const shape: ClientShape = {
            scopes: scopeId === undefined ? {} : { scope: scopeId },
            fixed,
            headerOptions: {},
          };
          const seen: unknown[][] = [];
          const verb = (...args: unknown[]) => {
            seen.push(args);
            return Promise.resolve();
          };
          const client = { scope: () => ({ things: { get: verb } }), things: { get: verb } };
          const sdk = underScope && scopeId !== undefined ? 'scope.things.get' : 'things.get';
          const entry = deriveEntry(facts({ pathParams }), shape, {
            resource: ['things'],
            method: 'get',
            sdk,
          });
          const path = Object.fromEntries(pathParams.map((p) => [p, `${p}-value`]));
          void callOf(entry)(client, { path }, {});
          const expected = pathParams
            .filter((p) => !fixed.includes(p) && !(sdk.startsWith('scope.') && p === scopeId))
            .map((p) => `${p}-value`);
          expect(seen).toEqual([[...expected, {}]]);
        },
      ),
    );
  });
});
