import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { BatchError, ConflictError } from '@x/runtime';
import { type JsonHandler, startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fake(handler: JsonHandler) {
  const server = await startJsonFake(handler);
  close = server.close;
  const access = createAccessClient({
    baseUrl: server.url,
    tenantId: 't-1',
    auth: staticToken('unit-test-token'),
    retry: false,
  });
  return { ...server, realm: access.realm('r-1') };
}

/** 2500 ids where every tenth repeats an earlier one: 2250 unique ids. */
const idsWithDuplicates = Array.from({ length: 2500 }, (_, i) =>
  i % 10 === 9 ? `id-${i - 9}` : `id-${i}`,
);
const uniqueCount = new Set(idsWithDuplicates).size;

describe('identities.batchDelete', () => {
  it('removes duplicates and sends chunks of at most 1000 unique ids, in order', async () => {
    const { realm, requests } = await fake(() => ({ status: 200 }));
    await realm.identities.batchDelete(idsWithDuplicates);
    expect(requests).toHaveLength(3);
    const chunks = requests.map((r) => (r.body as { ids: string[] }).ids);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, uniqueCount - 2000]);
    const all = chunks.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...new Set(idsWithDuplicates)]);
    for (const r of requests) {
      expect(r.method).toBe('POST');
      expect(r.url.pathname).toBe('/v1/tenants/t-1/realms/r-1/identities:batchDelete');
    }
  });

  it('a failing chunk gives BatchError with its index, its ids and what succeeded', async () => {
    let calls = 0;
    const { realm, requests } = await fake(() =>
      ++calls === 2
        ? { status: 400, body: { code: 'bad_request', message: 'invalid id' } }
        : { status: 200 },
    );
    const error = await realm.identities
      .batchDelete(idsWithDuplicates)
      .catch((e: unknown) => e as BatchError);
    expect(error).toBeInstanceOf(BatchError);
    const batch = error as BatchError;
    expect(batch.chunkIndex).toBe(1);
    expect(batch.failedIds).toHaveLength(1000);
    expect(batch.succeededIds).toHaveLength(1000);
    expect(batch.pendingIds).toHaveLength(uniqueCount - 2000);
    expect(requests).toHaveLength(2);
  });

  it('refuses empty lists and bad ids before sending', async () => {
    const { realm, requests } = await fake(() => ({ status: 200 }));
    await expect(realm.identities.batchDelete([])).rejects.toThrow(/^ids: /);
    await expect(realm.identities.batchDelete(['a', ''])).rejects.toThrow(/^ids\[1\]: /);
    expect(requests).toHaveLength(0);
  });
});

describe('member and scope changes take any number of ids', () => {
  it('group members: 2500 ids give 3 :addMembers requests', async () => {
    const { realm, requests } = await fake(() => ({ status: 200, body: { id: 'g-1' } }));
    const group = await realm.groups.addMembers('g-1', idsWithDuplicates);
    expect(group).toEqual({ id: 'g-1' });
    expect(requests.map((r) => (r.body as { identity_ids: string[] }).identity_ids.length)).toEqual(
      [1000, 1000, uniqueCount - 2000],
    );
    expect(requests[0]!.url.pathname).toBe('/v1/tenants/t-1/realms/r-1/groups/g-1:addMembers');
  });

  it('role members: each kind is chunked, request i carries chunk i of each kind', async () => {
    const { realm, requests } = await fake(() => ({ status: 200, body: { id: 'role-1' } }));
    const groupIds = Array.from({ length: 1500 }, (_, i) => `g-${i}`);
    const identityIds = ['i-1', 'i-2', 'i-1'];
    await realm.roles('rs-1').removeMembers('role-1', { groupIds, identityIds });
    expect(requests).toHaveLength(2);
    const bodies = requests.map((r) => r.body as { group_ids?: string[]; identity_ids?: string[] });
    expect(bodies[0]!.group_ids).toHaveLength(1000);
    expect(bodies[0]!.identity_ids).toEqual(['i-1', 'i-2']);
    expect(bodies[1]!.group_ids).toHaveLength(500);
    expect(bodies[1]!.identity_ids).toBeUndefined();
    expect(requests[0]!.url.pathname).toBe(
      '/v1/tenants/t-1/realms/r-1/resource-servers/rs-1/roles/role-1:deleteMembers',
    );
  });

  it('role members: a failing request gives BatchError with its typed cause', async () => {
    let calls = 0;
    const { realm } = await fake(() =>
      ++calls === 2 ? { status: 409, body: { code: 'conflict' } } : { status: 200, body: {} },
    );
    const groupIds = Array.from({ length: 1001 }, (_, i) => `g-${i}`);
    const error = await realm
      .roles('rs-1')
      .addMembers('role-1', { groupIds })
      .catch((e: unknown) => e as BatchError);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as BatchError).chunkIndex).toBe(1);
    expect((error as BatchError).failedIds).toEqual(['g-1000']);
    expect((error as BatchError).cause).toBeInstanceOf(ConflictError);
  });

  it('role scopes: chunked by 1000', async () => {
    const { realm, requests } = await fake(() => ({ status: 200, body: {} }));
    const scopes = Array.from({ length: 1001 }, (_, i) => `scope.${i}`);
    await realm.roles('rs-1').addScopes('role-1', scopes);
    expect(requests.map((r) => (r.body as { scopes: string[] }).scopes.length)).toEqual([1000, 1]);
  });
});

describe('tokens.revoke', () => {
  it('takes a token id, or reads the jti of a JWS access token (which is never sent)', async () => {
    const { realm, requests } = await fake(() => ({ status: 200 }));
    const tokens = realm.tokens('app-1');
    await tokens.revoke('token-1');
    const payload = Buffer.from(JSON.stringify({ jti: 'token-2', sub: 'x' })).toString('base64url');
    const jws = `eyJhbGciOiJSUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
    await tokens.revoke(jws);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'DELETE /v1/tenants/t-1/realms/r-1/applications/app-1/tokens/token-1',
      'DELETE /v1/tenants/t-1/realms/r-1/applications/app-1/tokens/token-2',
    ]);
    const noJti = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from('{}').toString('base64url')}.c2ln`;
    await expect(tokens.revoke(noJti)).rejects.toThrow(/jti/);
    expect(requests).toHaveLength(2);
  });
});
