// Applications and their tokens: the default management application (seeded, not deletable),
// new applications with server-assigned client credentials that can get tokens, the token list,
// revocation (401 from then on), tokens that die with their application, and the SSO
// configuration id of an application.
import { describe, expect, it } from 'vitest';
import { accessHarness, accessToken } from './support/access.js';

describe('applications and tokens', () => {
  it('lists the issued tokens and revokes one: 401 from then on', async () => {
    const h = await accessHarness({ clock: { start: '2026-02-01T00:00:00Z', frozen: true } });
    const c = h.em.credentials.access;
    const other = await accessToken(h, c, 'management.read');
    const apps = `/applications/${c.applicationId}`;
    const tokens = await h.r('GET', `${apps}/tokens`);
    expect(tokens.status).toBe(200);
    expect(tokens.body.total_size).toBe(2);
    const otherId = JSON.parse(
      atob(other.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ).jti;
    expect(tokens.body.tokens).toContainEqual({
      id: otherId,
      display_name: expect.any(String),
      scopes: ['management.read'],
      token_suffix: other.slice(-6),
      token_format: 'self_contained',
      expires: Date.parse('2026-02-01T01:00:00Z') / 1000,
      issued_at: Date.parse('2026-02-01T00:00:00Z') / 1000,
      token_type: 'Bearer',
    });
    expect((await h.r('GET', `${apps}/tokens?principal_type=identity`)).body.tokens).toEqual([]);
    expect(
      (await h.r('GET', `${apps}/tokens?principal_id=${c.applicationId}`)).body.total_size,
    ).toBe(2);

    expect((await h.r('GET', '/identities', { token: other })).status).toBe(200);
    expect((await h.r('DELETE', `${apps}/tokens/${otherId}`)).status).toBe(200);
    const refused = await h.r('GET', '/identities', { token: other });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'unauthorized', message: 'token revoked' });
    expect((await h.r('GET', '/identities')).status).toBe(200);
    expect((await h.r('GET', `${apps}/tokens`)).body.total_size).toBe(1);
    expect((await h.r('DELETE', `${apps}/tokens/${otherId}`)).status).toBe(200);
    expect((await h.r('DELETE', `${apps}/tokens/unknown`)).status).toBe(404);
    // Tokens expire on the emulator's clock.
    h.em.advanceClock(3600_000);
    expect((await h.r('GET', '/identities')).status).toBe(401);
  });

  it('creates applications with client credentials; their tokens die with them', async () => {
    const h = await accessHarness();
    const c = h.em.credentials.access;
    const seeded = await h.r('GET', `/applications/${c.applicationId}`);
    expect(seeded.body).toMatchObject({
      is_managed: true,
      resource_server_id: 'management-api',
      protocol_config: { type: 'oauth2', client_id: c.clientId },
    });
    expect(seeded.body.protocol_config.client_secret).toBeUndefined();
    const created = await h.r('POST', '/applications', {
      body: {
        application: {
          display_name: 'Reporting',
          resource_server_id: 'management-api',
          protocol_config: {
            type: 'oauth2',
            grant_type: ['client_credentials'],
            confidentiality: 'confidential',
          },
        },
      },
    });
    expect(created.status).toBe(200);
    const { client_id, client_secret } = created.body.protocol_config;
    expect(client_secret).toEqual(expect.any(String));
    expect(
      (await h.r('GET', `/applications/${created.body.id}`)).body.protocol_config.client_secret,
    ).toBeUndefined();
    const token = await accessToken(h, {
      tokenUrl: c.tokenUrl.replace(c.applicationId, created.body.id),
      clientId: client_id,
      clientSecret: client_secret,
    });
    expect((await h.r('GET', '/groups', { token })).status).toBe(200);
    const renamed = await h.r('PATCH', `/applications/${created.body.id}`, {
      body: { application: { display_name: 'Reports' } },
    });
    expect(renamed.body.display_name).toBe('Reports');
    const list = await h.r('GET', '/applications');
    expect(list.body.applications.map((a: { display_name: string }) => a.display_name)).toEqual([
      'Management application',
      'Reports',
    ]);
    // That the resource server named exists is not published: the id is kept as sent.
    const named = await h.r('POST', '/applications', {
      body: { application: { resource_server_id: 'nope' } },
    });
    expect(named.status).toBe(200);
    expect(named.body.resource_server_id).toBe('nope');
    expect((await h.r('DELETE', `/applications/${named.body.id}`)).status).toBe(200);
    expect((await h.r('GET', `/applications/${created.body.id}/sso-configs-id`)).body).toEqual({});
    expect((await h.r('DELETE', `/applications/${created.body.id}`)).status).toBe(200);
    expect((await h.r('GET', '/groups', { token })).status).toBe(401);
    expect((await h.r('DELETE', `/applications/${c.applicationId}`)).status).toBe(403);
    expect((await h.r('GET', '/applications/nope')).status).toBe(404);
  });
});
