// Snapshots round-trip the whole state: after any sequence of changes, a snapshot restored into
// a fresh emulator (or the same one after more changes) answers exactly as the original did.

import { startEmulator } from '@x/emulator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Harness, harness, workforceToken } from './support/harness.js';
import { checked } from './support/spec-check.js';

type Step =
  | { kind: 'user'; name: string }
  | { kind: 'group'; name: string }
  | { kind: 'member'; user: number; group: number }
  | { kind: 'deleteUser'; user: number }
  | { kind: 'rename'; user: number; name: string }
  | { kind: 'tick'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('user' as const),
    name: fc.constantFrom('ada', 'grace', 'linus', 'ken', 'barbara'),
  }),
  fc.record({ kind: fc.constant('group' as const), name: fc.constantFrom('Eng', 'Ops', 'Sales') }),
  fc.record({ kind: fc.constant('member' as const), user: fc.nat(9), group: fc.nat(9) }),
  fc.record({ kind: fc.constant('deleteUser' as const), user: fc.nat(9) }),
  fc.record({
    kind: fc.constant('rename' as const),
    user: fc.nat(9),
    name: fc.string({ maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 100_000 }) }),
);

async function run(h: Harness, steps: Step[]) {
  const users: string[] = [];
  const groups: string[] = [];
  for (const s of steps) {
    if (s.kind === 'user') {
      const res = await h.workforce('POST', '/v2/users', {
        body: { user: { username: s.name, email_address: `${s.name}@example.com` } },
      });
      if (res.status === 200) users.push(res.body.id);
    } else if (s.kind === 'group') {
      const res = await h.workforce('POST', '/v2/groups', { body: { group: { name: s.name } } });
      if (res.status === 200) groups.push(res.body.id);
    } else if (s.kind === 'member' && users.length && groups.length) {
      await h.workforce('POST', `/v2/groups/${groups[s.group % groups.length]}:addUsers`, {
        body: { user_ids: [users[s.user % users.length]!] },
      });
    } else if (s.kind === 'deleteUser' && users.length) {
      await h.workforce('DELETE', `/v2/users/${users.splice(s.user % users.length, 1)[0]}`);
    } else if (s.kind === 'rename' && users.length) {
      await h.workforce('PATCH', `/v2/users/${users[s.user % users.length]}`, {
        body: { user: { display_name: s.name } },
      });
    } else if (s.kind === 'tick') h.em.advanceClock(s.ms);
  }
}

async function observe(em: Harness['em'], token: string) {
  const get = async (url: string, bearer: string) =>
    (await checked(await em.fetch(url, { headers: { authorization: `Bearer ${bearer}` } }))).body;
  return {
    users: await get(`${em.urls.workforce}/v2/users?page_size=1000&order_by=username`, token),
    groups: await get(`${em.urls.workforce}/v2/groups?page_size=1000`, token),
    events: await get(
      `${em.urls.events}/v1/events?ordering=asc&page_size=1000`,
      em.credentials.events.apiKey,
    ),
    outbox: em.outbox(),
  };
}

describe('snapshot and restore', () => {
  it('round-trip any sequence of changes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const h = await harness({ clock: { start: '2026-01-01T00:00:00Z', frozen: true } });
        await run(h, steps);
        const snapshot = h.em.snapshot();
        expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
        const before = await observe(h.em, h.token);

        // Into a fresh instance: same answers, and the token issued before still works.
        const fresh = await startEmulator({ snapshot });
        expect(await observe(fresh, h.token)).toEqual(before);
        expect(fresh.snapshot()).toEqual(snapshot);

        // Into the same instance after more changes.
        await run(h, [
          { kind: 'user', name: 'zed' },
          { kind: 'group', name: 'Zzz' },
        ]);
        h.em.restore(snapshot);
        expect(await observe(h.em, h.token)).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses what is not a snapshot of this version', async () => {
    const h = await harness();
    const snapshot = h.em.snapshot();
    expect(() => h.em.restore({ ...snapshot, version: 99 })).toThrow(/version/);
    expect(() => h.em.restore({ format: 'x-emulator-snapshot', version: 1 })).toThrow(/incomplete/);
    expect(() => h.em.restore(null)).toThrow(/not an emulator snapshot/);
    await expect(startEmulator({ snapshot: { nope: true } })).rejects.toThrow();
  });

  it('reset goes back to the seed and drops issued tokens', async () => {
    const h = await harness();
    await run(h, [{ kind: 'user', name: 'ada' }]);
    h.em.reset();
    expect((await h.workforce('GET', '/v2/users')).status).toBe(401);
    const token = await workforceToken(h.em);
    expect((await h.workforce('GET', '/v2/users?page_size=10', { token })).body.total_size).toBe(0);
    expect(h.em.outbox()).toEqual([]);
  });
});
