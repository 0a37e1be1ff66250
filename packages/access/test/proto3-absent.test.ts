// The platform's JSON is proto3 JSON, which leaves empty lists and zero numbers out: a list page
// sent as `{}` is an empty page, for page-token lists and the lists answered in one response.
import { describe, expect, it } from 'vitest';
import { fakeAccess } from './support/fake.js';

describe('absent zero values', () => {
  it('a page sent as `{}` is an empty list, after one request', async () => {
    const lists = [
      (a: Ctx) => a.realm.identities.list(),
      (a: Ctx) => a.realm.resourceServers.roles.members.list('rs-1', 'role-1'),
      (a: Ctx) => a.realm.applications.tokens.list('app-1'),
      (a: Ctx) => a.realm.batchCredentialBindingJobs.listResults('b-1'),
    ];
    for (const list of lists) {
      const ctx = await fakeAccess(() => ({ status: 200, body: {} }));
      expect(await list(ctx).toArray()).toEqual([]);
      expect(ctx.requests).toHaveLength(1);
    }
  });
});

type Ctx = Awaited<ReturnType<typeof fakeAccess>>;
