// The client: configuration from the environment, what every request carries, and printing
// without secrets.
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { clientCredentials, staticToken } from '@x/auth';
import { ConfigurationError } from '@x/runtime';
import { send, startTestServer, type TestServer } from '@x/testing';
import { createWorkforceClient, fromEnv, VERSION, WORKFORCE_ENV } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

const TOKEN = 'workforce-secret-token-4711';
const SECRET = 'client-secret-0815-abcdef';
const user = {
  id: 'u1',
  tenant_id: 't1',
  create_time: '2026-10-05T08:15:00Z',
  update_time: '2026-10-05T08:15:00Z',
  state: 'ACTIVE',
};

let fake: TestServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A fake that issues a token at the workforce token endpoint (a form POST) and serves one user. */
async function start(): Promise<TestServer> {
  fake = await startTestServer((request, res) =>
    request.url === '/v2/oauth2/token'
      ? send(res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 })
      : send(res, 200, user),
  );
  return fake;
}

function configurationError(call: () => unknown): ConfigurationError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('no ConfigurationError');
}

describe('fromEnv', () => {
  it('with a client id and secret, gets tokens at {url}/v2/oauth2/token', async () => {
    const server = await start();
    const workforce = fromEnv(
      {},
      {
        [WORKFORCE_ENV.url]: server.url,
        [WORKFORCE_ENV.clientId]: 'client-1',
        [WORKFORCE_ENV.clientSecret]: SECRET,
      },
    );
    expect((await workforce.users.get('u1')).id).toBe('u1');
    const [token, call] = server.requests;
    expect(token!.method).toBe('POST');
    expect(token!.url).toBe('/v2/oauth2/token');
    expect(token!.body).toBe('grant_type=client_credentials');
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`client-1:${SECRET}`).toString('base64')}`,
    );
    expect(call!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call!.headers['user-agent']).toBe(
      `x-sdk-workforce/${VERSION} (node/${process.versions.node})`,
    );
  });

  it('with a token, sends it; a token and client credentials set together are refused', async () => {
    const server = await start();
    await fromEnv(
      {},
      { X_WORKFORCE_URL: server.url, X_WORKFORCE_TOKEN: 'console-token' },
    ).users.get('u1');
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer console-token');
    const sent = server.requests.length;
    const both = configurationError(() =>
      fromEnv(
        {},
        {
          X_WORKFORCE_URL: server.url,
          X_WORKFORCE_TOKEN: 'console-token',
          X_WORKFORCE_CLIENT_ID: 'client-1',
          X_WORKFORCE_CLIENT_SECRET: SECRET,
        },
      ),
    );
    expect(both.message).toBe(
      'the environment sets both X_WORKFORCE_TOKEN and X_WORKFORCE_CLIENT_ID, X_WORKFORCE_CLIENT_SECRET: set a token or client credentials, not both',
    );
    expect(both.missing).toEqual([
      'X_WORKFORCE_TOKEN',
      'X_WORKFORCE_CLIENT_ID',
      'X_WORKFORCE_CLIENT_SECRET',
    ]);
    expect(server.requests.length).toBe(sent);
  });

  it('X_ALLOW_INSECURE_HTTP=1 allows plain http to a host that is not loopback', () => {
    const env = { X_WORKFORCE_URL: 'http://emulator:4010/workforce', X_WORKFORCE_TOKEN: TOKEN };
    expect(() => fromEnv({}, env)).toThrow(/X_ALLOW_INSECURE_HTTP=1/);
    expect(fromEnv({}, { ...env, X_ALLOW_INSECURE_HTTP: '1' })).toBeDefined();
    expect(() =>
      fromEnv(
        {},
        {
          X_WORKFORCE_URL: 'http://emulator:4010/workforce',
          X_WORKFORCE_CLIENT_ID: 'client-1',
          X_WORKFORCE_CLIENT_SECRET: SECRET,
          X_ALLOW_INSECURE_HTTP: '1',
        },
      ),
    ).not.toThrow();
  });

  it('names every missing variable', () => {
    expect(configurationError(() => fromEnv({}, {})).missing).toEqual([
      'X_WORKFORCE_URL',
      'X_WORKFORCE_CLIENT_ID',
      'X_WORKFORCE_CLIENT_SECRET',
      'X_WORKFORCE_TOKEN',
    ]);
    const half = configurationError(() =>
      fromEnv({}, { X_WORKFORCE_URL: 'https://w.example.test', X_WORKFORCE_CLIENT_ID: 'c' }),
    );
    expect(half.missing).toEqual(['X_WORKFORCE_CLIENT_SECRET']);
    expect(half.message).toContain('X_WORKFORCE_CLIENT_SECRET');
    expect(half.message).not.toContain('c,');
    expect(configurationError(() => fromEnv({}, { X_WORKFORCE_TOKEN: TOKEN })).missing).toEqual([
      'X_WORKFORCE_URL',
    ]);
    // A blank variable counts as missing.
    expect(
      configurationError(() => fromEnv({}, { X_WORKFORCE_URL: ' ', X_WORKFORCE_TOKEN: TOKEN }))
        .missing,
    ).toEqual(['X_WORKFORCE_URL']);
  });

  it('options win over the environment and make their variables optional', async () => {
    const server = await start();
    const workforce = fromEnv(
      { baseUrl: server.url, auth: staticToken('from-options') },
      { X_WORKFORCE_URL: 'https://elsewhere.example.test', X_WORKFORCE_TOKEN: TOKEN },
    );
    await workforce.users.get('u1');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer from-options');
    expect(() =>
      fromEnv({ auth: staticToken(TOKEN) }, { X_WORKFORCE_URL: server.url }),
    ).not.toThrow();
  });

  it('X_LOG_LEVEL turns on console logging; an unknown level is refused', () => {
    expect(() =>
      fromEnv(
        {},
        {
          X_WORKFORCE_URL: 'https://w.example.test',
          X_WORKFORCE_TOKEN: TOKEN,
          X_LOG_LEVEL: 'debug',
        },
      ),
    ).not.toThrow();
    expect(
      configurationError(() =>
        fromEnv(
          {},
          {
            X_WORKFORCE_URL: 'https://w.example.test',
            X_WORKFORCE_TOKEN: TOKEN,
            X_LOG_LEVEL: 'loud',
          },
        ),
      ).missing,
    ).toEqual(['X_LOG_LEVEL']);
  });
});

describe('the client', () => {
  it('is frozen, and prints no secret through console.log, inspect, JSON or String', () => {
    const auth = clientCredentials({
      tokenUrl: 'https://w.example.test/v2/oauth2/token',
      clientId: 'client-1',
      clientSecret: SECRET,
    });
    const clients = [
      createWorkforceClient({ baseUrl: 'https://w.example.test', auth }),
      fromEnv({}, { X_WORKFORCE_URL: 'https://w.example.test', X_WORKFORCE_TOKEN: TOKEN }),
    ];
    for (const client of clients) {
      expect(Object.isFrozen(client)).toBe(true);
      for (const text of [
        inspect(client, { depth: 10, showHidden: true }),
        JSON.stringify(client),
        String(client),
        `${client}`,
      ]) {
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain(SECRET);
      }
      expect(String(client)).toBe('WorkforceClient(https://w.example.test)');
    }
  });

  it('VERSION is the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
  });
});
