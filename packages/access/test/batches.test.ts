// Chunking of the 1-to-1000-id operations against a scripted fake: member and scope changes take
// any number of ids (deduplicated, at most 1000 per request, in order); a failed chunk throws its
// own error class with `batch`. Batch delete is all or nothing: never split, repeats refused.
import { BadRequestError, ConflictError, ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { failureOf, fakeAccess, inRealm } from './support/fake.js';

/** 2500 ids where every tenth repeats an earlier one: 2250 unique ids. */
const idsWithDuplicates = Array.from({ length: 2500 }, (_, i) =>
  i % 10 === 9 ? `id-${i - 9}` : `id-${i}`,
);
const uniqueCount = new Set(idsWithDuplicates).size;
const thousand = Array.from({ length: 1000 }, (_, i) => `id-${i}`);

describe('identities.batchDelete: all or nothing, so one request of at most 1000 unique ids', () => {
  it('sends the ids as given, in one request', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
    await realm.identities.batchDelete(thousand);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe(inRealm('/identities:batchDelete'));
    expect((requests[0]!.body as { ids: string[] }).ids).toEqual(thousand);
  });

  it('refuses more than 1000 ids instead of splitting them', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
    const error = await failureOf(() => realm.identities.batchDelete([...thousand, 'id-1000']));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('ids');
    expect((error as ValidationError).message).toMatch(/at most 1000 ids \(1001 given\)/);
    expect(requests).toHaveLength(0);
  });

  it('refuses a repeated id, naming it and the first one: the server would fail the batch', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
    await expect(realm.identities.batchDelete(idsWithDuplicates.slice(0, 12))).rejects.toThrow(
      /^ids\[9\]: repeats ids\[0\]/,
    );
    expect(requests).toHaveLength(0);
  });

  it('a refused batch arrives as its own error class (nothing was deleted)', async () => {
    const { realm } = await fakeAccess(() => ({
      status: 400,
      body: { code: 'bad_request', message: 'invalid id' },
    }));
    const error = await failureOf(() => realm.identities.batchDelete(['a', 'b']));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).batch).toBeUndefined();
  });

  it('refuses empty lists and bad ids before sending', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
    await expect(realm.identities.batchDelete([])).rejects.toThrow(/^ids: /);
    await expect(realm.identities.batchDelete(['a', ''])).rejects.toThrow(/^ids\[1\]: /);
    expect(requests).toHaveLength(0);
  });
});

