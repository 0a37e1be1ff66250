// The control surface: reset, snapshot and restore, clock, outbox, faults and rate limits over
// HTTP, and the read-only HTML page (everything escaped, no script).
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

describe('control surface', () => {
  it('serves a read-only page of tenants, users, groups and events, escaping everything', async () => {
    const h = await harness();
    await h.workforce('POST', '/v2/users', {
      body: {
        user: {
          username: 'mallory',
          display_name: '<script>alert("x")</script>',
          email_address: 'm@example.com',
        },
      },
    });
    await h.workforce('POST', '/v2/groups', { body: { group: { name: `Tom & Jerry's <b>` } } });
    const res = await h.em.fetch(h.em.urls.control);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; Jerry&#39;s &lt;b&gt;');
    for (const section of ['tenants', 'users', 'identities', 'groups', 'events'])
      expect(html).toContain(`<section id="${section}">`);
    expect(html).toContain('USER_CHANGE');
    expect(html).toContain(h.em.credentials.workforce.tenantId);
  });

  it('resets, snapshots, restores, moves the clock and reads the outbox over HTTP', async () => {
    const h = await harness({ clock: { start: '2026-07-01T00:00:00Z', frozen: true } });
    const control = (path: string, init?: RequestInit) =>
      h.em.fetch(`${h.em.urls.control}${path}`, init);
    const post = (path: string, body?: unknown) =>
      control(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    await h.workforce('POST', '/v2/users', {
      body: { user: { username: 'ada', email_address: 'ada@example.com' } },
    });
    const snapshot = await (await control('/snapshot')).json();
    expect(snapshot).toMatchObject({ format: 'x-emulator-snapshot', version: 1 });
    const outbox = await (await control('/outbox?to=ada%40example.com')).json();
    expect(outbox.messages).toHaveLength(1);
    expect((await (await post('/clock', { advanceMs: 60_000 })).json()).iso).toBe(
      '2026-07-01T00:01:00.000Z',
    );
    expect((await post('/clock', { advanceMs: -1 })).status).toBe(400);
    expect((await post('/reset')).status).toBe(200);
    expect(
      (await h.workforce('GET', '/v2/users?page_size=10', { token: await freshToken(h) })).body
        .total_size,
    ).toBe(0);
    expect((await post('/restore', snapshot)).status).toBe(200);
    expect((await h.workforce('GET', '/v2/users?page_size=10')).body.total_size).toBe(1);
    expect((await post('/restore', { format: 'nope' })).status).toBe(400);
    expect((await control('/outbox', { method: 'DELETE' })).status).toBe(200);
    expect(h.em.outbox()).toEqual([]);
    const info = await (await control('/info')).json();
    expect(info.credentials.workforce.clientId).toBe(h.em.credentials.workforce.clientId);
  });

  it('configures faults and rate limits over HTTP', async () => {
    const h = await harness();
    const put = (path: string, body: unknown) =>
      h.em.fetch(`${h.em.urls.control}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await put('/faults', {
          rules: [{ operationId: 'listGroups', effect: { kind: 'status', status: 503 } }],
        })
      ).status,
    ).toBe(200);
    expect((await h.workforce('GET', '/v2/groups')).status).toBe(503);
    expect((await put('/faults', { rules: [{ effect: { kind: 'nope' } }] })).status).toBe(400);
    await h.em.fetch(`${h.em.urls.control}/faults`, { method: 'DELETE' });
    expect((await h.workforce('GET', '/v2/groups')).status).toBe(200);
    expect((await put('/rate-limits', { limit: 1, windowSeconds: 30 })).status).toBe(200);
    expect((await h.workforce('GET', '/v2/groups')).headers.get('ratelimit-limit')).toBe('1');
    expect((await h.workforce('GET', '/v2/groups')).status).toBe(429);
    const unknown = await h.em.fetch(`${h.em.urls.control}/nothing`);
    expect(unknown.status).toBe(404);
  });
});

async function freshToken(h: Awaited<ReturnType<typeof harness>>) {
  const { workforceToken } = await import('./support/harness.js');
  return workforceToken(h.em);
}
