import { inspect } from 'node:util';
import {
  accessTokenUrl,
  type ClientCredentialsOptions,
  clientCredentials,
  workforceTokenUrl,
} from '@x/auth';
import {
  AbortError,
  ApiError,
  createApiClient,
  ServerError,
  type TokenProvider,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, scriptedFetch } from '../../runtime/test/support/fake-fetch.js';
import {
  type FakeServer,
  type RecordedRequest,
  send,
  startFakeServer,
} from '../../runtime/test/support/fake-server.js';

const CLIENT_ID = 'svc-client-7';
const CLIENT_SECRET = 'cs_live_5ecr3t-Value+/=';
const BASIC = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');

let tokenServer: FakeServer;
let issued = 0;
/** Issues token-1, token-2, … with the given lifetime. */
function issue(expiresIn = 3600) {
  return (_req: RecordedRequest, res: Parameters<typeof send>[0]) => {
    issued++;
    send(res, 200, {
      access_token: `token-${issued}`,
      token_type: 'Bearer',
      expires_in: expiresIn,
    });
  };
}

beforeEach(async () => {
  issued = 0;
  tokenServer = await startFakeServer(issue());
});
afterEach(async () => {
  vi.useRealTimers();
  await tokenServer.close();
});

function provider(extra: Partial<ClientCredentialsOptions> = {}): TokenProvider {
  return clientCredentials({
    tokenUrl: workforceTokenUrl(tokenServer.url),
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...extra,
  });
}

async function turns(count: number) {
  for (let i = 0; i < count; i++) await new Promise((r) => setImmediate(r));
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the token request', () => {
  it('posts grant_type=client_credentials as a form with HTTP Basic credentials', async () => {
    expect(await provider().getToken()).toBe('token-1');
    expect(tokenServer.requests).toHaveLength(1);
    const req = tokenServer.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v2/oauth2/token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBe(`Basic ${BASIC}`);
    const form = new URLSearchParams(req.body);
    expect([...form.keys()]).toEqual(['grant_type']);
    expect(form.get('grant_type')).toBe('client_credentials');
  });

  it('adds scope, a list joined with spaces, to family A token URLs', async () => {
    const url = accessTokenUrl({
      accessAuthUrl: tokenServer.url,
      tenantId: 'ten-1',
      realmId: 'realm 2',
      applicationId: 'app-3',
    });
    const p = clientCredentials({
      tokenUrl: url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: ['scope:read', 'scope:write'],
    });
    await p.getToken();
    const req = tokenServer.requests[0]!;
    expect(req.url).toBe('/v1/tenants/ten-1/realms/realm%202/applications/app-3/token');
    expect(req.headers.authorization).toBe(`Basic ${BASIC}`);
    const form = new URLSearchParams(req.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('scope:read scope:write');
  });

  it('Basic encodes non-ASCII credentials as UTF-8', async () => {
    await provider({ clientSecret: 'sécret-ü' }).getToken();
    expect(tokenServer.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:sécret-ü`).toString('base64')}`,
    );
  });

  it('refuses bad options before sending anything', () => {
    const base = { tokenUrl: workforceTokenUrl(tokenServer.url), clientSecret: 'x-secret' };
    expect(() => clientCredentials({ ...base, clientId: '' })).toThrow(ValidationError);
    expect(() => clientCredentials({ ...base, clientId: 'a:b' })).toThrow(ValidationError);
    expect(() => clientCredentials({ ...base, clientId: 'ok', clientSecret: '' })).toThrow(
      ValidationError,
    );
    expect(() => clientCredentials({ ...base, clientId: 'ok\r\nX-Evil: 1' })).toThrow(
      ValidationError,
    );
    expect(() =>
      clientCredentials({ ...base, clientId: 'ok', tokenUrl: 'http://auth.example.com/token' }),
    ).toThrow(ValidationError);
    expect(() => clientCredentials({ ...base, clientId: 'ok', tokenUrl: 'not a url' })).toThrow(
      ValidationError,
    );
    expect(tokenServer.requests).toHaveLength(0);
  });

  it('refuses a response without access_token or with a non-bearer token type', async () => {
    tokenServer.handle((_req, res) => send(res, 200, { token_type: 'Bearer' }));
    await expect(provider().getToken()).rejects.toBeInstanceOf(ValidationError);
    tokenServer.handle((_req, res) => send(res, 200, { access_token: 'x', token_type: 'mac' }));
    await expect(provider().getToken()).rejects.toThrow(/not a bearer token/);
  });
});

