// Applications against a scripted fake: the protocol configuration selected by `type`, read-only
// fields of a record read back left out, kinds the SDK does not know read as they came, paging.
import { isKnownProtocolConfig } from '@x/access';
import { describe, expect, it } from 'vitest';
import { fakeAccess, inRealm, pagedList } from './support/fake.js';

describe('applications', () => {
  it('a protocol configuration read back is sent without what the server assigned', async () => {
    const { realm, requests } = await fakeAccess(() => ({ status: 200, body: {} }));
    const application = {
      id: 'app-1',
      realm_id: 'r-1',
      tenant_id: 't-1',
      is_managed: false,
      display_name: 'Portal',
      protocol_config: {
        type: 'oauth2' as const,
        client_id: 'assigned',
        client_secret: 'assigned-secret',
        grant_type: ['client_credentials' as const],
      },
    };
    await realm.applications.update(application.id, application);
    expect(requests[0]!.body).toEqual({
      application: {
        display_name: 'Portal',
        protocol_config: { type: 'oauth2', grant_type: ['client_credentials'] },
      },
    });
  });

  it('a protocol kind the SDK does not know is read as it came', async () => {
    const protocol_config = { type: 'saml2', entity_id: 'urn:example' };
    const { realm } = await fakeAccess(() => ({
      status: 200,
      body: { id: 'a', realm_id: 'r', tenant_id: 't', protocol_config },
    }));
    const application = await realm.applications.get('a');
    expect(application.protocol_config).toEqual(protocol_config);
    expect(isKnownProtocolConfig(application.protocol_config!)).toBe(false);
  });

  it('the list walks every page, 100 at most per page', async () => {
    const items = ['a-1', 'a-2', 'a-3'].map((id) => ({ id }));
    const { realm, requests } = await fakeAccess(pagedList('applications', items));
    expect(await realm.applications.list().toArray()).toEqual(items);
    expect(requests.map((r) => r.url.searchParams.get('page_token'))).toEqual([null, 'page-2']);
    await expect(realm.applications.list({ pageSize: 101 })).rejects.toThrow(/^pageSize: /);
  });

  it('getSsoConfigId reads the id with the correlation id', async () => {
    const { realm, requests } = await fakeAccess(() => ({
      status: 200,
      body: { sso_config_id: 'sso-1' },
    }));
    const { sso_config_id } = await realm.applications.getSsoConfigId('app-1', {
      correlationId: 'c-1',
    });
    expect(sso_config_id).toBe('sso-1');
    expect(requests[0]!.url.pathname).toBe(inRealm('/applications/app-1/sso-configs-id'));
    expect(requests[0]!.headers['x-correlation_id']).toBe('c-1');
  });
});
