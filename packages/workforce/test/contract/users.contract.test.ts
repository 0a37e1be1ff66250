import { NotFoundError } from '@x/runtime';
import { type User, type UserList, userFilter, userOrderBy } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const ADA = '5f0c6a1e-7c41-4d0e-9f5b-2f4a9d3c1b07';

describe('users.create (POST /v2/users)', () => {
  it('sends a request Prism accepts and returns the example, typed', async () => {
    const user: User = await workforce.users.create({
      external_id: 'crm-000123',
      username: 'ada',
      display_name: 'Ada Lovelace',
    });
    expectAcceptedByPrism();
    expect(user).toEqual(example('createUser'));
    const state: string | undefined = user.state;
    expect(state).toBe('ACTIVE');
  });
  it('sends the e-mail address the enrolment e-mail goes to', async () => {
    const user = await workforce.users.create({
      external_id: 'crm-000123',
      email_address: 'ada@example.com',
      username: 'ada',
      display_name: 'Ada Lovelace',
    });
    expectAcceptedByPrism();
    expect(user.email_address).toBe('ada@example.com');
    const id: string = user.id;
    expect(id).toBe(ADA);
  });
  declaredErrors('createUser', (client, options) =>
    client.users.create({ username: 'ada' }, options),
  );
});

describe('users.get (GET /v2/users/{user_id})', () => {
  it('returns the example user', async () => {
    expect(await workforce.users.get(ADA)).toEqual(example('getUser'));
    expectAcceptedByPrism();
  });
  it('a 404 names the resource', async () => {
    const error = await workforce.users
      .get(ADA, { headers: { Prefer: 'code=404' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).resourceInfo).toMatchObject({ resource_type: 'user', id: ADA });
    expect((error as NotFoundError).request).toMatchObject({
      method: 'GET',
      pathTemplate: '/v2/users/{user_id}',
      path: `/v2/users/${ADA}`,
    });
  });
  declaredErrors('getUser', (client, options) => client.users.get(ADA, options));
});

describe('users.update (PATCH /v2/users/{user_id})', () => {
  it('sends a partial update Prism accepts and returns the example', async () => {
    expect(await workforce.users.update(ADA, { display_name: 'Ada King' })).toEqual(
      example('updateUser'),
    );
    expectAcceptedByPrism();
  });
  declaredErrors('updateUser', (client, options) =>
    client.users.update(ADA, { display_name: 'Ada King' }, options),
  );
});

describe('users.delete (DELETE /v2/users/{user_id})', () => {
  it('resolves with nothing on the empty 200', async () => {
    await expect(workforce.users.delete(ADA)).resolves.toBeUndefined();
    expectAcceptedByPrism();
  });
  declaredErrors('deleteUser', (client, options) => client.users.delete(ADA, options));
});

describe('users.list (GET /v2/users)', () => {
  it('iterates the example page with filter, order and page size', async () => {
    const users = await workforce.users
      .list({
        filter: userFilter.username.sw('a').and(userFilter.last_auth_time.pr()),
        orderBy: userOrderBy.desc('last_auth_time').asc('display_name'),
        page_size: 50,
      })
      .toArray();
    expectAcceptedByPrism();
    expect(users).toEqual(example<UserList>('listUsers').users);
  });
  it('await list() returns the typed first page', async () => {
    const page = await workforce.users.list({ page_size: 1000, skip: 0 });
    const raw: UserList = page.raw;
    expectAcceptedByPrism();
    expect(raw).toEqual(example('listUsers'));
  });
  declaredErrors('listUsers', async (client, options) => client.users.list({}, options));
});

describe('users.listGroups (GET /v2/users/{user_id}/groups)', () => {
  it('iterates the direct groups', async () => {
    const groups = await workforce.users.groups.list(ADA).toArray();
    expectAcceptedByPrism();
    expect(groups).toEqual(example<{ groups: unknown[] }>('listUserGroups').groups);
  });
  it('await listGroups() returns the typed first page', async () => {
    expect((await workforce.users.groups.list(ADA, { page_size: 10 })).raw).toEqual(
      example('listUserGroups'),
    );
    expectAcceptedByPrism();
  });
  declaredErrors('listUserGroups', async (client, options) =>
    client.users.groups.list(ADA, {}, options),
  );
});