describe('the token cache', () => {
  it('reuses the token until it expires', async () => {
    const p = provider();
    expect(await p.getToken()).toBe('token-1');
    expect(await p.getToken()).toBe('token-1');
    expect(tokenServer.requests).toHaveLength(1);
  });

  it('refreshes ahead of expiry: none before the window, in the background inside it, blocking after expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2030, 0, 1);
    vi.setSystemTime(t0);
    const p = provider({ refreshBeforeExpirySeconds: 60 });
    expect(await p.getToken()).toBe('token-1'); // expires at t0 + 3600 s

    vi.setSystemTime(t0 + 3539_000); // 61 s before expiry: outside the window
    expect(await p.getToken()).toBe('token-1');
    expect(tokenServer.requests).toHaveLength(1);

    // Inside the window: the current token is served at once while a refresh runs behind it.
    const gate = deferred();
    tokenServer.handle(async (req, res) => {
      await gate.promise;
      issue()(req, res);
    });
    vi.setSystemTime(t0 + 3541_000);
    expect(await p.getToken()).toBe('token-1');
    await tokenServer.waitForRequests(2);
    expect(await p.getToken()).toBe('token-1'); // no second refresh while one runs
    gate.release();
    await vi.waitFor(async () => expect(await p.getToken()).toBe('token-2'));
    expect(tokenServer.requests).toHaveLength(2);

    // After expiry (token-2 lives until t0 + 3541 s + 3600 s) the caller waits for a new token.
    const gate2 = deferred();
    tokenServer.handle(async (req, res) => {
      await gate2.promise;
      issue()(req, res);
    });
    // (vi.waitFor moves the fake clock a little while it polls, hence the margin.)
    vi.setSystemTime(t0 + 3541_000 + 3600_000 + 60_000);
    let result: string | undefined;
    const pending = p.getToken().then((t) => {
      result = t;
    });
    await tokenServer.waitForRequests(3);
    await new Promise((r) => setImmediate(r));
    expect(result).toBeUndefined();
    gate2.release();
    await pending;
    expect(result).toBe('token-3');
  });

  it('a lifetime shorter than the refresh window refreshes at half-life, not on every call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2030, 0, 1);
    vi.setSystemTime(t0);
    let n = 0;
    // 30 s tokens with the default 60 s window; a scripted fetch records each request at once.
    const token = scriptedFetch(() =>
      jsonResponse(200, { access_token: `short-${++n}`, expires_in: 30 }),
    );
    const p = provider({ fetch: token.fetch });
    expect(await p.getToken()).toBe('short-1');
    for (let i = 0; i < 5; i++) expect(await p.getToken()).toBe('short-1');
    await turns(20);
    expect(token.calls).toHaveLength(1);
    vi.setSystemTime(t0 + 14_000);
    expect(await p.getToken()).toBe('short-1');
    await turns(20);
    expect(token.calls).toHaveLength(1);
    // Past half of the lifetime: one background refresh, seen within the same number of turns.
    vi.setSystemTime(t0 + 16_000);
    expect(await p.getToken()).toBe('short-1');
    await turns(20);
    expect(token.calls).toHaveLength(2);
    expect(await p.getToken()).toBe('short-2');
  });

  it('takes the lifetime from the JWT exp claim when expires_in is missing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2030, 0, 1);
    vi.setSystemTime(t0);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const jwt = (n: number) =>
      `${b64({ alg: 'none' })}.${b64({ exp: t0 / 1000 + 600, jti: `j${n}` })}.sig`;
    let n = 0;
    tokenServer.handle((_req, res) => send(res, 200, { access_token: jwt(++n) }));
    const p = provider();
    expect(await p.getToken()).toBe(jwt(1));
    vi.setSystemTime(t0 + 600_000 + 1);
    expect(await p.getToken()).toBe(jwt(2));
    expect(tokenServer.requests).toHaveLength(2);
  });

  it('1000 concurrent API calls cause exactly one token request (single flight)', async () => {
    for (const rateLimit of [false, true]) {
      issued = 0;
      tokenServer.requests.length = 0;
      const gate = deferred();
      tokenServer.handle(async (req, res) => {
        await gate.promise;
        issue()(req, res);
      });
      const inner = provider();
      let asked = 0;
      const counted: TokenProvider = {
        ...inner,
        getToken: (context) => {
          asked++;
          return inner.getToken(context);
        },
        invalidate: (token) => inner.invalidate?.(token),
      };
      const api = scriptedFetch(() => jsonResponse(200, { ok: true }));
      const client = createApiClient({
        baseUrl: 'https://api.example.test',
        auth: counted,
        fetch: api.fetch,
        rateLimit,
      });
      const calls = Promise.all(
        Array.from({ length: 1000 }, (_, i) => client.request('GET', `/v2/users/u${i}`)),
      );
      await tokenServer.waitForRequests(1);
      if (!rateLimit) await vi.waitFor(() => expect(asked).toBe(1000));
      gate.release();
      expect(await calls).toHaveLength(1000);
      expect(tokenServer.requests).toHaveLength(1);
      expect(api.calls).toHaveLength(1000);
      expect(api.calls.every((c) => c.headers.get('authorization') === 'Bearer token-1')).toBe(
        true,
      );
    }
  });

  it("one caller's abort does not fail the others waiting for the same token", async () => {
    const gate = deferred();
    tokenServer.handle(async (req, res) => {
      await gate.promise;
      issue()(req, res);
    });
    const p = provider();
    const controller = new AbortController();
    const first = p.getToken({ signal: controller.signal }).catch((e: unknown) => e);
    const second = p.getToken();
    await tokenServer.waitForRequests(1);
    controller.abort();
    expect(await first).toBeInstanceOf(AbortError);
    gate.release();
    expect(await second).toBe('token-1');
    expect(tokenServer.requests).toHaveLength(1);
  });
});

