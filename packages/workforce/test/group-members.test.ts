// addMembers / removeMembers: any number of ids, deduplicated, sent in chunks of at most 1000; a
// failed chunk is the API error itself (instanceof works), with `batch` saying what was done.
import { staticToken } from '@x/auth';
import { ConflictError, NotFoundError, ValidationError } from '@x/runtime';
import { type JsonAnswer, type JsonFake, type JsonRequest, startJsonFake } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ids = Array.from({ length: 2500 }, (_, i) => `user-${i % 2200}`); // 300 duplicates
const unique = [...new Set(ids)];

async function clientFor(failOnRequest?: number) {
  server = await startJsonFake((request) => {
    const n = server!.requests.length;
    if (n === failOnRequest)
      return {
        status: 404,
        body: {
          code: 'not_found',
          message: 'resource not found',
          details: [{ type: 'ResourceInfo', resource_type: 'group', id: 'group-1' }],
        },
      };
    const body = request.body as { user_ids: string[] };
    return { body: { id: 'group-1', name: `after-${n}`, member_count: body.user_ids.length } };
  });
  return createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
}

describe('groups.addMembers', () => {
  it('sends 2500 ids with duplicates as 3 requests of at most 1000 unique ids', async () => {
    const workforce = await clientFor();
    const group = await workforce.groups.members.add('group-1', ids);
    const requests = server!.requests;
    expect(requests).toHaveLength(3);
    const sent = requests.map((r) => (r.body as { id: string; user_ids: string[] }).user_ids);
    expect(sent.map((chunk) => chunk.length)).toEqual([1000, 1000, 200]);
    expect(sent.flat()).toEqual(unique);
    for (const r of requests) {
      expect(r.method).toBe('POST');
      expect(r.url.pathname).toBe('/v2/groups/group-1:addUsers');
      expect((r.body as { id: string }).id).toBe('group-1');
    }
    expect(group.name).toBe('after-3');
  });

  it('a failing second chunk is the NotFoundError, with what succeeded and what is pending', async () => {
    const workforce = await clientFor(2);
    const error = await workforce.groups.members.add('group-1', ids).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const batch = (error as NotFoundError).batch!;
    expect(batch.chunkIndex).toBe(1);
    expect(batch.chunkCount).toBe(3);
    expect(batch.succeededIds).toEqual(unique.slice(0, 1000));
    expect(batch.chunkIds).toEqual(unique.slice(1000, 2000));
    expect(batch.pendingIds).toEqual(unique.slice(2000));
    expect((error as NotFoundError).resourceInfo?.id).toBe('group-1');
    expect(server!.requests).toHaveLength(2);
  });

  it('removeMembers posts to :deleteUsers', async () => {
    const workforce = await clientFor();
    await workforce.groups.members.remove('group-1', ['a', 'b', 'a']);
    expect(server!.requests[0]!.url.pathname).toBe('/v2/groups/group-1:deleteUsers');
    expect(server!.requests[0]!.body).toEqual({ id: 'group-1', user_ids: ['a', 'b'] });
  });

  it('refuses bad ids before sending anything', async () => {
    const workforce = await clientFor();
    await expect(workforce.groups.members.add('group-1', [])).rejects.toThrow(
      /userIds: must hold at least one id/,
    );
    await expect(workforce.groups.members.add('group-1', ['a', ''])).rejects.toThrow(
      /userIds\[1\]/,
    );
    await expect(workforce.groups.members.add('', ['a'])).rejects.toThrow(ValidationError);
    await expect(workforce.groups.members.add('g', 'a' as never)).rejects.toThrow(
      /userIds: must be an array/,
    );
    expect(server!.requests).toHaveLength(0);
  });

  it('the deprecated addUsers, removeUsers and listUsers do what their successors do', async () => {
    const workforce = await clientFor();
    await workforce.groups.addUsers('group-1', ['a']);
    await workforce.groups.removeUsers('group-1', ['a']);
    expect(server!.requests.map((r) => r.url.pathname)).toEqual([
      '/v2/groups/group-1:addUsers',
      '/v2/groups/group-1:deleteUsers',
    ]);
    await expect(workforce.groups.listUsers('group-1', { page_size: 0 })).rejects.toThrow(
      /page_size/,
    );
  });
});

