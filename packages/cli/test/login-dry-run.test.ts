// `xid --dry-run login` sends nothing: the token request is shown, never made. A local fake
// server stands for every family's hosts and counts what reaches it.
import { send, startTestServer, type TestServer } from '@x/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((_req, res) =>
    send(res, 200, { access_token: 'issued-token-abc', token_type: 'Bearer', expires_in: 3600 }),
  );
});
afterEach(async () => {
  await server.close();
});

describe('xid --dry-run login', () => {
  it('sends no request for any family and shows the token request it would send', async () => {
    const r = await runCli(['--dry-run', 'login', '-o', 'json'], {
      env: {
        X_WORKFORCE_URL: server.url,
        X_WORKFORCE_CLIENT_ID: 'wf-client',
        X_WORKFORCE_CLIENT_SECRET: 'wf-secret-value-1',
        X_ACCESS_URL: server.url,
        X_ACCESS_TENANT_ID: 'tenant-1',
        X_ACCESS_AUTH_URL: server.url,
        X_ACCESS_REALM_ID: 'realm-1',
        X_ACCESS_APPLICATION_ID: 'app-1',
        X_ACCESS_CLIENT_ID: 'ac-client',
        X_ACCESS_CLIENT_SECRET: 'ac-secret-value-2',
        X_EVENTS_URL: server.url,
        X_EVENTS_API_KEY: 'events-key-value-3',
        X_LEGACY_URL: server.url,
        X_LEGACY_TOKEN: 'legacy-token-value-4',
      },
    });
    expect(server.requests).toHaveLength(0);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('dry run: nothing was sent');
    const results = JSON.parse(r.stdout) as { family: string; status: string; note: string }[];
    expect(results.map((x) => [x.family, x.status])).toEqual([
      ['workforce', 'dry run'],
      ['access', 'dry run'],
      ['events', 'dry run'],
      ['legacy', 'dry run'],
    ]);
    expect(results[0]!.note).toBe(`would send POST ${server.url}/v2/oauth2/token`);
    expect(results[1]!.note).toMatch(/^would send POST http:\/\/127\.0\.0\.1:\d+\/v1\/tenants\//);
    expect(results[2]!.note).toMatch(/^would send GET /);
    for (const secret of ['wf-secret-value-1', 'ac-secret-value-2', 'events-key-value-3'])
      expect(r.stdout + r.stderr).not.toContain(secret);
  });
});
