// Contract tests of SSO configurations, their identity and group assignments, the SSO
// configurations of an identity, of a group and of an application, against Prism (see
// test/support/prism.ts). Every one of these operations carries an `x-correlation_id`.
import { isKnownSsoPayload, type SsoConfigCreate } from '@x/access';
import { ForbiddenError, NotFoundError, ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, example, seen } from '../support/prism.js';

const realm = access.realm('realm-1');
const sso = realm.ssoConfigs;

/** The spec's request example: a bookmark tile. */
const bookmark: SsoConfigCreate = {
  display_name: 'Intranet bookmark',
  is_migrated: false,
  payload: {
    type: 'bookmark',
    login_link: 'https://intranet.example.com/login',
    is_tile_visible: true,
  },
};

const cases: ContractCase[] = [
  {
    operationId: 'createSsoConfig',
    run: (o) => sso.create(bookmark, o),
    request: { path: '/realms/realm-1/sso-configs', body: { sso_config: bookmark } },
  },
  {
    operationId: 'listSsoConfigs',
    run: (o) =>
      sso
        .list(
          { type: ['generic_saml', 'ws_fed'], is_migrated: false, order_by: 'display_name' },
          { ...o, correlationId: 'corr-1' },
        )
        .then((page) => page.raw),
    request: {
      query: { type: ['generic_saml', 'ws_fed'], is_migrated: 'false', order_by: 'display_name' },
    },
  },
  {
    operationId: 'getSsoConfig',
    run: (o) => sso.get('sso-1', o),
    request: { path: '/sso-configs/sso-1' },
  },
  {
    operationId: 'updateSsoConfig',
    run: (o) =>
      sso.update(
        'sso-1',
        {
          type: 'bookmark',
          login_link: 'https://intranet.example.com/sso',
          is_tile_visible: false,
        },
        o,
      ),
    request: {
      body: {
        sso_config: {
          type: 'bookmark',
          login_link: 'https://intranet.example.com/sso',
          is_tile_visible: false,
        },
      },
    },
  },
  { operationId: 'deleteSsoConfig', run: (o) => sso.delete('sso-1', o) },
  {
    operationId: 'testSsoConfig',
    run: (o) => sso.test('sso-1', o),
    request: { path: '/sso-configs/sso-1/test' },
  },
  {
    operationId: 'addSsoConfigIdentities',
    run: (o) => sso.identities.add('sso-1', ['id-1', 'id-2', 'id-1'], o),
    request: { path: '/sso-configs/sso-1:addIdentities', body: { identity_ids: ['id-1', 'id-2'] } },
  },
  {
    operationId: 'deleteSsoConfigIdentities',
    run: (o) => sso.identities.remove('sso-1', ['id-1'], o),
    request: { path: '/sso-configs/sso-1:deleteIdentities', body: { identity_ids: ['id-1'] } },
  },
  {
    operationId: 'listSsoConfigIdentityAssociations',
    run: (o) => sso.identities.list('sso-1', { page_size: 200 }, o).then((page) => page.raw),
    request: { path: '/sso-configs/sso-1:listIdentityAssociations', query: { page_size: '200' } },
  },
  {
    operationId: 'addSsoConfigGroups',
    run: (o) => sso.groups.add('sso-1', ['g-1'], o),
    request: { path: '/sso-configs/sso-1:addGroups', body: { group_ids: ['g-1'] } },
  },
  {
    operationId: 'deleteSsoConfigGroups',
    run: (o) => sso.groups.remove('sso-1', ['g-1', 'g-2'], o),
    request: { path: '/sso-configs/sso-1:deleteGroups', body: { group_ids: ['g-1', 'g-2'] } },
  },
  {
    operationId: 'listSsoConfigGroupAssociations',
    run: (o) => sso.groups.list('sso-1', o).then((page) => page.raw),
    request: { path: '/sso-configs/sso-1:listGroupAssociations' },
  },
  {
    operationId: 'listSsoConfigGroups',
    run: (o) => sso.groups.getListing('sso-1', o),
    request: { path: '/sso-configs/sso-1/groups' },
  },
  {
    operationId: 'checkGroupSsoConfigAssignment',
    run: (o) => sso.groups.isAssigned('sso-1', ['g-1', 'g-2'], o),
    request: { path: '/sso-configs/sso-1/is-group-assigned', body: { group_ids: ['g-1', 'g-2'] } },
  },
  {
    operationId: 'checkIdentitySsoConfigAssignment',
    run: (o) => realm.identities.ssoConfigs.isAssigned('id-1', 'sso-1', o),
    request: { path: '/identities/id-1/sso-configs/sso-1/is-identity-assigned' },
  },
  {
    operationId: 'listIdentitySsoConfigs',
    run: (o) =>
      realm.identities.ssoConfigs.list('id-1', { page_size: 20 }, o).then((page) => page.raw),
    request: { path: '/identities/id-1/sso-configs', query: { page_size: '20' } },
  },
  {
    operationId: 'listGroupSsoConfigs',
    run: (o) => realm.groups.ssoConfigs.list('g-1', {}, o).then((page) => page.raw),
    request: { path: '/groups/g-1/sso-configs' },
  },
  {
    operationId: 'getApplicationSsoConfigId',
    run: (o) => realm.applications.getSsoConfigId('app-1', o),
    request: { path: '/applications/app-1/sso-configs-id' },
  },
];

