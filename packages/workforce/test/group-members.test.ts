// addUsers / removeUsers: any number of ids, deduplicated, sent in chunks of at most 1000.
import { staticToken } from '@x/auth';
import { BatchError, NotFoundError, ValidationError } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
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

describe('groups.addUsers', () => {
  it('sends 2500 ids with duplicates as 3 requests of at most 1000 unique ids', async () => {
    const workforce = await clientFor();
    const group = await workforce.groups.addUsers('group-1', ids);
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

  it('a failing second chunk gives BatchError with what succeeded and what is pending', async () => {
    const workforce = await clientFor(2);
    const error = await workforce.groups.addUsers('group-1', ids).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    const batch = error as BatchError;
    expect(batch.chunkIndex).toBe(1);
    expect(batch.succeededIds).toEqual(unique.slice(0, 1000));
    expect(batch.failedIds).toEqual(unique.slice(1000, 2000));
    expect(batch.pendingIds).toEqual(unique.slice(2000));
    expect(batch.cause).toBeInstanceOf(NotFoundError);
    expect((batch.cause as NotFoundError).resourceInfo?.id).toBe('group-1');
    expect(server!.requests).toHaveLength(2);
  });

  it('removeUsers posts to :deleteUsers', async () => {
    const workforce = await clientFor();
    await workforce.groups.removeUsers('group-1', ['a', 'b', 'a']);
    expect(server!.requests[0]!.url.pathname).toBe('/v2/groups/group-1:deleteUsers');
    expect(server!.requests[0]!.body).toEqual({ id: 'group-1', user_ids: ['a', 'b'] });
  });

  it('refuses bad ids before sending anything', async () => {
    const workforce = await clientFor();
    await expect(workforce.groups.addUsers('group-1', [])).rejects.toThrow(
      /userIds: must hold at least one id/,
    );
    await expect(workforce.groups.addUsers('group-1', ['a', ''])).rejects.toThrow(/userIds\[1\]/);
    await expect(workforce.groups.addUsers('', ['a'])).rejects.toThrow(ValidationError);
    await expect(workforce.groups.addUsers('g', 'a' as never)).rejects.toThrow(
      /userIds: must be an array/,
    );
    expect(server!.requests).toHaveLength(0);
  });
});
