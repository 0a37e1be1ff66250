// SSO configurations against a scripted fake: the paging of every SSO list (the identity
// associations go on through empty pages while a token comes back), the chunking of identity and
// group assignments, the correlation id of calls and listings, and payload kinds the SDK does
// not know, which are read as they came.
import { isKnownSsoPayload } from '@x/access';
import { BadRequestError, ConflictError, PagingLoopError, ValidationError } from '@x/runtime';
import type { JsonHandler } from '@x/testing';
import { describe, expect, it } from 'vitest';
import { failureOf, fakeAccess, inRealm, pagedList } from './support/fake.js';

/** Pages of identity associations by token: `next` names the page after, or none. */
function associations(pages: { ids: string[]; next?: string | undefined }[]): JsonHandler {
  return ({ url }) => {
    const token = url.searchParams.get('page_token');
    const page = pages[token === null ? 0 : Number(token.replace('t-', ''))]!;
    return {
      status: 200,
      body: {
        identities: page.ids.map((id) => ({ id, realm_id: 'r-1', tenant_id: 't-1' })),
        ...(page.next ? { next_page_token: page.next } : {}),
      },
    };
  };
}

describe('the identities assigned to an SSO configuration', () => {
  it('page on through empty pages while a token comes back, and stop without one', async () => {
    const { realm, requests } = await fakeAccess(
      associations([
        { ids: ['a', 'b'], next: 't-1' },
        { ids: [], next: 't-2' },
        { ids: [], next: 't-3' },
        { ids: ['c', 'a'], next: 't-4' },
        { ids: [] },
      ]),
    );
    const ids = (await realm.ssoConfigs.identities.list('sso-1', { page_size: 2 }).toArray()).map(
      (identity) => identity.id,
    );
    // Duplicates come as the server sends them: an identity can be assigned twice.
    expect(ids).toEqual(['a', 'b', 'c', 'a']);
    expect(requests.map((r) => r.url.searchParams.get('page_token'))).toEqual([
      null,
      't-1',
      't-2',
      't-3',
      't-4',
    ]);
    for (const r of requests) {
      expect(r.url.pathname).toBe(inRealm('/sso-configs/sso-1:listIdentityAssociations'));
      expect(r.url.searchParams.get('page_size')).toBe('2');
    }
    // One correlation id for the whole listing.
    expect(new Set(requests.map((r) => r.headers['x-correlation_id'])).size).toBe(1);
  });

  it('a repeated page token stops with PagingLoopError after the page that repeated it', async () => {
    const { realm, requests } = await fakeAccess(
      associations([
        { ids: ['a'], next: 't-1' },
        { ids: [], next: 't-1' },
      ]),
    );
    const seen: string[] = [];
    const error = await failureOf(async () => {
      for await (const identity of realm.ssoConfigs.identities.list('sso-1'))
        seen.push(identity.id);
    });
    expect(error).toBeInstanceOf(PagingLoopError);
    expect((error as PagingLoopError).paging).toMatchObject({ resumeFrom: 't-1', page: 3 });
    expect(seen).toEqual(['a']);
    expect(requests).toHaveLength(2);
  });

  it('pages of the pages() view include the empty ones in the middle', async () => {
    const { realm } = await fakeAccess(
      associations([{ ids: ['a'], next: 't-1' }, { ids: [], next: 't-2' }, { ids: ['b'] }]),
    );
    const sizes: number[] = [];
    for await (const page of realm.ssoConfigs.identities.list('sso-1').pages())
      sizes.push(page.items.length);
    expect(sizes).toEqual([1, 1]);
  });
});

