// The operation catalog end to end against a scripted fake: wire-shaped arguments (path, query,
// header and body under the spec's names) reach the requests the SDK methods send, with the SDK's
// paging, chunking and checks; and the catalog covers every operation of the spec but token
// issuance.
import type { AccessClient } from '@x/access';
import { ACCESS_OPERATIONS } from '@x/access/operations';
import { type CallOptions, type ListOptions, type Paginator, ValidationError } from '@x/runtime';
import { specOperations } from '@x/testing';
import { describe, expect, it } from 'vitest';
import { failureOf, fakeAccess, pagedList } from './support/fake.js';

/** Wire arguments as a tool builds them: records of wire names. */
interface Wire {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  header?: Record<string, string>;
  body?: unknown;
}

/** A catalog entry seen as a tool sees it (its arguments are whatever the spec describes). */
interface ToolEntry {
  effect: string;
  call?: (client: AccessClient, args: Wire, options: CallOptions) => Promise<unknown>;
  list?: (
    client: AccessClient,
    args: Wire,
    options: ListOptions,
  ) => Paginator<unknown, { next_page_token?: string }>;
}

const catalog = ACCESS_OPERATIONS as unknown as Record<string, ToolEntry>;

function entry(operationId: string): ToolEntry {
  const found = catalog[operationId];
  if (!found) throw new Error(`no catalog entry ${operationId}`);
  return found;
}

/** Calls an operation the way a tool does: every part present, the tenant's id ignored. */
const call = (client: AccessClient, operationId: string, args: Wire) =>
  entry(operationId).call!(client, { query: {}, header: {}, body: undefined, ...args }, {});