describe('SSO configurations', () => contractCases(['SSO configs'], cases));

describe('SSO lists', () => {
  it('the first page of each list equals the example, with its items', async () => {
    const configs = await sso.list({ type: ['generic_saml'] });
    const body = example('listSsoConfigs') as { sso_configs: unknown[] };
    expect(configs.raw).toEqual(body);
    expect(configs.items).toEqual(body.sso_configs);
    const groups = await sso.groups.list('sso-1');
    expect(groups.items).toEqual(
      (example('listSsoConfigGroupAssociations') as { groups: unknown[] }).groups,
    );
    const identities = await sso.identities.list('sso-1');
    expect(identities.items).toEqual(
      (example('listSsoConfigIdentityAssociations') as { identities: unknown[] }).identities,
    );
  });

  it('the SSO listing sends one x-correlation_id, generated when none is given', async () => {
    await sso.list();
    expect(seen[0]!.headers.get('x-correlation_id')).toMatch(/^[0-9a-f-]{36}$/);
    seen.length = 0;
    await sso.list({}, { headers: { 'x-correlation_id': 'mine' } });
    expect(seen[0]!.headers.get('x-correlation_id')).toBe('mine');
    seen.length = 0;
    await sso.list({}, { correlationId: 'corr-1' });
    expect(seen[0]!.headers.get('x-correlation_id')).toBe('corr-1');
  });

  it('a page error arrives as its own class, with where the list stood', async () => {
    const error = await sso.identities
      .list('sso-1', {}, { headers: { Prefer: 'code=403' }, retry: false })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ForbiddenError).paging?.page).toBe(1);
  });

  it('payloads are read by their type; a summary carries its kind', async () => {
    const config = await sso.get('sso-1');
    expect(isKnownSsoPayload(config.payload)).toBe(true);
    const [summary] = (await sso.list()).items;
    const kind: string = summary!.payload.type;
    expect(kind).toBe('bookmark');
  });
});

describe('checks before sending', () => {
  it('refuses bad kinds, payloads, ids and page sizes, naming the field', async () => {
    await expect(sso.list({ page_size: 201 })).rejects.toThrow(/^page_size: /);
    // @ts-expect-error: nametag_oauth2 is read, never sent
    await expect(sso.list({ type: ['nametag_oauth2'] })).rejects.toThrow(/^type\[0\]: /);
    await expect(
      // @ts-expect-error: a bookmark needs its login_link
      sso.create({ display_name: 'Wiki', payload: { type: 'bookmark' } }),
    ).rejects.toThrow(/^sso_config\.payload\.login_link: is required/);
    await expect(sso.identities.add('sso-1', ['a', ''])).rejects.toThrow(ValidationError);
    await expect(sso.groups.isAssigned('sso-1', [])).rejects.toThrow(/^groupIds: /);
    expect(seen).toHaveLength(0);
  });

  it('a chunk refused by the server arrives as its own class, with the chunk', async () => {
    const error = await sso.groups
      .add('sso-1', ['g-1'], { headers: { Prefer: 'code=404' }, retry: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).batch?.chunkIds).toEqual(['g-1']);
  });
});