describe('401 from the API', () => {
  let api: FakeServer;
  beforeEach(async () => {
    api = await startFakeServer((req, res) =>
      req.headers.authorization === 'Bearer token-1'
        ? send(res, 401, { code: 'unauthorized', message: 'token not recognised' })
        : send(res, 200, { id: 'u1' }),
    );
  });
  afterEach(async () => {
    await api.close();
  });

  it('invalidates the token and retries the call once with a new one', async () => {
    const client = createApiClient({ baseUrl: api.url, auth: provider() });
    expect(await client.request('POST', '/v2/users', { body: { a: 1 } })).toEqual({ id: 'u1' });
    expect(tokenServer.requests).toHaveLength(2);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    // The new token stays cached.
    await client.request('GET', '/v2/users/u1');
    expect(tokenServer.requests).toHaveLength(2);
  });

  it('a second 401 is final', async () => {
    api.handle((_req, res) => send(res, 401, { code: 'unauthorized', message: 'no' }));
    const client = createApiClient({ baseUrl: api.url, auth: provider() });
    await expect(client.request('GET', '/v2/users')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(api.requests).toHaveLength(2);
    expect(tokenServer.requests).toHaveLength(2);
  });
});

describe('the client secret never leaks from a failing token endpoint', () => {
  const forbidden = [CLIENT_SECRET, BASIC, `Basic ${BASIC}`, encodeURIComponent(CLIENT_SECRET)];
  function expectClean(error: unknown) {
    const e = error as ApiError;
    const texts = [
      String(e),
      e.message,
      e.stack ?? '',
      e.rawBody ?? '',
      inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      JSON.stringify(e),
      JSON.stringify(e.body ?? null),
    ];
    for (const text of texts) for (const secret of forbidden) expect(text).not.toContain(secret);
  }
  const echo = (req: RecordedRequest) => {
    const auth = String(req.headers.authorization);
    const decoded = Buffer.from(auth.slice('Basic '.length), 'base64').toString();
    return {
      error: 'invalid_client',
      error_description: `rejected ${auth} (${decoded}) secret=${CLIENT_SECRET}`,
      message: `client ${decoded} unknown; header was ${auth}`,
      client_secret: CLIENT_SECRET,
      details: [{ header: auth, raw: auth.slice('Basic '.length) }],
    };
  };

  for (const status of [400, 401, 500]) {
    it(`${status} that echoes the Authorization header and the secret`, async () => {
      tokenServer.handle((req, res) => send(res, status, echo(req)));
      const error = await provider({ retry: { baseDelayMs: 1 } })
        .getToken()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      if (status === 500) {
        // Token requests are safe to repeat: 5xx is retried even though it is a POST.
        expect(error).toBeInstanceOf(ServerError);
        expect(tokenServer.requests).toHaveLength(3);
      }
      expectClean(error);
    });
  }

  it('the same holds when the failure surfaces through an API call', async () => {
    tokenServer.handle((req, res) => send(res, 401, echo(req)));
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      auth: provider(),
      fetch: scriptedFetch(() => jsonResponse(200, {})).fetch,
    });
    const error = await client.request('GET', '/v2/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expectClean(error);
  });

  it('an HTML page echoing the header does not leak either', async () => {
    tokenServer.handle((req, res) =>
      send(res, 401, `<html>Authorization: ${req.headers.authorization} (${CLIENT_SECRET})</html>`),
    );
    const error = await provider()
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expectClean(error);
  });
});

describe('a long-lived client keeps masking its configured secrets', () => {
  it('after 30 token refreshes the client secret and its Basic form are still masked', async () => {
    const api = await startFakeServer((req, res) =>
      req.url === '/v2/echo'
        ? send(res, 400, {
            code: 'bad_request',
            message: `secret was ${CLIENT_SECRET}; credential was ${BASIC}; token ${String(req.headers.authorization).slice(7)}`,
          })
        : send(res, 200, { ok: true }),
    );
    try {
      const auth = provider();
      const client = createApiClient({ baseUrl: api.url, auth, retry: false });
      // Each round drops the cached token, so every call is served by a newly issued one.
      for (let round = 1; round <= 30; round++) {
        await client.request('GET', '/v2/ping');
        auth.invalidate?.(`token-${round}`);
      }
      expect(issued).toBe(30);
      const error = await client.request('GET', '/v2/echo').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(issued).toBe(31);
      const text = `${String(error)} ${inspect(error, { depth: 8 })} ${JSON.stringify(error)}`;
      expect(text).toContain('secret was [redacted]');
      expect(text).not.toContain(CLIENT_SECRET);
      expect(text).not.toContain(BASIC);
      expect(text).not.toContain('token-31');
    } finally {
      await api.close();
    }
  });
});
