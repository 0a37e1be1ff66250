// Authenticator configurations against a scripted fake: `{ authenticator_config }` with the
// config selected by `type`, kinds the SDK does not know read as they came, and the list's filter
// and page tokens (and those of the other lists of realm configuration).
import { isKnownAuthenticatorSettings } from '@x/access';
import { describe, expect, it } from 'vitest';
import { fakeAccess, inRealm, pagedList } from './support/fake.js';

describe('authenticator configurations', () => {
  it('create sends { authenticator_config } with the config selected by type', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: {} }));
    const config = {
      type: 'console' as const,
      onboarding_configuration: { verification_method: { type: 'idp' as const, idp_id: 'i-1' } },
    };
    await realm.authenticatorConfigs.create({ display_name: 'Console', config });
    expect(requests[0]!.body).toEqual({
      authenticator_config: { display_name: 'Console', config },
    });
    expect(requests[0]!.url.pathname).toBe(inRealm('/authenticator-configs'));
  });

  it('a kind the SDK does not know is read as it came', async () => {
    const config = { type: 'smart_card', reader: 'any' };
    const { realm } = await fakeAccess(() => ({
      status: 200,
      body: { authenticator_configs: [{ id: 'c', realm_id: 'r', tenant_id: 't', config }] },
    }));
    const [first] = (await realm.authenticatorConfigs.list()).items;
    expect(first!.config).toEqual(config);
    expect(isKnownAuthenticatorSettings(first!.config!)).toBe(false);
  });

  it('the filter is sent with every page token', async () => {
    const items = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'].map((id) => ({ id }));
    const { realm, requests } = await fakeAccess(pagedList('authenticator_configs', items));
    expect(await realm.authenticatorConfigs.list({ filter: 'kind=hosted' }).toArray()).toEqual(
      items,
    );
    expect(requests).toHaveLength(3);
    for (const r of requests) expect(r.url.searchParams.get('filter')).toBe('kind=hosted');
  });

  it('every list checks its page token: an empty or non-string token is refused', async () => {
    const { realm, requests } = await fakeAccess();
    for (const pageToken of ['', 5 as unknown as string])
      for (const list of [
        () => realm.applications.list({ page_token: pageToken }),
        () => realm.authenticatorConfigs.list({ page_token: pageToken }),
        () => realm.identityProviders.list({ page_token: pageToken }),
        () => realm.ssoConfigs.list({ page_token: pageToken }),
        () => realm.ssoConfigs.identities.list('s', { page_token: pageToken }),
      ])
        await expect(list()).rejects.toThrow(/^page_token: must be a non-empty string/);
    await expect(realm.authenticatorConfigs.list({ page_size: 101 })).rejects.toThrow(
      /^page_size: /,
    );
    expect(requests).toHaveLength(0);
  });
});
