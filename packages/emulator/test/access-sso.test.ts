// SSO configurations and identity providers: creation fills in what the server assigns (the
// application of an OIDC kind, the identity provider of an IdP kind, the realm's SCIM address),
// lists with type / is_migrated / order_by, partial updates, the identity and group
// associations (the identity list pages one source at a time, so a page can be empty while
// more follow), the checks, `test`, the SSO configurations of an identity and of a group, and
// the `x-correlation_id` header echoed as `x-correlation-id`.
import { describe, expect, it } from 'vitest';
import { type AccessHarness, accessHarness } from './support/access.js';

const oidc = {
  type: 'generic_oidc',
  redirect_uris: ['https://app.example/callback'],
  scopes: ['openid', 'email'],
  confidentiality: 'confidential',
  pkce: 's256',
};
const saml = {
  type: 'generic_saml',
  acs_url: 'https://sp.example/acs',
  override_recipient_and_destination: false,
  audience_url: 'https://sp.example',
  default_relay_state: '',
  name_format: 'email_address',
  authentication_context: 'password',
  subject_user_name_attribute: 'email',
  sign_envelope: true,
  sign_assertions: true,
  signature_algorithm: 'rsa_sha256',
  digest_algorithm: 'sha256',
  encrypt_assertions: false,
  assertion_validity_duration_seconds: 300,
  sp_signature_certificates: [],
  enable_single_log_out: false,
  single_logout_sign_request_and_response: false,
  validate_signed_requests: false,
  additional_user_attributes: [{ name: 'mail', name_format: 'email_address', value: 'email' }],
};
const bookmark = {
  type: 'bookmark',
  login_link: 'https://intranet.example',
  is_tile_visible: true,
};
const idp = {
  type: 'generic_oidc_idp',
  client_id: 'upstream-client',
  identifying_claim_name: 'email',
  identity_attribute: 'email',
  authorization_endpoint: 'https://idp.example/authorize',
  token_endpoint: 'https://idp.example/token',
  jwks_endpoint: 'https://idp.example/jwks',
};