describe('SSO configuration lists', () => {
  it('the SSO listing keeps one x-correlation_id and its query across pages', async () => {
    const { realm, requests } = await fakeAccess(({ url }) => {
      const token = url.searchParams.get('page_token');
      const next = token === null ? 'p1' : token === 'p1' ? 'p2' : undefined;
      return {
        status: 200,
        body: { sso_configs: [{ id: token ?? 'p0' }], ...(next ? { next_page_token: next } : {}) },
      };
    });
    const configs = await realm.ssoConfigs
      .list({ type: ['generic_saml', 'scim'], is_migrated: true, page_size: 1 })
      .toArray();
    expect(configs.map((c) => c.id)).toEqual(['p0', 'p1', 'p2']);
    const ids = new Set(requests.map((r) => r.headers['x-correlation_id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const r of requests) {
      expect(r.url.searchParams.getAll('type')).toEqual(['generic_saml', 'scim']);
      expect(r.url.searchParams.get('is_migrated')).toBe('true');
    }
  });

  it('a null next_page_token ends the list', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { sso_configs: [{ id: 's-1' }], total_size: 1, next_page_token: null },
    }));
    expect((await realm.ssoConfigs.list().toArray()).map((c) => c.id)).toEqual(['s-1']);
    expect(requests).toHaveLength(1);
  });

  it('the SSO configurations of an identity and of a group walk every page', async () => {
    for (const [path, list] of [
      ['/identities/i-1/sso-configs', (c: Ctx) => c.realm.identities.ssoConfigs.list('i-1')],
      ['/groups/g-1/sso-configs', (c: Ctx) => c.realm.groups.ssoConfigs.list('g-1')],
    ] as const) {
      const items = ['s-1', 's-2', 's-3'].map((id) => ({ id }));
      const ctx = await fakeAccess(pagedList('sso_configs', items));
      expect(await list(ctx).toArray()).toEqual(items);
      expect(ctx.requests.map((r) => r.url.pathname)).toEqual([1, 2].map(() => inRealm(path)));
    }
  });

  it('the groups of an SSO configuration are one page', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { groups: [{ id: 'g-1', member_count: 3 }], next_page_token: 'ignored' },
    }));
    const groups = await realm.ssoConfigs.groups.list('sso-1').toArray();
    expect(groups).toEqual([{ id: 'g-1', member_count: 3 }]);
    expect(requests).toHaveLength(1);
  });

  it('checks page sizes against the maximum of 200', async () => {
    const { realm, requests } = await fakeAccess();
    await expect(realm.ssoConfigs.list({ page_size: 1.5 })).rejects.toThrow(/^page_size: /);
    await expect(realm.ssoConfigs.identities.list('s', { page_size: 201 })).rejects.toThrow(
      /^page_size: /,
    );
    await expect(realm.groups.ssoConfigs.list('g', { page_size: 0 })).rejects.toThrow(
      /^page_size: /,
    );
    expect(realm.ssoConfigs.list({ page_size: 200 })).toBeDefined();
    expect(requests).toHaveLength(0);
  });
});

type Ctx = Awaited<ReturnType<typeof fakeAccess>>;

/** 2500 ids where every tenth repeats an earlier one: 2250 unique ids. */
const idsWithDuplicates = Array.from({ length: 2500 }, (_, i) =>
  i % 10 === 9 ? `id-${i - 9}` : `id-${i}`,
);
const uniqueCount = new Set(idsWithDuplicates).size;