/** A stateful SCIM group fake: PATCH operations applied to one group, 409 from request `failAt`. */
function scimGroupServer(failAt?: number) {
  const members = new Set<string>();
  const group = () => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    id: 'g-1',
    displayName: 'Engineering',
    members: [...members].map((value) => ({ value, type: 'User' })),
    meta: {
      resourceType: 'Group',
      created: '2026-10-05T08:20:00Z',
      lastModified: '2026-10-05T08:20:00Z',
      location: 'Groups/g-1',
      version: 'W/"1"',
    },
  });
  return (request: JsonRequest): JsonAnswer => {
    if (server!.requests.length === failAt)
      return {
        status: 409,
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
          status: '409',
          detail: 'conflict',
        },
      };
    const { Operations } = request.body as {
      Operations: { op: string; value: { members: { value: string }[] } }[];
    };
    for (const { op, value } of Operations)
      for (const { value: id } of value.members)
        if (op === 'add') members.add(id);
        else members.delete(id);
    return { body: group() };
  };
}

describe('scim.groups.addMembers / removeMembers', () => {
  it('add: one operation per request of at most 1000 unique ids; remove: one operation per id', async () => {
    server = await startJsonFake(scimGroupServer());
    const workforce = createWorkforceClient({ baseUrl: server.url, retry: false });
    const added = await workforce.scim.groups.addMembers('g-1', ids);
    expect(added.members).toHaveLength(unique.length);
    const adds = server.requests.map(
      (r) =>
        r.body as {
          schemas: string[];
          Operations: {
            op: string;
            path: string;
            value: { members: { value: string; type: string }[] };
          }[];
        },
    );
    expect(adds.map((body) => body.Operations.length)).toEqual([1, 1, 1]);
    expect(adds.map((body) => body.Operations[0]!.value.members.length)).toEqual([1000, 1000, 200]);
    expect(adds[0]!.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:PatchOp']);
    expect(adds[0]!.Operations[0]).toMatchObject({ op: 'add', path: 'members' });
    expect(adds[0]!.Operations[0]!.value.members[0]).toEqual({ value: 'user-0', type: 'User' });

    server.requests.length = 0;
    const left = await workforce.scim.groups.removeMembers('g-1', unique.slice(0, 1500));
    expect(left.members).toHaveLength(unique.length - 1500);
    const removes = server.requests.map(
      (r) => (r.body as { Operations: { op: string; value: { members: unknown[] } }[] }).Operations,
    );
    expect(removes.map((operations) => operations.length)).toEqual([1000, 500]);
    for (const operation of removes.flat()) {
      expect(operation.op).toBe('remove');
      expect(operation.value.members).toHaveLength(1);
    }
    for (const r of server.requests) {
      expect(r.method).toBe('PATCH');
      expect(r.url.pathname).toBe('/scim/v2/Groups/g-1');
    }
  });

  it('a failing chunk is the ConflictError itself, with the batch context', async () => {
    server = await startJsonFake(scimGroupServer(2));
    const workforce = createWorkforceClient({ baseUrl: server.url, retry: false });
    const error = await workforce.scim.groups.removeMembers('g-1', ids).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).scim?.detail).toBe('conflict');
    expect((error as ConflictError).batch).toMatchObject({
      chunkIndex: 1,
      chunkCount: 3,
      succeededIds: unique.slice(0, 1000),
      chunkIds: unique.slice(1000, 2000),
      pendingIds: unique.slice(2000),
    });
    expect(server.requests).toHaveLength(2);
  });
});