const list = (client: AccessClient, operationId: string, args: Wire) =>
  entry(operationId).list!(client, { query: {}, header: {}, body: undefined, ...args }, {});

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe('the access operation catalog', () => {
  it("covers exactly the spec's operationIds, less token issuance (@x/auth's)", () => {
    const ids = specOperations(['access']).map((op) => op.operationId);
    expect(ids).toContain('issueToken');
    expect(Object.keys(ACCESS_OPERATIONS).sort()).toEqual(
      ids.filter((id) => id !== 'issueToken').sort(),
    );
  });

  it('marks deletes, revokes and removals destructive, and reads read', () => {
    for (const [id, { effect }] of Object.entries(catalog)) {
      if (/^(delete|revoke|batchDelete)/.test(id))
        expect([id, effect]).toEqual([id, 'destructive']);
      if (/^(get|list|check)/.test(id)) expect([id, effect]).toEqual([id, 'read']);
    }
  });

  it('a realm-scoped get: path.realm_id selects the realm, path.tenant_id is the client’s', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: { id: 'g-1' } }));
    const group = await call(access, 'getGroup', {
      path: { tenant_id: 'another-tenant', realm_id: 'r-9', group_id: 'g-1' },
    });
    expect(group).toEqual({ id: 'g-1' });
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ['GET', '/v1/tenants/t-1/realms/r-9/groups/g-1'],
    ]);
  });

  it('a list starts at the wire query’s page token, with its page size, and pages on', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: `i-${i}` }));
    const { access, requests } = await fakeAccess(pagedList('identities', items));
    // A first page, as a tool's earlier call got it: its token is where the next call starts.
    const first = await list(access, 'listIdentities', {
      path: { realm_id: 'r-1' },
      query: { page_size: 2, skip: 0 },
    });
    expect(first.items).toEqual(items.slice(0, 2));
    const rest = list(access, 'listIdentities', {
      path: { tenant_id: 't-1', realm_id: 'r-1' },
      query: { page_size: 2, page_token: first.raw.next_page_token, skip: 0 },
    });
    expect(await rest.toArray()).toEqual(items.slice(2));
    expect(requests.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { page_size: '2', skip: '0' },
      { page_size: '2', page_token: 'page-2', skip: '0' },
      { page_size: '2', page_token: 'page-4', skip: '0' },
    ]);
  });

  it("the identities list reads its filter text back into the SDK's username", async () => {
    const { access, requests } = await fakeAccess(pagedList('identities', [{ id: 'i-1' }]));
    const filter = 'traits.username eq "ada \\"the\\" first"';
    const args = { path: { realm_id: 'r-1' }, query: { filter } };
    await list(access, 'listIdentities', args).toArray();
    expect(requests[0]!.url.searchParams.get('filter')).toBe(filter);

    const error = await failureOf(() =>
      list(access, 'listIdentities', { ...args, query: { filter: 'traits.email eq "a"' } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('filter');
    expect(requests).toHaveLength(1);
  });

  it('role members from the wire body are chunked per kind, 1000 ids a request', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: { id: 'role-1' } }));
    const groupIds = Array.from({ length: 1001 }, (_, i) => `g-${i}`);
    const role = await call(access, 'addRoleMembers', {
      path: { realm_id: 'r-1', resource_server_id: 'rs-1', role_id: 'role-1' },
      body: { group_ids: groupIds, identity_ids: ['i-1', 'i-2', 'i-1'] },
    });
    expect(role).toEqual({ id: 'role-1' });
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ['POST', '/v1/tenants/t-1/realms/r-1/resource-servers/rs-1/roles/role-1:addMembers'],
      ['POST', '/v1/tenants/t-1/realms/r-1/resource-servers/rs-1/roles/role-1:addMembers'],
    ]);
    expect(requests.map((r) => r.body)).toEqual([
      { group_ids: groupIds.slice(0, 1000), identity_ids: ['i-1', 'i-2'] },
      { group_ids: groupIds.slice(1000) },
    ]);
  });

  it('a SCIM patch goes to the SCIM server of the realm its server variable names', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: { id: 'u-1' } }));
    const operations = [{ op: 'replace', path: 'active', value: false }];
    await call(access, 'patchScimUser', {
      path: { tenant_id: 't-1', realm_id: 'r-2', user_id: 'u-1' },
      body: { schemas: [PATCH_OP], Operations: operations },
    });
    expect(requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      [
        'PATCH',
        '/v1/tenants/t-1/realms/r-2/scim/v2/Users/u-1',
        { schemas: [PATCH_OP], Operations: operations },
      ],
    ]);
  });

  it('a SCIM group patch is checked by the SDK before sending; a SCIM call needs its realm', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: {} }));
    const twoRemoved = [{ op: 'remove', path: 'members', value: [{ value: 'a' }, { value: 'b' }] }];
    const patch = await failureOf(() =>
      call(access, 'patchScimGroup', {
        path: { realm_id: 'r-1', group_id: 'g-1' },
        body: { schemas: [PATCH_OP], Operations: twoRemoved },
      }),
    );
    expect((patch as ValidationError).field).toBe('operations[0].value');

    const noRealm = await failureOf(() =>
      call(access, 'getScimUser', { path: { user_id: 'u-1' } }),
    );
    expect(noRealm).toBeInstanceOf(ValidationError);
    expect((noRealm as ValidationError).field).toBe('realmId');
    expect(requests).toHaveLength(0);
  });

  it('a SCIM list reads its filter text, count and startIndex from the wire query', async () => {
    const { access, requests } = await fakeAccess(() => ({
      body: { totalResults: 1, startIndex: 3, itemsPerPage: 1, Resources: [{ id: 'u-1' }] },
    }));
    const users = list(access, 'listScimUsers', {
      path: { realm_id: 'r-1' },
      query: { filter: 'userName eq "ada"', count: 5, startIndex: 3 },
    });
    expect(await users.toArray()).toEqual([{ id: 'u-1' }]);
    expect(requests[0]!.url.pathname).toBe('/v1/tenants/t-1/realms/r-1/scim/v2/Users');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      filter: 'userName eq "ada"',
      count: '5',
      startIndex: '3',
    });

    // Text outside the server's filter grammar is refused as the SDK's filter builder refuses it.
    const contains = await failureOf(() =>
      list(access, 'listScimUsers', {
        path: { realm_id: 'r-1' },
        query: { filter: 'userName co "a"' },
      }),
    );
    expect((contains as ValidationError).field).toBe('filter.operator');
    expect(requests).toHaveLength(1);
  });

  it('an SSO call sends the wire x-correlation_id as the correlation id', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: { id: 's-1' } }));
    await call(access, 'getSsoConfig', {
      path: { realm_id: 'r-1', sso_config_id: 's-1' },
      header: { 'x-correlation_id': 'case-42' },
    });
    await call(access, 'getSsoConfig', { path: { realm_id: 'r-1', sso_config_id: 's-1' } });
    expect(requests.map((r) => [r.url.pathname, r.headers['x-correlation_id']])).toEqual([
      ['/v1/tenants/t-1/realms/r-1/sso-configs/s-1', 'case-42'],
      ['/v1/tenants/t-1/realms/r-1/sso-configs/s-1', undefined],
    ]);
  });

  it('an SSO listing sends its correlation id and wire query with every page', async () => {
    const configs = Array.from({ length: 3 }, (_, i) => ({
      id: `s-${i}`,
      payload: { type: 'bookmark' },
    }));
    const { access, requests } = await fakeAccess(pagedList('sso_configs', configs));
    const all = await list(access, 'listSsoConfigs', {
      path: { realm_id: 'r-1' },
      query: { page_size: 2, type: ['bookmark'], is_migrated: false, order_by: 'display_name' },
      header: { 'x-correlation_id': 'listing-7' },
    }).toArray();
    expect(all).toEqual(configs);
    expect(requests.map((r) => r.headers['x-correlation_id'])).toEqual(['listing-7', 'listing-7']);
    expect(requests.map((r) => r.url.search)).toEqual([
      '?page_size=2&type=bookmark&is_migrated=false&order_by=display_name',
      '?page_size=2&page_token=page-2&type=bookmark&is_migrated=false&order_by=display_name',
    ]);
  });

  it('a header the operation does not take is refused by name before sending', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: { id: 'g-1' } }));
    const error = await failureOf(() =>
      call(access, 'getGroup', {
        path: { realm_id: 'r-1', group_id: 'g-1' },
        header: { 'x-correlation_id': 'case-1' },
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('x-correlation_id');
    expect(requests).toHaveLength(0);
  });

  it('a bad correlation id is refused before sending, naming correlationId', async () => {
    const { access, requests } = await fakeAccess(() => ({ body: {} }));
    const error = await failureOf(() =>
      call(access, 'deleteSsoConfig', {
        path: { realm_id: 'r-1', sso_config_id: 's-1' },
        header: { 'x-correlation_id': 'a\nb' },
      }),
    );
    expect((error as ValidationError).field).toBe('correlationId');
    expect(requests).toHaveLength(0);
  });
});
