// Whatever string a caller passes as a path parameter, it can never change the route: it is
// refused before sending, or it arrives as exactly one segment that decodes back to itself.
import { createApiClient, ValidationError } from '@x/runtime';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeOf } from '../src/path-params.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';
import type { paths } from './support/paths.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((_req, res) => send(res, 200, {}));
});
afterAll(async () => {
  await server.close();
});

const tricky = fc.constantFrom(
  '.',
  '..',
  '',
  '%2e%2e',
  '../x',
  'a/b',
  '?x',
  '#y',
  '..%2f',
  '%2F',
  '\\..\\x',
  '{group_id}',
  '$&',
  ' ',
  '\uD800',
  'a\uDC00b',
  '..;/admin',
  ':addUsers',
);
const values = fc.oneof(fc.string({ unit: 'binary' }), tricky);

type Outcome = { refused: true; error: unknown } | { refused: false; url: string };

async function outcome(send: () => Promise<unknown>): Promise<Outcome> {
  const before = server.requests.length;
  try {
    await send();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect(server.requests.length).toBe(before);
    return { refused: true, error };
  }
  expect(server.requests.length).toBe(before + 1);
  return { refused: false, url: server.requests.at(-1)!.url };
}

function segments(url: string): string[] {
  return new URL(url, server.url).pathname.split('/');
}

describe('path parameters (property)', () => {
  const client = () =>
    createApiClient<paths>({ baseUrl: server.url, retry: false, rateLimit: false });

  it('/v2/users/{user_id}: refused, or exactly one segment decoding to the value', async () => {
    const api = client();
    await fc.assert(
      fc.asyncProperty(values, async (userId) => {
        const result = await outcome(() =>
          api.raw.GET('/v2/users/{user_id}', { params: { path: { user_id: userId } } }),
        );
        if (result.refused) return;
        const parts = segments(result.url);
        expect(parts).toHaveLength(4);
        expect(parts.slice(0, 3)).toEqual(['', 'v2', 'users']);
        expect(decodeURIComponent(parts[3]!)).toBe(userId);
      }),
      { numRuns: 300 },
    );
  });

  it('/v2/groups/{group_id}:addUsers (typed POST): refused, or the value decodes back', async () => {
    const api = client();
    await fc.assert(
      fc.asyncProperty(values, async (groupId) => {
        const result = await outcome(() =>
          api.raw.POST('/v2/groups/{group_id}:addUsers', {
            params: { path: { group_id: groupId } },
            body: { user_ids: ['u1'] },
          }),
        );
        if (result.refused) return;
        const parts = segments(result.url);
        expect(parts).toHaveLength(4);
        expect(parts.slice(0, 3)).toEqual(['', 'v2', 'groups']);
        const last = parts[3]!;
        expect(last.endsWith(':addUsers')).toBe(true);
        expect(decodeURIComponent(last.slice(0, -':addUsers'.length))).toBe(groupId);
      }),
      { numRuns: 300 },
    );
  });

  it('the untyped client.request behaves the same', async () => {
    const api = client();
    await fc.assert(
      fc.asyncProperty(values, async (groupId) => {
        const result = await outcome(() =>
          api.request('POST', '/v2/groups/{group_id}:addUsers', {
            params: { path: { group_id: groupId } },
            body: { user_ids: ['u1'] },
          }),
        );
        if (result.refused) return;
        const parts = segments(result.url);
        expect(parts).toHaveLength(4);
        expect(decodeURIComponent(parts[3]!.slice(0, -':addUsers'.length))).toBe(groupId);
      }),
      { numRuns: 150 },
    );
  });

  it('the refusals are the dot segments, the empty string and broken Unicode', async () => {
    const api = client();
    for (const bad of ['', '.', '..', '\uD800', 'a\uDC00b']) {
      const error = await api.raw
        .GET('/v2/users/{user_id}', { params: { path: { user_id: bad } } })
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(bad)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('path.user_id');
    }
    const missing = await api.request('GET', '/v2/users/{user_id}').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).request?.pathTemplate).toBe('/v2/users/{user_id}');
  });
});

describe('routeOf', () => {
  it('refuses missing, empty, dot, non-finite and non-scalar values; accepts the rest', () => {
    const t = '/v2/users/{user_id}';
    for (const v of [
      undefined,
      null,
      '',
      '.',
      '..',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      {},
      [],
      true,
    ])
      expect(() => routeOf(t, { user_id: v }, false), String(v)).toThrow(ValidationError);
    expect(() => routeOf(t, undefined, false)).toThrow(ValidationError);
    for (const v of ['u1', '...', '%2e%2e', 'a/b', 0, 42])
      expect(routeOf(t, { user_id: v }, false)).toBe(`/v2/users/${encodeURIComponent(v)}`);
  });
});
