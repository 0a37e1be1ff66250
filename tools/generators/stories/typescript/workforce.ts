// Family W with the generated client: token, a user created and read, a filtered list over three
// pages, a 404 and a 409 read as the generated error type.

import {
  type CreateGroupErrors,
  createGroup,
  createUser,
  type GetUserErrors,
  getUser,
  issueToken,
  listUsers,
  type User,
} from '@story/workforce';
import { createClient } from '@story/workforce/client';
import { expect, it } from 'vitest';
import { changes } from './changes.js';
import { basic, env, runId, tolerance } from './env.js';

let token: string | undefined;
const client = createClient({
  baseUrl: env('WORKFORCE_URL'),
  auth: (auth) =>
    auth.scheme === 'basic'
      ? basic(env('WORKFORCE_CLIENT_ID'), env('WORKFORCE_CLIENT_SECRET'))
      : token,
});

let created: User | undefined;

it('w_token_client_credentials', async () => {
  const { data, error, response } = await issueToken({
    client,
    body: { grant_type: 'client_credentials' },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  expect(data?.access_token).toEqual(expect.any(String));
  expect(data?.token_type.toLowerCase()).toBe('bearer');
  token = data?.access_token;
});

it('w_create_user', async () => {
  const { data, error } = await createUser({
    client,
    body: {
      user: {
        external_id: `story-${runId}`,
        email_address: `story-${runId}@example.com`,
        username: `story-w-${runId}`,
        display_name: 'Story User',
      },
    },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(data?.id).toEqual(expect.any(String));
  expect(data?.username).toBe(`story-w-${runId}`);
  if (!tolerance()) expect(data?.state).toBe('ACTIVE');
  created = data;
  changes.workforceUserName = data?.username;
});

it('w_get_user', async () => {
  expect(created?.id, 'w_create_user made a user').toEqual(expect.any(String));
  const { data, error } = await getUser({ client, path: { user_id: created?.id ?? '' } });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(data?.id).toBe(created?.id);
  expect(data?.display_name).toBe('Story User');
});

it('w_filtered_list_three_pages', async () => {
  const prefix = `paged-${runId}-`;
  for (let i = 0; i < 5; i++) {
    const { error } = await createUser({
      client,
      body: { user: { username: `${prefix}${i}`, email_address: `${prefix}${i}@example.com` } },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
  }
  const seen: string[] = [];
  let pages = 0;
  for (let skip = 0; ; skip += 2) {
    const { data, error } = await listUsers({
      client,
      query: { filter: `username sw "${prefix}"`, page_size: 2, skip },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(data?.total_size).toBe(5);
    const users = data?.users ?? [];
    if (users.length === 0) break;
    pages++;
    seen.push(...users.map((u) => u.username ?? ''));
  }
  expect(pages).toBe(3);
  expect(seen.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}${i}`));
});

it('w_not_found_error_type', async () => {
  const { data, error, response } = await getUser({
    client,
    path: { user_id: `no-such-user-${runId}` },
  });
  expect(data).toBeUndefined();
  expect(response.status).toBe(404);
  // hey-api types `error` as the union of every declared error body; 429 declares none (its body
  // is not published), which makes that union `unknown`: the body is read as the status's type.
  const typed = error as GetUserErrors[404];
  expect(typed?.code).toBe('not_found');
  expect(typed?.message).toEqual(expect.any(String));
  expect(typed?.details?.some((d) => d.type === 'ResourceInfo')).toBe(true);
});

it('w_duplicate_group_conflict', async () => {
  const group = { group: { name: `story-group-${runId}`, description: 'story' } };
  const first = await createGroup({ client, body: group });
  expect(first.error, JSON.stringify(first.error)).toBeUndefined();
  expect(first.data?.name).toBe(group.group.name);
  const second = await createGroup({ client, body: group });
  expect(second.data).toBeUndefined();
  expect(second.response.status).toBe(409);
  const typed = second.error as CreateGroupErrors[409];
  expect(typed?.code).toEqual(expect.any(String));
  expect(typed?.message).toEqual(expect.any(String));
});
