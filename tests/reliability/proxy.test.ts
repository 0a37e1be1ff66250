// The README's proxy recipe works: an undici ProxyAgent given as `fetchOptions.dispatcher` sends
// every request of every family client through a local forward proxy (HTTP CONNECT), including
// the token request of `clientCredentials` when it is given the same fetch options.
import { clientCredentials, staticToken } from '@x/auth';
import { createLegacyClient } from '@x/legacy';
import { type ConnectProxy, startConnectProxy } from '@x/testing';
import { ProxyAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

const server = suiteServer('proxy', () => ({}));
let proxy: ConnectProxy;
let agent: ProxyAgent;
beforeAll(async () => {
  proxy = await startConnectProxy();
  agent = new ProxyAgent(proxy.url);
});
afterAll(async () => {
  await agent.close();
  await proxy.close();
});

describe('a client behind a forward proxy', () => {
  it('sends every request through the proxy given as fetchOptions.dispatcher', async () => {
    server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ internal_id: 'i1', external_id: 'crm-1', status: 'USER_STATUS_ACTIVE' }),
      );
    });
    const target = new URL(server().url).host;
    const legacy = createLegacyClient({
      baseUrl: server().url,
      auth: staticToken('proxy-test-token'),
      fetchOptions: { dispatcher: agent },
    });
    const user = await legacy.users.recover({ external_id: 'crm-1' });
    expect(user.internal_id).toBe('i1');
    expect(proxy.targets).toContain(target);
    expect(proxy.tunnelled.at(-1)).toBe('POST /v1/manage/recover-user');
    expect(server().requests.at(-1)?.headers.authorization).toBe('Bearer proxy-test-token');
  });

  it('the token request of clientCredentials goes through it too', async () => {
    server().handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        req.url === '/token'
          ? JSON.stringify({ access_token: 'from-token-endpoint', token_type: 'Bearer' })
          : JSON.stringify({
              internal_id: 'i2',
              external_id: 'crm-2',
              status: 'USER_STATUS_ACTIVE',
            }),
      );
    });
    const fetchOptions = { dispatcher: agent };
    const legacy = createLegacyClient({
      baseUrl: server().url,
      auth: clientCredentials({
        tokenUrl: `${server().url}/token`,
        clientId: 'app',
        clientSecret: 'proxy-secret',
        fetchOptions,
      }),
      fetchOptions,
    });
    await legacy.users.recover({ external_id: 'crm-2' });
    const paths = server()
      .requests.slice(-2)
      .map((r) => r.url);
    expect(paths).toEqual(['/token', '/v1/manage/recover-user']);
    expect(server().requests.at(-1)?.headers.authorization).toBe('Bearer from-token-endpoint');
    expect(proxy.tunnelled.slice(-2)).toEqual(['POST /token', 'POST /v1/manage/recover-user']);
  });

  it('a proxy that refuses the tunnel is a ConnectionError, not a hang', async () => {
    const refusing = new ProxyAgent('http://127.0.0.1:9');
    const legacy = createLegacyClient({
      baseUrl: server().url,
      retry: false,
      fetchOptions: { dispatcher: refusing },
    });
    const error = await legacy.users.recover({ external_id: 'crm-1' }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('ConnectionError');
    await refusing.close();
  });
});
