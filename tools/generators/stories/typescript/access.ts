// Family A with the generated client: a token from the auth URL, a realm, an identity in it, a
// listing followed by its page tokens, and a 400 whose field violations name the field.

import {
  type Error as AccessError,
  createIdentity,
  createRealm,
  issueToken,
  listIdentities,
} from '@story/access';
import { createClient } from '@story/access/client';
import { expect, it } from 'vitest';
import { changes } from './changes.js';
import { basic, env, runId, tolerance } from './env.js';

let token: string | undefined;
const auth = (scheme: { scheme?: string }) =>
  scheme.scheme === 'basic' ? basic(env('ACCESS_CLIENT_ID'), env('ACCESS_CLIENT_SECRET')) : token;
const authClient = createClient({ baseUrl: env('ACCESS_AUTH_URL'), auth });
const client = createClient({ baseUrl: env('ACCESS_URL'), auth });
const tenant_id = env('ACCESS_TENANT_ID');
let realm_id: string | undefined;
let identityId: string | undefined;

it('a_token_client_credentials', async () => {
  const { data, error, response } = await issueToken({
    client: authClient,
    path: {
      tenant_id,
      realm_id: env('ACCESS_REALM_ID'),
      application_id: env('ACCESS_APPLICATION_ID'),
    },
    body: { grant_type: 'client_credentials' },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  expect(data?.access_token).toEqual(expect.any(String));
  token = data?.access_token;
});

it('a_realm', async () => {
  const { data, error } = await createRealm({
    client,
    path: { tenant_id },
    body: { realm: { display_name: `Story realm ${runId}`, classification: 'SECURE_CUSTOMER' } },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(data?.id).toEqual(expect.any(String));
  expect(data?.tenant_id).toBe(tenant_id);
  if (!tolerance()) expect(data?.classification).toBe('SECURE_CUSTOMER');
  realm_id = data?.id;
  changes.accessRealmName = data?.display_name;
});

it('a_identity', async () => {
  expect(realm_id, 'a_realm made a realm').toEqual(expect.any(String));
  const { data, error } = await createIdentity({
    client,
    path: { tenant_id, realm_id: realm_id ?? '' },
    body: {
      identity: {
        display_name: 'Story identity',
        status: 'active',
        traits: { type: 'traits_v0', username: `story-a-${runId}` },
      },
    },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(data?.id).toEqual(expect.any(String));
  expect(data?.realm_id).toBe(realm_id);
  expect(data?.display_name).toBe('Story identity');
  identityId = data?.id;
  changes.accessIdentityUserName = `story-a-${runId}`;
});

it('a_page_token_listing', async () => {
  const path = { tenant_id, realm_id: realm_id ?? '' };
  for (let i = 0; i < 4; i++) {
    const { error } = await createIdentity({
      client,
      path,
      body: { identity: { display_name: `Paged identity ${i}`, status: 'active' } },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
  }
  const ids: string[] = [];
  let pages = 0;
  let page_token: string | undefined;
  do {
    const { data, error } = await listIdentities({
      client,
      path,
      query: { page_size: 2, ...(page_token ? { page_token } : {}) },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(data?.total_size).toBe(5);
    ids.push(...(data?.identities ?? []).map((identity) => identity.id));
    page_token = data?.next_page_token || undefined;
    pages++;
  } while (page_token && pages < 10);
  expect(pages).toBe(3);
  expect(new Set(ids).size).toBe(5);
  expect(ids).toContain(identityId);
});

it('a_field_violations', async () => {
  const { data, error, response } = await createIdentity({
    client,
    path: { tenant_id, realm_id: realm_id ?? '' },
    body: { identity: { display_name: 'Not {allowed}', status: 'active' } },
  });
  expect(data).toBeUndefined();
  expect(response.status).toBe(400);
  const typed: AccessError | undefined = error;
  expect(typed?.code).toBe('bad_request');
  const violations = typed?.details?.find((d) => d.type === 'FieldViolations');
  expect(violations?.field_violations).toContainEqual(
    expect.objectContaining({ field: 'identity.display_name', description: expect.any(String) }),
  );
});
