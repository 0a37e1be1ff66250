// Recovering from a failed batch end to end: a server that keeps a group's members as a set fails
// the second chunk of a 2500-id addMembers once; retrying `error.batch.notAppliedIds` leaves every
// id a member. (Retrying `pendingIds`, as the README once showed, leaves the failed chunk out.)
import { staticToken } from '@x/auth';
import { type SdkError, ServerError } from '@x/runtime';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ids = Array.from({ length: 2500 }, (_, i) => `user-${i}`);

/** A group whose `:addUsers` adds to a set; the request numbered `failing` answers 500 once. */
async function groupServer(failing: number) {
  const members = new Set<string>();
  server = await startJsonFake((request) => {
    if (server!.requests.length === failing)
      return { status: 500, body: { code: 'internal', message: 'try again' } };
    for (const id of (request.body as { user_ids: string[] }).user_ids) members.add(id);
    return { body: { id: 'group-1', name: 'g', member_count: members.size } };
  });
  const workforce = createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
  return { workforce, members };
}

async function failedBatch(workforce: ReturnType<typeof createWorkforceClient>) {
  const error = await workforce.groups.members.add('group-1', ids).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServerError);
  return (error as SdkError).batch!;
}

describe('batch recovery through groups.addMembers', () => {
  it('retrying notAppliedIds makes every id a member', async () => {
    const { workforce, members } = await groupServer(2);
    const batch = await failedBatch(workforce);
    expect(members.size).toBe(1000);
    expect(batch.notAppliedIds).toEqual(ids.slice(1000));
    await workforce.groups.members.add('group-1', [...batch.notAppliedIds]);
    expect([...members].sort()).toEqual([...ids].sort());
    expect(server!.requests).toHaveLength(2 + 2);
  });

  it('retrying pendingIds alone would leave the failed chunk out', async () => {
    const { workforce, members } = await groupServer(2);
    const batch = await failedBatch(workforce);
    await workforce.groups.members.add('group-1', [...batch.pendingIds]);
    expect(members.size).toBe(ids.length - 1000);
    expect(batch.chunkIds.some((id) => members.has(id))).toBe(false);
  });
});
