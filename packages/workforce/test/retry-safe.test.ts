// Group membership adds and removes are set-like in the reference, so one 503 no longer fails a
// batch: the chunk is sent again. Creating a group (not set-like) is still sent once.
import { staticToken } from '@x/auth';
import { ServerError } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { WORKFORCE_RETRY_SAFE } from '@x/workforce/operations';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers 503 to the request numbered `failing` (1-based), a group otherwise. */
async function clientFailing(failing: number) {
  server = await startJsonFake(() =>
    server!.requests.length === failing
      ? { status: 503, body: { code: 'unavailable', message: 'try again' } }
      : { body: { id: 'group-1', name: 'g' } },
  );
  return createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: { baseDelayMs: 1 },
  });
}

const ids = Array.from({ length: 2500 }, (_, i) => `user-${i}`);

describe('retry-safe workforce operations', () => {
  it('lists exactly the set-like membership operations', () => {
    expect(WORKFORCE_RETRY_SAFE).toEqual([
      'POST /v2/groups/{group_id}:addUsers',
      'POST /v2/groups/{group_id}:deleteUsers',
    ]);
  });

  it('addMembers of 2500 ids survives a 503 on its second chunk', async () => {
    const workforce = await clientFailing(2);
    await workforce.groups.members.add('group-1', ids);
    const sent = server!.requests.map((r) => (r.body as { user_ids: string[] }).user_ids[0]);
    expect(sent).toEqual(['user-0', 'user-1000', 'user-1000', 'user-2000']);
  });

  it('removeMembers survives a 503', async () => {
    const workforce = await clientFailing(1);
    await workforce.groups.members.remove('group-1', ['user-1']);
    expect(server!.requests).toHaveLength(2);
  });

  it('creating a group is still sent once', async () => {
    const workforce = await clientFailing(1);
    await expect(workforce.groups.create({ name: 'g' })).rejects.toBeInstanceOf(ServerError);
    expect(server!.requests).toHaveLength(1);
  });
});
