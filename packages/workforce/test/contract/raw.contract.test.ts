import { UnauthorizedError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import { describe, expect, inject, it } from 'vitest';
import { example, workforce } from './support.js';

describe('raw and untyped access', () => {
  it('the raw typed client shares auth and returns data', async () => {
    const { data } = await workforce.raw.GET('/v2/groups/{group_id}', {
      params: { path: { group_id: '3a9c1e5b-7d2f-4b6a-8e0c-9f1d3b5a7c42' } },
    });
    expect(data).toEqual(example('getGroup'));
  });

  it('request() reaches any path with the same pipeline', async () => {
    const data = await workforce.request<{ name: string }>(
      'GET',
      '/v2/groups/3a9c1e5b-7d2f-4b6a-8e0c-9f1d3b5a7c42',
    );
    expect(data.name).toBe('Engineering');
  });

  it('without a token every call is UnauthorizedError', async () => {
    const anonymous = createWorkforceClient({ baseUrl: inject('mockUrls').workforce! });
    await expect(anonymous.users.get('x')).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
