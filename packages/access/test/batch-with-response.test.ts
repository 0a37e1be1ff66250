// `withResponse()` beside every call, batches included: each chunked change gives its result and
// the last request's response, as one call does.
import { describe, expect, it } from 'vitest';
import { fakeAccess } from './support/fake.js';

describe('withResponse on batches', () => {
  it("group, role and SSO configuration batches give the last request's response", async () => {
    const { realm, requests } = await fakeAccess(() => ({
      body: { id: 'x-1' },
      headers: { 'x-correlation-id': `corr-${requests.length}`, 'ratelimit-remaining': '7' },
    }));
    const ids = Array.from({ length: 1001 }, (_, i) => `i-${i}`);
    const group = await realm.groups.members.add('g-1', ids).withResponse();
    expect(group.data).toEqual({ id: 'x-1' });
    expect(group.response.requestId).toBe('corr-2');
    expect(group.response.rateLimit?.remaining).toBe(7);
    const role = await realm.resourceServers.roles.members
      .add('rs-1', 'r-1', { groupIds: ['g-1'] })
      .withResponse();
    expect(role.response.requestId).toBe('corr-3');
    expect(role.response.attempts).toBe(1);
    const scopes = await realm.resourceServers.roles.scopes
      .add('rs-1', 'r-1', ['read'])
      .withResponse();
    expect(scopes.response.status).toBe(200);
    const sso = await realm.ssoConfigs.identities.add('s-1', ['i-1']).withResponse();
    expect(sso.data).toBeUndefined();
    expect(sso.response.requestId).toBe('corr-5');
    expect(requests).toHaveLength(5);
  });

  it('a refused batch rejects, with nothing sent', async () => {
    const { realm, requests } = await fakeAccess();
    await expect(
      realm.resourceServers.roles.members.add('rs-1', 'r-1', null as never),
    ).rejects.toThrow(/^members: /);
    await expect(realm.groups.members.add('g-1', []).withResponse()).rejects.toThrow(
      /^identityIds: /,
    );
    expect(requests).toHaveLength(0);
  });
});