describe('member and scope changes take any number of ids', () => {
  it('group members: 2500 ids give 3 :addMembers requests', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: { id: 'g-1' } }));
    const group = await realm.groups.members.add('g-1', idsWithDuplicates);
    expect(group).toEqual({ id: 'g-1' });
    expect(requests.map((r) => (r.body as { identity_ids: string[] }).identity_ids.length)).toEqual(
      [1000, 1000, uniqueCount - 2000],
    );
    const all = requests.flatMap((r) => (r.body as { identity_ids: string[] }).identity_ids);
    expect(all).toEqual([...new Set(idsWithDuplicates)]);
    expect(requests[0]!.url.pathname).toBe(inRealm('/groups/g-1:addMembers'));
  });

  it('group members: a failing chunk throws its own error with its index, its ids and what succeeded', async () => {
    let calls = 0;
    const { realm, requests } = await fakeAccess(() =>
      ++calls === 2
        ? { status: 400, body: { code: 'bad_request', message: 'invalid id' } }
        : { status: 200, body: { id: 'g-1' } },
    );
    const error = await failureOf(() => realm.groups.members.remove('g-1', idsWithDuplicates));
    expect(error).toBeInstanceOf(BadRequestError);
    const { batch } = error as BadRequestError;
    expect(batch?.chunkIndex).toBe(1);
    expect(batch?.chunkCount).toBe(3);
    expect(batch?.chunkIds).toHaveLength(1000);
    expect(batch?.succeededIds).toHaveLength(1000);
    expect(batch?.pendingIds).toHaveLength(uniqueCount - 2000);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.url.pathname).toBe(inRealm('/groups/g-1:deleteMembers'));
  });

  it('role members: each kind is chunked, request i carries chunk i of each kind', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: { id: 'role-1' } }));
    const groupIds = Array.from({ length: 1500 }, (_, i) => `g-${i}`);
    const identityIds = ['i-1', 'i-2', 'i-1'];
    await realm.resourceServers.roles.members.remove('rs-1', 'role-1', { groupIds, identityIds });
    expect(requests).toHaveLength(2);
    const bodies = requests.map((r) => r.body as { group_ids?: string[]; identity_ids?: string[] });
    expect(bodies[0]!.group_ids).toHaveLength(1000);
    expect(bodies[0]!.identity_ids).toEqual(['i-1', 'i-2']);
    expect(bodies[1]!.group_ids).toHaveLength(500);
    expect(bodies[1]!.identity_ids).toBeUndefined();
    expect(requests[0]!.url.pathname).toBe(
      inRealm('/resource-servers/rs-1/roles/role-1:deleteMembers'),
    );
  });

  it('role members: a failing request throws its own error class with the batch', async () => {
    let calls = 0;
    const { realm } = await fakeAccess(() =>
      ++calls === 2 ? { status: 409, body: { code: 'conflict' } } : { status: 200, body: {} },
    );
    const groupIds = Array.from({ length: 1001 }, (_, i) => `g-${i}`);
    const error = await failureOf(() =>
      realm.resourceServers.roles.members.add('rs-1', 'role-1', { groupIds }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).batch?.chunkIndex).toBe(1);
    expect((error as ConflictError).batch?.chunkIds).toEqual(['g-1000']);
    expect((error as ConflictError).batch?.succeededIds).toHaveLength(1000);
  });

  it('role scopes: chunked by 1000', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: {} }));
    const scopes = Array.from({ length: 1001 }, (_, i) => `scope.${i}`);
    await realm.resourceServers.roles.scopes.add('rs-1', 'role-1', scopes);
    await realm.resourceServers.roles.scopes.remove('rs-1', 'role-1', ['scope.1', 'scope.1']);
    expect(requests.map((r) => (r.body as { scopes: string[] }).scopes.length)).toEqual([
      1000, 1, 1,
    ]);
    expect(requests[2]!.url.pathname).toBe(
      inRealm('/resource-servers/rs-1/roles/role-1:deleteScopes'),
    );
  });

  it('a batch credential binding job is one request of 1 to 1000 identities', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: { id: 'b-1' } }));
    await realm.batchCredentialBindingJobs.create({ identity_ids: thousand, job_template: {} });
    expect(requests).toHaveLength(1);
    await expect(
      realm.batchCredentialBindingJobs.create({
        identity_ids: [...thousand, 'x'],
        job_template: {},
      }),
    ).rejects.toThrow(/^batch_credential_binding_job\.identity_ids: must hold at most 1000/);
    expect(requests).toHaveLength(1);
  });
});

describe('tokens.revoke', () => {
  it('takes a token id, or reads the jti of a JWS access token (which is never sent)', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
    const { tokens } = realm.applications;
    await tokens.revoke('app-1', 'token-1');
    const payload = Buffer.from(JSON.stringify({ jti: 'token-2', sub: 'x' })).toString('base64url');
    const jws = `eyJhbGciOiJSUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
    await tokens.revoke('app-1', jws);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      `DELETE ${inRealm('/applications/app-1/tokens/token-1')}`,
      `DELETE ${inRealm('/applications/app-1/tokens/token-2')}`,
    ]);
    const noJti = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from('{}').toString('base64url')}.c2ln`;
    await expect(tokens.revoke('app-1', noJti)).rejects.toThrow(/jti/);
    expect(requests).toHaveLength(2);
  });
});
