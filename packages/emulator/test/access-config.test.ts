// Realm configuration: themes (one per realm, the active one), authenticator configurations
// (with their list filter), the launch mechanisms (flow type configuration), and SSO
// configurations of every kind whose server-assigned fields satisfy the spec's response schema.
import { describe, expect, it } from 'vitest';
import { accessHarness } from './support/access.js';

describe('realm configuration', () => {
  it('keeps one theme per realm, the active one', async () => {
    const h = await accessHarness();
    expect((await h.r('GET', '/themes/active')).status).toBe(404);
    const theme = await h.r('POST', '/themes', {
      body: {
        theme: {
          email_realm_name: 'Acme',
          button_color: '#112233',
          support_url: 'https://help.example',
        },
      },
    });
    expect(theme.status).toBe(200);
    expect(
      (await h.r('POST', '/themes', { body: { theme: { email_realm_name: 'Again' } } })).status,
    ).toBe(409);
    expect(
      (await h.r('POST', '/themes', { body: { theme: { button_color: 'blue' } } })).status,
    ).toBe(400);
    expect((await h.r('GET', '/themes/active')).body.id).toBe(theme.body.id);
    const updated = await h.r('PATCH', `/themes/${theme.body.id}`, {
      body: { theme: { button_text_color: '#fff' } },
    });
    expect(updated.body).toMatchObject({
      email_realm_name: 'Acme',
      button_color: '#112233',
      button_text_color: '#fff',
    });
    expect((await h.r('GET', `/themes/${theme.body.id}`)).body).toEqual(updated.body);
    expect((await h.r('GET', '/themes/nope')).status).toBe(404);
  });

  it('keeps authenticator configurations, filtered by display name or type', async () => {
    const h = await accessHarness();
    const embedded = await h.r('POST', '/authenticator-configs', {
      body: {
        authenticator_config: {
          display_name: 'Web login',
          config: {
            type: 'embedded',
            invoke_url: 'https://app.example/login',
            trusted_origins: ['https://app.example'],
          },
        },
      },
    });
    expect(embedded.status).toBe(200);
    await h.r('POST', '/authenticator-configs', {
      body: {
        authenticator_config: {
          display_name: 'Console',
          config: {
            type: 'console',
            onboarding_configuration: { verification_method: { type: 'none' } },
          },
        },
      },
    });
    const all = await h.r('GET', '/authenticator-configs');
    expect(all.body.total_size).toBe(2);
    const byType = await h.r(
      'GET',
      `/authenticator-configs?filter=${encodeURIComponent('type eq "console"')}`,
    );
    expect(
      byType.body.authenticator_configs.map((c: { display_name: string }) => c.display_name),
    ).toEqual(['Console']);
    const byName = await h.r(
      'GET',
      `/authenticator-configs?filter=${encodeURIComponent('display_name co "web"')}`,
    );
    expect(byName.body.total_size).toBe(1);
    expect(
      (await h.r('GET', `/authenticator-configs?filter=${encodeURIComponent('color eq "x"')}`))
        .status,
    ).toBe(400);
    const updated = await h.r('PATCH', `/authenticator-configs/${embedded.body.id}`, {
      body: { authenticator_config: { display_name: 'Web' } },
    });
    expect(updated.body).toMatchObject({ display_name: 'Web', config: { type: 'embedded' } });
    expect((await h.r('DELETE', `/authenticator-configs/${embedded.body.id}`)).status).toBe(200);
    expect((await h.r('GET', `/authenticator-configs/${embedded.body.id}`)).status).toBe(404);
  });

  it('reads and partially updates the launch mechanisms', async () => {
    const h = await accessHarness();
    const config = await h.r('GET', '/flow-type-config');
    expect(config.status).toBe(200);
    expect(config.body.platform_config.web.embedded).toEqual({ enabled: true, valid: true });
    const updated = await h.r('PATCH', '/flow-type-config', {
      body: { web: { embedded: { enabled: false } } },
    });
    expect(updated.body.platform_config.web.embedded).toEqual({ enabled: false, valid: true });
    expect(updated.body.platform_config.ios.embedded).toEqual({ enabled: true, valid: true });
    expect((await h.r('GET', '/flow-type-config')).body.platform_config.web.embedded.enabled).toBe(
      false,
    );
  });

  it('creates SSO configurations of every kind with complete responses', async () => {
    const h = await accessHarness();
    const kinds = [
      {
        type: 'cloud_directory_external_auth_methods',
        redirect_uris: ['https://a.example/cb'],
        discover_endpoint: 'global_azure',
      },
      {
        type: 'partner_idp',
        client_id: 'c',
        identifying_claim_name: 'email',
        identity_attribute: 'email',
        partner_domain: 'partner.example',
      },
      {
        type: 'partner_sso_vendor_idp',
        pkce: 's256',
        partner_registration: { domain: 'vendor.example', is_enabled: true },
      },
      {
        type: 'ws_fed',
        acs_url: 'https://wsfed.example/acs',
        audience_url: 'https://wsfed.example',
        expiration_time_seconds: 3600,
        digest_algorithm: 'sha256',
        signature_algorithm: 'rsa_sha256',
        name_format: 'email_address',
        subject_user_name_attribute: 'email',
        authentication_context: 'password',
        additional_user_attributes: [],
      },
    ];
    for (const payload of kinds) {
      const created = await h.r('POST', '/sso-configs', {
        body: { sso_config: { display_name: payload.type.slice(0, 20), payload } },
      });
      expect(created.status, payload.type).toBe(200);
      const read = await h.r('GET', `/sso-configs/${created.body.id}`);
      expect(read.body.payload.type).toBe(payload.type);
    }
    expect((await h.r('GET', '/sso-configs')).body.total_size).toBe(kinds.length);
  });
});