async function create(
  h: AccessHarness,
  display_name: string,
  payload: unknown,
  is_migrated = false,
) {
  const res = await h.r('POST', '/sso-configs', {
    body: { sso_config: { display_name, is_migrated, payload } },
  });
  if (res.status !== 200)
    throw new Error(`sso ${display_name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('SSO configurations', () => {
  it('creates each kind with its server-assigned fields, lists, updates and deletes', async () => {
    const h = await accessHarness();
    const app = await create(h, 'Portal', oidc);
    expect(app.payload).toMatchObject({
      ...oidc,
      trusted_origins: [],
      client_id: expect.any(String),
      client_secret: expect.any(String),
      application_id: expect.any(String),
      authenticator_config_id: expect.any(String),
      resource_server_id: 'management-api',
      oidc_configuration: { issuer: expect.stringContaining(h.realmId) },
    });
    const created = await h.r('GET', `/applications/${app.payload.application_id}`);
    expect(created.body.protocol_config).toMatchObject({
      type: 'oidc',
      client_id: app.payload.client_id,
    });
    const ssoId = await h.r('GET', `/applications/${app.payload.application_id}/sso-configs-id`, {
      headers: { 'x-correlation_id': 'corr-1' },
    });
    expect(ssoId.body).toEqual({ sso_config_id: app.id });
    expect(ssoId.headers.get('x-correlation-id')).toBe('corr-1');

    const upstream = await create(h, 'Upstream', idp, true);
    const provider = await h.r(
      'GET',
      `/identity-providers/${upstream.payload.identity_provider_id}`,
    );
    expect(provider.body).toMatchObject({
      display_name: 'Upstream',
      protocol_config: {
        type: 'oidc_idp',
        client_id: 'upstream-client',
        redirect_url: upstream.payload.redirect_uri,
      },
    });
    const scim = await create(h, 'Provisioning', { type: 'scim' });
    expect(scim.payload.scim_url).toBe(
      `${h.em.urls.access}/v1/tenants/${h.tenantId}/realms/${h.realmId}/scim/v2`,
    );
    const tile = await create(h, 'Intranet', bookmark);
    expect(tile.payload).toEqual(bookmark);
    const legacy = await create(h, 'Legacy SAML', saml);
    expect(legacy.payload.identity_provider_certs).toHaveLength(1);
    expect(legacy.payload.sp_initiated_url).toEqual(expect.any(String));

    const all = await h.r('GET', '/sso-configs');
    expect(all.body.total_size).toBe(5);
    expect(all.body.sso_configs.find((s: { id: string }) => s.id === app.id).payload).toEqual({
      type: 'generic_oidc',
      redirect_uris: oidc.redirect_uris,
    });
    const correlated = await h.r('GET', '/sso-configs');
    expect(correlated.headers.get('x-correlation-id')).toEqual(expect.any(String));
    const types = await h.r('GET', '/sso-configs?type=bookmark&type=scim');
    expect(types.body.sso_configs.map((s: { display_name: string }) => s.display_name)).toEqual([
      'Provisioning',
      'Intranet',
    ]);
    const migrated = await h.r('GET', '/sso-configs?is_migrated=true');
    expect(migrated.body.sso_configs.map((s: { id: string }) => s.id)).toEqual([upstream.id]);
    const ordered = await h.r(
      'GET',
      `/sso-configs?order_by=${encodeURIComponent('display_name desc')}&page_size=2`,
    );
    expect(ordered.body.sso_configs.map((s: { display_name: string }) => s.display_name)).toEqual([
      'Upstream',
      'Provisioning',
    ]);
    const page2 = await h.r('GET', `/sso-configs?page_token=${ordered.body.next_page_token}`);
    expect(page2.body.sso_configs.map((s: { display_name: string }) => s.display_name)).toEqual([
      'Portal',
      'Legacy SAML',
    ]);
    const changed = await h.r(
      'GET',
      `/sso-configs?page_token=${ordered.body.next_page_token}&order_by=type`,
    );
    expect(changed.status).toBe(400);
    expect((await h.r('GET', '/sso-configs?order_by=nonsense')).status).toBe(400);
    expect((await h.r('GET', '/sso-configs?type=telepathy')).status).toBe(400);

    const updated = await h.r('PATCH', `/sso-configs/${tile.id}`, {
      body: { sso_config: { type: 'bookmark', is_tile_visible: false } },
    });
    expect(updated.body.payload).toEqual({ ...bookmark, is_tile_visible: false });
    const kind = await h.r('PATCH', `/sso-configs/${tile.id}`, {
      body: { sso_config: { type: 'scim' } },
    });
    expect(kind.status).toBe(400);
    expect(kind.headers.get('x-correlation-id')).toEqual(expect.any(String));

    const tested = await h.r('POST', `/sso-configs/${app.id}/test`);
    expect(tested.body).toEqual({
      identity_providers: [],
      oidc_applications: [
        {
          application_id: app.payload.application_id,
          display_name: 'Portal',
          is_success: true,
          status_code: '200',
        },
      ],
    });
    expect(
      (await h.r('POST', `/sso-configs/${upstream.id}/test`)).body.identity_providers[0],
    ).toMatchObject({
      identity_provider_id: upstream.payload.identity_provider_id,
      is_success: true,
    });

    expect((await h.r('DELETE', `/sso-configs/${app.id}`)).status).toBe(200);
    expect((await h.r('GET', `/sso-configs/${app.id}`)).status).toBe(404);
    expect((await h.r('GET', `/applications/${app.payload.application_id}`)).status).toBe(404);
  });

  it('associates identities and groups; the identity list can have empty pages in the middle', async () => {
    const h = await accessHarness();
    const sso = await create(h, 'Portal', oidc);
    const path = `/sso-configs/${sso.id}`;
    const [ada, bob, cy] = [
      await h.identity('ada'),
      await h.identity('bob'),
      await h.identity('cy'),
    ];
    const empty = (await h.r('POST', '/groups', { body: { group: { display_name: 'Empty' } } }))
      .body;
    const team = (await h.r('POST', '/groups', { body: { group: { display_name: 'Team' } } })).body;
    await h.r('POST', `/groups/${team.id}:addMembers`, { body: { identity_ids: [ada.id, cy.id] } });

    const add = await h.r('POST', `${path}:addIdentities`, {
      body: { identity_ids: [ada.id] },
      headers: { 'x-correlation_id': 'assign-1' },
    });
    expect(add.status).toBe(200);
    expect(add.headers.get('x-correlation-id')).toBe('assign-1');
    expect(
      (await h.r('POST', `${path}:addIdentities`, { body: { identity_ids: ['ghost'] } })).status,
    ).toBe(404);
    await h.r('POST', `${path}:addGroups`, { body: { group_ids: [empty.id, team.id] } });

    // Page through the associations: direct ones, then each group's members, one source a page.
    const pages: { identities: { id: string; group_id?: string }[]; next_page_token?: string }[] =
      [];
    let token: string | undefined;
    do {
      const res = await h.r(
        'GET',
        `${path}:listIdentityAssociations?page_size=5${token ? `&page_token=${token}` : ''}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body);
      token = res.body.next_page_token;
    } while (token);
    expect(pages.map((p) => p.identities.map((i) => i.id))).toEqual([
      [ada.id],
      [],
      [ada.id, cy.id],
    ]);
    expect(pages[2]!.identities[0]).toMatchObject({
      group_id: team.id,
      group_display_name: 'Team',
    });

    const groups = await h.r('GET', `${path}:listGroupAssociations`);
    expect(
      groups.body.groups.map((g: { id: string; member_count: number }) => [g.id, g.member_count]),
    ).toEqual([
      [empty.id, 0],
      [team.id, 2],
    ]);
    const listing = await h.r('GET', `${path}/groups`);
    expect(listing.body.total_size).toBe(2);
    const assigned = await h.r('POST', `${path}/is-group-assigned`, {
      body: { group_ids: ['x', team.id] },
    });
    expect(assigned.body).toEqual({ is_assigned_to_sso_config: true });
    expect(
      (await h.r('POST', `${path}/is-group-assigned`, { body: { group_ids: ['x'] } })).body,
    ).toEqual({
      is_assigned_to_sso_config: false,
    });
    expect(
      (await h.r('GET', `/identities/${cy.id}/sso-configs/${sso.id}/is-identity-assigned`)).body,
    ).toEqual({});
    const notAssigned = await h.r(
      'GET',
      `/identities/${bob.id}/sso-configs/${sso.id}/is-identity-assigned`,
    );
    expect(notAssigned.status).toBe(400);
    expect(
      (await h.r('GET', `/identities/${cy.id}/sso-configs`)).body.sso_configs.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual([sso.id]);
    expect((await h.r('GET', `/identities/${bob.id}/sso-configs`)).body).toEqual({
      sso_configs: [],
      total_size: 0,
    });
    expect((await h.r('GET', `/groups/${team.id}/sso-configs`)).body.total_size).toBe(1);

    await h.r('POST', `${path}:deleteGroups`, { body: { group_ids: [team.id, empty.id] } });
    await h.r('POST', `${path}:deleteIdentities`, { body: { identity_ids: [ada.id, bob.id] } });
    const none = await h.r('GET', `${path}:listIdentityAssociations`);
    expect(none.body).toEqual({ identities: [] });
    expect((await h.r('GET', `/groups/${team.id}/sso-configs`)).body.total_size).toBe(0);
  });

  it('manages identity providers, echoing the correlation id on errors too', async () => {
    const h = await accessHarness();
    const created = await h.r('POST', '/identity-providers', {
      headers: { 'x-correlation_id': 'idp-1' },
      body: {
        display_name: 'Corporate IdP',
        protocol_config: {
          type: 'oidc_idp',
          client_id: 'cid',
          client_secret: 'secret',
          token_scopes: ['openid'],
          identity_attribute: 'email',
          pkce: 's256',
          jwks_url: 'https://corp.example/jwks',
          token_url: 'https://corp.example/token',
          authorize_url: 'https://corp.example/authorize',
          identifying_claim_name: 'email',
          oauth_2_par_enabled: false,
          token_endpoint_auth_method: 'client_secret_basic',
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-correlation-id')).toBe('idp-1');
    expect(created.body.protocol_config.redirect_url).toContain(created.body.id);
    const path = `/identity-providers/${created.body.id}`;
    const updated = await h.r('PATCH', path, {
      body: {
        identity_provider: {
          display_name: 'Corp',
          protocol_config: { type: 'oidc_idp', pkce: 'plain' },
        },
      },
    });
    expect(updated.body).toMatchObject({
      display_name: 'Corp',
      protocol_config: { pkce: 'plain', client_id: 'cid' },
    });
    expect((await h.r('GET', '/identity-providers')).body.identity_providers).toHaveLength(1);
    expect((await h.r('DELETE', path)).status).toBe(200);
    const gone = await h.r('GET', path, { headers: { 'x-correlation_id': 'idp-2' } });
    expect(gone.status).toBe(400);
    expect(gone.headers.get('x-correlation-id')).toBe('idp-2');
  });
});