describe('identity and group assignments take any number of ids', () => {
  const cases = [
    ['addIdentities', ':addIdentities', 'identity_ids'],
    ['removeIdentities', ':deleteIdentities', 'identity_ids'],
    ['addGroups', ':addGroups', 'group_ids'],
    ['removeGroups', ':deleteGroups', 'group_ids'],
  ] as const;

  it.each(cases)(
    '%s: duplicates dropped, chunks of at most 1000, in order',
    async (method, action, key) => {
      const { realm, requests } = await fakeAccess(() => ({ status: 200 }));
      await expect(
        realm.ssoConfigs[method]('sso-1', idsWithDuplicates, { correlationId: 'batch-7' }),
      ).resolves.toBeUndefined();
      const chunks = requests.map((r) => (r.body as Record<string, string[]>)[key]!);
      expect(chunks.map((c) => c.length)).toEqual([1000, 1000, uniqueCount - 2000]);
      expect(chunks.flat()).toEqual([...new Set(idsWithDuplicates)]);
      for (const r of requests) {
        expect(r.method).toBe('POST');
        expect(r.url.pathname).toBe(inRealm(`/sso-configs/sso-1${action}`));
        expect(r.headers['x-correlation_id']).toBe('batch-7');
      }
    },
  );

  it.each(cases)(
    '%s: a failing chunk throws its own error class with the batch',
    async (method) => {
      let calls = 0;
      const { realm, requests } = await fakeAccess(() =>
        ++calls === 2
          ? { status: 409, body: { code: 'conflict', message: 'no' } }
          : { status: 200 },
      );
      const error = await failureOf(() => realm.ssoConfigs[method]('sso-1', idsWithDuplicates));
      expect(error).toBeInstanceOf(ConflictError);
      const batch = (error as ConflictError).batch!;
      expect(batch.chunkIndex).toBe(1);
      expect(batch.chunkCount).toBe(3);
      expect(batch.chunkIds).toHaveLength(1000);
      expect(batch.succeededIds).toHaveLength(1000);
      expect(batch.pendingIds).toHaveLength(uniqueCount - 2000);
      expect(requests).toHaveLength(2);
    },
  );

  it.each(cases)('%s: refuses an empty list and bad ids before sending', async (method) => {
    const { realm, requests } = await fakeAccess();
    const field = method.endsWith('Identities') ? 'identityIds' : 'groupIds';
    for (const [ids, at] of [
      [[], field],
      [['a', ''], `${field}[1]`],
    ] as const) {
      const error = await failureOf(() => realm.ssoConfigs[method]('sso-1', ids));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(at);
    }
    expect(requests).toHaveLength(0);
  });

  it('isGroupAssigned sends the groups once, duplicates dropped', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { is_assigned_to_sso_config: true },
    }));
    const answer = await realm.ssoConfigs.groups.isAssigned('sso-1', ['g-1', 'g-2', 'g-1']);
    expect(answer.is_assigned_to_sso_config).toBe(true);
    expect(requests.map((r) => r.body)).toEqual([{ group_ids: ['g-1', 'g-2'] }]);
  });
});

describe('correlation ids and payload kinds', () => {
  it('sends the correlationId option and reads the one the server answers with', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { id: 's-1', display_name: 'Wiki', payload: { type: 'bookmark', login_link: 'x' } },
      headers: { 'x-correlation-id': 'server-corr-9' },
    }));
    const { response } = await realm.ssoConfigs
      .get('s-1', { correlationId: 'mine-1' })
      .withResponse();
    expect(requests[0]!.headers['x-correlation_id']).toBe('mine-1');
    expect(response.requestId).toBe('server-corr-9');
    await realm.ssoConfigs.delete('s-1');
    expect(requests[1]!.headers['x-correlation_id']).toBeUndefined();
  });

  it('a server error names the correlation id it answered with', async () => {
    const { realm } = await fakeAccess(() => ({
      status: 400,
      body: { code: 'bad_request', message: 'no' },
      headers: { 'x-correlation-id': 'server-corr-10' },
    }));
    const error = await failureOf(() => realm.ssoConfigs.test('s-1'));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).requestId).toBe('server-corr-10');
  });

  it('a payload of a kind the SDK does not know is read as it came', async () => {
    const payload = { type: 'nametag_oauth2', api_base_url: 'https://n.example.com' };
    const { realm } = await fakeAccess(() => ({
      status: 200,
      body: { id: 's-1', display_name: 'Nametag', payload },
    }));
    const config = await realm.ssoConfigs.get('s-1');
    expect(config.payload).toEqual(payload);
    expect(isKnownSsoPayload(config.payload)).toBe(false);
    expect(config.payload.type).toBe('nametag_oauth2');
  });

  it('an update sends the partial payload under sso_config, with its type', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: {} }));
    await realm.ssoConfigs.update('s-1', { type: 'generic_saml', sign_assertions: true });
    expect(requests[0]!.body).toEqual({
      sso_config: { type: 'generic_saml', sign_assertions: true },
    });
    expect(requests[0]!.method).toBe('PATCH');
  });
});
