// Family L with the generated client: a user created with the static bearer token.

import { createLegacyUser } from '@story/legacy';
import { createClient } from '@story/legacy/client';
import { expect, it } from 'vitest';
import { changes } from './changes.js';
import { env, runId, tolerance } from './env.js';

const client = createClient({ baseUrl: env('LEGACY_URL'), auth: () => env('LEGACY_TOKEN') });

it('l_create_user', async () => {
  const { data, error } = await createLegacyUser({
    client,
    body: {
      external_id: `legacy-${runId}`,
      email: `legacy-${runId}@example.com`,
      user_name: `story-l-${runId}`,
      display_name: 'Legacy story user',
      binding_token_delivery_method: 'email',
    },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(data?.external_id).toBe(`legacy-${runId}`);
  expect(data?.internal_id).toEqual(expect.any(String));
  if (!tolerance()) expect(data?.status).toBe('USER_STATUS_ACTIVE');
  changes.legacyUserName = data?.user_name;
});
