// Sub-resources are reached one way, `parent.child.verb(parentId, …)`: each child verb sends its
// request under the parent it names, a bad parent id rejects the call (never a synchronous throw)
// naming the argument, and 0.2's methods still work, each reported once per client as a
// `deprecation` event.
import { staticToken } from '@x/auth';
import type { ClientEvent } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient, ValidationError, type WorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client on a fake answering `{}` to everything, with the requests and events it saw. */
async function fake() {
  const sent: string[] = [];
  server = await startJsonFake(({ method, url }) => {
    sent.push(`${method} ${url.pathname}`);
    return { status: 200, body: {} };
  });
  const events: ClientEvent[] = [];
  const client = (): WorkforceClient =>
    createWorkforceClient({
      baseUrl: server!.url,
      auth: staticToken('unit-token'),
      retry: false,
      onEvent: (event) => events.push(event),
    });
  const deprecations = () =>
    events.flatMap((e) => (e.type === 'deprecation' ? [`${e.name} -> ${e.replacement}`] : []));
  return { workforce: client(), client, sent, deprecations };
}

// Every child verb, the request it sends, and the argument naming its parent.
const VERBS: [
  string,
  (w: WorkforceClient, parent: string) => PromiseLike<unknown>,
  string,
  string,
][] = [
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

describe('parent.child.verb(parentId, …)', () => {
  it.each(VERBS)('%s sends its request under the parent it names', async (_n, call, request) => {
    const { workforce, sent } = await fake();
    await call(workforce, 'p-1');
    expect(sent).toEqual([request.replace('/P', '/p-1')]);
  });

  it.each(VERBS)('%s rejects a blank parent id, naming it', async (_n, call, _r, argument) => {
    const { workforce, sent } = await fake();
    for (const bad of ['', ' ', undefined, 7]) {
      let result: PromiseLike<unknown> | undefined;
      expect(() => {
        result = call(workforce, bad as never);
      }).not.toThrow();
      const error = await Promise.resolve(result).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(argument);
    }
    expect(sent).toEqual([]);
  });

  it('builds each child once, and withResponse() works on its calls', async () => {
    const { workforce } = await fake();
    expect(workforce.groups.members).toBe(workforce.groups.members);
    expect(workforce.users.groups).toBe(workforce.users.groups);
    expect(workforce.passkeys.tags).toBe(workforce.passkeys.tags);
    const { response } = await workforce.groups.members.add('g-1', ['u-1']).withResponse();
    expect(response.status).toBe(200);
    const { data } = await workforce.passkeys.tags.get('p-1').withResponse();
    expect(data).toEqual([]);
  });
});

// Each 0.2 method, the call that replaces it, and the request both send.
const ALIASES: [string, string, (w: WorkforceClient) => PromiseLike<unknown>, string][] = [
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

describe("0.2's methods", () => {
  it.each(ALIASES)(
    '%s still works, reported once per client as a deprecation naming %s',
    async (name, replacement, call, request) => {
      const { workforce, client, sent, deprecations } = await fake();
      await call(workforce);
      await call(workforce);
      expect(sent).toEqual([request, request]);
      expect(deprecations()).toEqual([`${name} -> ${replacement}`]);
      const other = client();
      await call(other);
      await call(other);
      expect(deprecations()).toEqual([`${name} -> ${replacement}`, `${name} -> ${replacement}`]);
    },
  );

  it('the new calls report nothing', async () => {
    const { workforce, deprecations } = await fake();
    for (const [, call] of VERBS) await call(workforce, 'p-1');
    expect(deprecations()).toEqual([]);
  });
});
