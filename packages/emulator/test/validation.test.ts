// Requests are validated from the spec before any handler runs: parameters, required headers,
// bodies (malformed JSON, wrong media type, oversized, unknown fields on closed schemas) all
// give a 400 in the family's format, never a crash, and leave the state as it was.
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

describe('request validation from the spec', () => {
  it('answers 400 with FieldViolations naming the field, and keeps the state', async () => {
    const h = await harness();
    const before = h.em.snapshot().state;
    const cases: [string, Parameters<typeof h.workforce>[2], string, string][] = [
      [
        'unknown field inside the wrapper',
        { body: { user: { username: 'a', nickname: 'x' } } },
        'user.nickname',
        'unknown field',
      ],
      ['unknown top-level field', { body: { user: {}, extra: true } }, 'extra', 'unknown field'],
      [
        'wrong type',
        { body: { user: { display_name: 42 } } },
        'user.display_name',
        'must be string',
      ],
      ['missing wrapper', { body: {} }, 'user', 'missing'],
      [
        'malformed JSON',
        { raw: '{"user": {', contentType: 'application/json' },
        'body',
        'malformed JSON',
      ],
      [
        'wrong content type',
        { raw: 'user=ada', contentType: 'application/x-www-form-urlencoded' },
        'content-type',
        'must be one of application/json',
      ],
      ['empty body', { raw: '' }, 'body', 'missing'],
      ['not UTF-8', { raw: '\udc80', contentType: 'application/json' }, 'body', 'malformed JSON'],
    ];
    for (const [name, options, field, description] of cases) {
      const res = await h.workforce('POST', '/v2/users', options);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe('bad_request');
      expect(res.body.details[0].type, name).toBe('FieldViolations');
      expect(res.body.details[0].field_violations, name).toContainEqual({ field, description });
    }
    expect(h.em.snapshot().state).toEqual(before);
  });

  it('refuses an oversized body without reading it all', async () => {
    const h = await harness({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ user: { display_name: 'x'.repeat(5000) } });
    const res = await h.workforce('POST', '/v2/users', { raw: big });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field_violations).toEqual([
      { field: 'body', description: 'larger than 1024 bytes' },
    ]);
    // Streamed without a Content-Length: the cap still holds.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await h.em.fetch(`${h.em.urls.workforce}/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(400);
    expect(Object.keys(h.em.snapshot().state.workforce.users)).toHaveLength(0);
  });

  it('validates query parameters with their declared types and ranges', async () => {
    const h = await harness();
    for (const [query, field] of [
      ['page_size=1001', 'page_size'],
      ['page_size=-1', 'page_size'],
      ['page_size=ten', 'page_size'],
      ['page_size=1.5', 'page_size'],
      ['skip=-3', 'skip'],
      // `skip` has no maximum, but its format is uint32.
      ['skip=4294967296', 'skip'],
    ]) {
      const res = await h.workforce('GET', `/v2/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details[0].field_violations[0].field, query).toBe(field);
    }
    expect((await h.workforce('GET', '/v2/users?page_size=1000&skip=0')).status).toBe(200);
  });

  it('answers the events family in its own format ({message})', async () => {
    const h = await harness();
    const bad = await h.events('?ordering=asc&start_time=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringContaining('start_time') });
    const noOrdering = await h.events('');
    expect(noOrdering.status).toBe(400);
    expect(noOrdering.body.message).toContain('ordering');
    const badEnum = await h.events('?ordering=sideways');
    expect(badEnum.status).toBe(400);
    expect((await h.events('?ordering=asc&page_size=1001')).status).toBe(400);
  });

  it('answers unknown routes with 404 and a wrong method with 405, on every mount', async () => {
    const h = await harness();
    const unknown = await h.workforce('GET', '/v2/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const method = await h.workforce('PUT', '/v2/users');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toContain('GET');
    const accessToken = await accessTokenFor(h);
    const { tenantId, realmId } = h.em.credentials.access;
    const wrongMethod = await h.access('PUT', `/v1/tenants/${tenantId}`, { token: accessToken });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH');
    // The access SCIM server sits under the realm (a path-level server prefix in the spec).
    const scim = await h.access('GET', `/v1/tenants/${tenantId}/realms/${realmId}/scim/v2/Users`, {
      token: accessToken,
    });
    expect(scim.status).toBe(200);
    expect(scim.operation).toBe('listScimUsers');
    // A family's routes are only under its own base path.
    const crossed = await h.call(`${h.em.urls.access}/v2/users`, 'GET', { token: h.token });
    expect(crossed.status).toBe(404);
  });

  it('never crashes on hostile input', async () => {
    const h = await harness();
    const hostile = [
      '/v2/users/%E0%A4%A',
      '/v2/users/..%2F..%2Fetc',
      '/v2/groups/%00:addUsers',
      `/v2/users?filter=${encodeURIComponent('username eq "unterminated')}&page_size=1`,
      `/v2/users?filter=${encodeURIComponent('((((((')}&page_size=1`,
      `/v2/users?order_by=${encodeURIComponent(';drop')}&page_size=1`,
    ];
    for (const path of hostile) {
      const res = await h.workforce('GET', path);
      // `:addUsers` takes POST only: GET on it is 405, whatever the id.
      expect(path.endsWith(':addUsers') ? [405] : [400, 404], path).toContain(res.status);
    }
    for (const raw of [
      'null',
      '[]',
      '"user"',
      '{"user": null}',
      '{"user": []}',
      '{"__proto__": {"x": 1}}',
    ]) {
      const res = await h.workforce('POST', '/v2/users', { raw });
      expect(res.status, raw).toBe(400);
    }
    expect(Object.keys(h.em.snapshot().state.workforce.users)).toHaveLength(0);
  });
});

async function accessTokenFor(h: Awaited<ReturnType<typeof harness>>) {
  const c = h.em.credentials.access;
  const res = await h.call(c.tokenUrl, 'POST', {
    raw: 'grant_type=client_credentials&scope=management',
    contentType: 'application/x-www-form-urlencoded',
    headers: { authorization: `Basic ${btoa(`${c.clientId}:${c.clientSecret}`)}` },
  });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}
