// Tokens: the client-credentials endpoints issue signed JWTs with jti, exp, iat, scope and the
// tenant; no token, an unknown one or an expired one (emulator clock) gives 401, and a token of
// one family never works on another. Static keys: events (401 unknown, 403 not active), legacy.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { basic, harness } from './support/harness.js';

describe('authentication', () => {
  it('issues signed JWTs with the published claims', async () => {
    const h = await harness({
      clock: { start: '2026-03-01T10:00:00Z', frozen: true },
      tokenLifetimeSeconds: 600,
    });
    const claims = decodeJwt(h.token);
    expect(claims).toMatchObject({
      jti: expect.any(String),
      iat: Date.parse('2026-03-01T10:00:00Z') / 1000,
      exp: Date.parse('2026-03-01T10:00:00Z') / 1000 + 600,
      scope: 'workforce.admin',
      tenant_id: h.em.credentials.workforce.tenantId,
      aud: 'workforce',
    });
    const c = h.em.credentials.workforce;
    const scoped = await h.call(c.tokenUrl, 'POST', {
      raw: 'grant_type=client_credentials&scope=users.read%20groups.read',
      contentType: 'application/x-www-form-urlencoded',
      headers: { authorization: basic(c.clientId, c.clientSecret) },
    });
    expect(scoped.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'users.read groups.read',
    });
    expect(decodeJwt(scoped.body.access_token).jti).not.toBe(claims.jti);
  });

  it('refuses wrong client credentials and grant types', async () => {
    const h = await harness();
    const c = h.em.credentials.workforce;
    const wrong = await h.call(c.tokenUrl, 'POST', {
      raw: 'grant_type=client_credentials',
      contentType: 'application/x-www-form-urlencoded',
      headers: { authorization: basic(c.clientId, 'nope') },
    });
    expect(wrong.status).toBe(401);
    const grant = await h.call(c.tokenUrl, 'POST', {
      raw: 'grant_type=password',
      contentType: 'application/x-www-form-urlencoded',
      headers: { authorization: basic(c.clientId, c.clientSecret) },
    });
    expect(grant.status).toBe(400);
  });

  it('gives 401 for a missing, unknown, tampered or expired token', async () => {
    const h = await harness({ tokenLifetimeSeconds: 60 });
    expect((await h.workforce('GET', '/v2/users', { token: null })).status).toBe(401);
    expect((await h.workforce('GET', '/v2/users', { token: 'not-a-jwt' })).status).toBe(401);
    const [head, payload, signature] = h.token.split('.');
    const forged = `${head}.${payload}.${signature!.slice(0, -4)}AAAA`;
    expect((await h.workforce('GET', '/v2/users', { token: forged })).status).toBe(401);
    expect((await h.workforce('GET', '/v2/users')).status).toBe(200);
    h.em.advanceClock(61_000);
    const expired = await h.workforce('GET', '/v2/users');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('token expired');
  });

  it('never accepts a workforce token on access or events, nor an access token on workforce', async () => {
    const h = await harness();
    const a = h.em.credentials.access;
    const accessToken = (
      await h.call(a.tokenUrl, 'POST', {
        raw: 'grant_type=client_credentials',
        contentType: 'application/x-www-form-urlencoded',
        headers: { authorization: basic(a.clientId, a.clientSecret) },
      })
    ).body.access_token as string;
    expect(decodeJwt(accessToken)).toMatchObject({
      aud: 'access',
      tenant_id: a.tenantId,
      realm_id: a.realmId,
    });
    const path = `/v1/tenants/${a.tenantId}`;
    expect((await h.access('GET', path, { token: h.token })).status).toBe(401);
    expect((await h.access('GET', path, { token: accessToken })).status).toBe(200);
    expect((await h.workforce('GET', '/v2/users', { token: accessToken })).status).toBe(401);
    expect((await h.events('?ordering=asc', { token: h.token })).status).toBe(401);
    expect(
      (
        await h.legacy('POST', '/v1/manage/recover-user', {
          token: h.token,
          body: { external_id: 'x', binding_token_delivery_method: 'email' },
        })
      ).status,
    ).toBe(401);
    // The access token endpoint checks the application in the path.
    const wrongApp = await h.call(a.tokenUrl.replace(a.applicationId, 'other-app'), 'POST', {
      raw: 'grant_type=client_credentials',
      contentType: 'application/x-www-form-urlencoded',
      headers: { authorization: basic(a.clientId, a.clientSecret) },
    });
    expect(wrongApp.status).toBe(401);
  });

  it('checks the events API key: unknown 401, not active 403', async () => {
    const h = await harness({
      seed: { events: { apiKeys: [{ key: 'live' }, { key: 'retired', active: false }] } },
    });
    expect((await h.events('?ordering=asc', { token: 'live' })).status).toBe(200);
    const inactive = await h.events('?ordering=asc', { token: 'retired' });
    expect(inactive.status).toBe(403);
    expect(inactive.body).toEqual({ message: 'API key is not active' });
    expect((await h.events('?ordering=asc', { token: 'unknown' })).status).toBe(401);
    expect((await h.events('?ordering=asc', { token: null })).status).toBe(401);
  });

  it("keeps tenants apart: another tenant's resources give 403", async () => {
    const h = await harness({
      seed: {
        workforce: {
          tenants: [
            { id: 'tenant-a', clientId: 'a', clientSecret: 'a-secret' },
            {
              id: 'tenant-b',
              clientId: 'b',
              clientSecret: 'b-secret',
              users: [{ id: 'user-b', username: 'bob' }],
              groups: [{ id: 'group-b', name: 'B team' }],
            },
          ],
        },
      },
    });
    expect(h.em.credentials.workforce.tenantId).toBe('tenant-a');
    for (const [method, path] of [
      ['GET', '/v2/users/user-b'],
      ['PATCH', '/v2/users/user-b'],
      ['DELETE', '/v2/users/user-b'],
      ['GET', '/v2/groups/group-b'],
      ['DELETE', '/v2/groups/group-b'],
    ] as const) {
      const res = await h.workforce(
        method,
        path,
        method === 'PATCH' ? { body: { user: { display_name: 'x' } } } : {},
      );
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const list = await h.workforce('GET', '/v2/users?page_size=10');
    expect(list.body.total_size).toBe(0);
    const add = await h.workforce('POST', '/v2/groups', { body: { group: { name: 'A team' } } });
    const cross = await h.workforce('POST', `/v2/groups/${add.body.id}:addUsers`, {
      body: { user_ids: ['user-b'] },
    });
    expect(cross.status).toBe(403);
  });
});
