// The client frame: fromEnv (a token, or client credentials through @x/auth), the User-Agent,
// printing without secrets, and VERSION.
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { ACCESS_ENV, createAccessClient, fromEnv, VERSION } from '@x/access';
import { staticToken } from '@x/auth';
import { ConfigurationError, ValidationError } from '@x/runtime';
import { startTestServer, type TestServer } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf, fakeAccess, TOKEN } from './support/fake.js';

const SECRET = 'client-secret-never-shown-9321';
const ISSUED = 'issued-access-token-5150';
const TENANT = { tenant_id: 't-1', id: 't-1', create_time: 'x', update_time: 'x' };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One server for both addresses: the token endpoint (a form post) and the management API. */
async function tokenAndApi(): Promise<TestServer> {
  server = await startTestServer((request, res) => {
    const body = request.url.endsWith('/token')
      ? { access_token: ISSUED, token_type: 'Bearer', expires_in: 3600 }
      : TENANT;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return server;
}

describe('fromEnv', () => {
  it('reads X_ACCESS_URL, X_ACCESS_TENANT_ID and X_ACCESS_TOKEN and sends the token', async () => {
    const fake = await fakeAccess(() => ({ body: TENANT }));
    const access = fromEnv(
      {},
      { X_ACCESS_URL: fake.url, X_ACCESS_TENANT_ID: 't-1', X_ACCESS_TOKEN: TOKEN },
    );
    expect((await access.tenant.get()).id).toBe('t-1');
    expect(access.tenantId).toBe('t-1');
    expect(fake.requests[0]?.url.pathname).toBe('/v1/tenants/t-1');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.requests[0]?.headers['user-agent']).toBe(
      `x-sdk-access/${VERSION} (node/${process.versions.node})`,
    );
  });

  it('without a token, takes client credentials at the access token URL', async () => {
    const both = await tokenAndApi();
    const access = fromEnv(
      {},
      {
        X_ACCESS_URL: both.url,
        X_ACCESS_TENANT_ID: 't-1',
        X_ACCESS_AUTH_URL: both.url,
        X_ACCESS_REALM_ID: 'r-9',
        X_ACCESS_APPLICATION_ID: 'app-1',
        X_ACCESS_CLIENT_ID: 'client-1',
        X_ACCESS_CLIENT_SECRET: SECRET,
        X_ACCESS_SCOPE: 'example.read example.write',
      },
    );
    await access.tenant.get();
    const [token, call] = both.requests;
    expect(token?.method).toBe('POST');
    expect(token?.url).toBe('/v1/tenants/t-1/realms/r-9/applications/app-1/token');
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from(`client-1:${SECRET}`).toString('base64')}`,
    );
    expect(new URLSearchParams(token?.body)).toEqual(
      new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'example.read example.write',
      }),
    );
    expect(call?.url).toBe('/v1/tenants/t-1');
    expect(call?.headers.authorization).toBe(`Bearer ${ISSUED}`);
  });

  it('a token and client credentials set together are refused, naming both', async () => {
    const fake = await fakeAccess(() => ({ body: TENANT }));
    const env = { X_ACCESS_URL: fake.url, X_ACCESS_TENANT_ID: 't-1', X_ACCESS_TOKEN: TOKEN };
    const both = (await failureOf(() =>
      fromEnv({}, { ...env, X_ACCESS_CLIENT_ID: 'client-1', X_ACCESS_CLIENT_SECRET: SECRET }),
    )) as ConfigurationError;
    expect(both).toBeInstanceOf(ConfigurationError);
    expect(both.message).toBe(
      'the environment sets both X_ACCESS_TOKEN and X_ACCESS_CLIENT_ID, X_ACCESS_CLIENT_SECRET: set a token or client credentials, not both',
    );
    expect(both.missing).toEqual([
      'X_ACCESS_TOKEN',
      'X_ACCESS_CLIENT_ID',
      'X_ACCESS_CLIENT_SECRET',
    ]);
    expect(fake.requests).toHaveLength(0);
    // Given options.auth, the environment's way of authenticating is not read at all.
    await fromEnv({ auth: staticToken(TOKEN) }, { ...env, X_ACCESS_CLIENT_ID: 'c' }).tenant.get();
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('names every missing variable; with none of the credentials, the token is what is missing', async () => {
    const empty = (await failureOf(() => fromEnv({}, {}))) as ConfigurationError;
    expect(empty).toBeInstanceOf(ConfigurationError);
    expect(empty.missing).toEqual(['X_ACCESS_URL', 'X_ACCESS_TENANT_ID', 'X_ACCESS_TOKEN']);
    expect(empty.message).toContain('X_ACCESS_CLIENT_SECRET');
    const partial = (await failureOf(() =>
      fromEnv(
        {},
        { X_ACCESS_URL: 'https://a.example', X_ACCESS_TENANT_ID: 't', X_ACCESS_CLIENT_ID: 'c' },
      ),
    )) as ConfigurationError;
    expect(partial.missing).toEqual([
      'X_ACCESS_AUTH_URL',
      'X_ACCESS_REALM_ID',
      'X_ACCESS_APPLICATION_ID',
      'X_ACCESS_CLIENT_SECRET',
    ]);
    expect(Object.values(ACCESS_ENV)).toContain('X_ACCESS_SCOPE');
  });

  it('options win over the environment and make their variables optional', async () => {
    const fake = await fakeAccess(() => ({ body: TENANT }));
    const access = fromEnv(
      { baseUrl: fake.url, tenantId: 't-1', auth: staticToken(TOKEN) },
      { X_ACCESS_URL: 'ftp://ignored', X_ACCESS_TENANT_ID: 'other' },
    );
    await access.tenant.get();
    expect(fake.requests[0]?.url.pathname).toBe('/v1/tenants/t-1');
    expect(() =>
      fromEnv({}, { X_ACCESS_URL: 'ftp://x', X_ACCESS_TENANT_ID: 't', X_ACCESS_TOKEN: TOKEN }),
    ).toThrow(ValidationError);
    expect(() =>
      fromEnv(
        {},
        {
          X_ACCESS_URL: 'https://a.example',
          X_ACCESS_TENANT_ID: 't',
          X_ACCESS_TOKEN: TOKEN,
          X_LOG_LEVEL: 'loud',
        },
      ),
    ).toThrow(ConfigurationError);
  });

  it('X_LOG_LEVEL logs to the console', async () => {
    const fake = await fakeAccess(() => ({ body: TENANT }));
    const lines: unknown[] = [];
    const original = console.debug;
    console.debug = (...args: unknown[]) => lines.push(args);
    try {
      await fromEnv(
        {},
        {
          X_ACCESS_URL: fake.url,
          X_ACCESS_TENANT_ID: 't-1',
          X_ACCESS_TOKEN: TOKEN,
          X_LOG_LEVEL: 'debug',
        },
      ).tenant.get();
    } finally {
      console.debug = original;
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});

describe('printing', () => {
  it('clients, realms and providers print no secret through console.log, inspect, JSON or String', async () => {
    const both = await tokenAndApi();
    const byToken = createAccessClient({
      baseUrl: 'https://access.example.test',
      tenantId: 't-1',
      auth: staticToken(TOKEN),
    });
    const byCredentials = fromEnv(
      {},
      {
        X_ACCESS_URL: both.url,
        X_ACCESS_TENANT_ID: 't-1',
        X_ACCESS_AUTH_URL: both.url,
        X_ACCESS_REALM_ID: 'r-1',
        X_ACCESS_APPLICATION_ID: 'app-1',
        X_ACCESS_CLIENT_ID: 'client-1',
        X_ACCESS_CLIENT_SECRET: SECRET,
      },
    );
    await byCredentials.tenant.get();
    const objects = [
      byToken,
      byToken.realm('r-1'),
      byToken.realms,
      byCredentials,
      byCredentials.realm('r-1'),
    ];
    for (const object of objects)
      for (const text of [
        inspect(object, { depth: 10, showHidden: true }),
        JSON.stringify(object),
        String(object),
        `${object}`,
      ])
        for (const secret of [TOKEN, SECRET, ISSUED]) expect(text).not.toContain(secret);
    expect(String(byToken)).toBe('AccessClient(https://access.example.test)');
  });
});

describe('VERSION', () => {
  it('equals the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
  });
});
