// `clientCredentials` keeps its token in the store it is given: the in-process default, or one
// shared by several providers (as `@x/fleet`'s is by several processes).
import { clientCredentials, memoryTokenStore, type TokenRequest, type TokenStore } from '@x/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, send, startFakeServer } from '../../runtime/test/support/fake-server.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function tokenEndpoint() {
  let issued = 0;
  server = await startFakeServer((_req, res) => {
    issued++;
    send(res, 200, { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 3600 });
  });
  return { url: `${server.url}/v2/oauth2/token`, issued: () => issued };
}

describe('the tokenStore option', () => {
  it('two providers sharing one store make one token request', async () => {
    const endpoint = await tokenEndpoint();
    const tokenStore = memoryTokenStore();
    const options = { tokenUrl: endpoint.url, clientId: 'c1', clientSecret: 's1', tokenStore };
    const [a, b] = [clientCredentials(options), clientCredentials(options)];
    expect(await Promise.all([a.getToken(), b.getToken(), a.getToken()])).toEqual([
      'token-1',
      'token-1',
      'token-1',
    ]);
    expect(endpoint.issued()).toBe(1);
    // A 401 in one provider drops the token for both; a stale invalidation keeps the new one.
    a.invalidate!('token-1');
    expect(await b.getToken()).toBe('token-2');
    b.invalidate!('token-1');
    expect(await a.getToken()).toBe('token-2');
    expect(endpoint.issued()).toBe(2);
  });

  it('asks the store with a key naming the URL, client and scope, never the secret', async () => {
    const endpoint = await tokenEndpoint();
    const requests: TokenRequest[] = [];
    const invalidated: [string, string][] = [];
    const store: TokenStore = {
      async token(request) {
        requests.push(request);
        return (await request.fetchToken()).value;
      },
      invalidate(key, token) {
        invalidated.push([key, token]);
      },
    };
    const auth = clientCredentials({
      tokenUrl: endpoint.url,
      clientId: 'c1',
      clientSecret: 'very-secret-value',
      scope: ['a', 'b'],
      tokenStore: store,
    });
    expect(await auth.getToken()).toBe('token-1');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.key).toBe(`${endpoint.url} c1 a b`);
    expect(requests[0]!.key).not.toContain('very-secret-value');
    auth.invalidate!('token-1');
    expect(invalidated).toEqual([[`${endpoint.url} c1 a b`, 'token-1']]);
  });
});
