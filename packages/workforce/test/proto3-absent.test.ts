// The platform's JSON is proto3 JSON, which leaves empty lists and zero numbers out: the SDK reads
// an absent list as empty and an absent `total_size` as no total.
import { staticToken } from '@x/auth';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientAnswering(body: unknown) {
  server = await startJsonFake(() => ({ status: 200, body }));
  return createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
}

describe('absent zero values', () => {
  it("a passkey's tags sent as `{}` are no tags", async () => {
    const workforce = await clientAnswering({});
    expect(await workforce.passkeys.tags.get('pk-1')).toEqual([]);
  });

  it('a list page sent as `{}` is an empty list, after one request', async () => {
    const workforce = await clientAnswering({});
    expect(await workforce.users.list().toArray()).toEqual([]);
    expect(server!.requests).toHaveLength(1);
  });
});
