// The README's proxy recipe works: an undici ProxyAgent given as `fetchOptions.dispatcher` sends
// every request of every family client through a local forward proxy (HTTP CONNECT), including
// the token request of `clientCredentials` when it is given the same fetch options.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { clientCredentials, staticToken } from '@x/auth';
import { createLegacyClient } from '@x/legacy';
import { ProxyAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

/**
 * A forward proxy that tunnels CONNECT requests and records their targets, and the request lines
 * of the plain-HTTP requests that travel through its tunnels (so a test can tell a request that
 * went through it from one sent directly).
 */
async function startProxy(): Promise<{
  url: string;
  targets: string[];
  tunnelled: string[];
  close(): Promise<void>;
}> {
  const targets: string[] = [];
  const tunnelled: string[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    targets.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.on('data', (chunk: Buffer) => {
        for (const m of chunk.toString('latin1').matchAll(/^([A-Z]+) (\S+) HTTP\/1\.1$/gm))
          tunnelled.push(`${m[1]} ${m[2]}`);
      });
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no proxy address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    targets,
    tunnelled,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

const server = suiteServer('proxy', () => ({}));
let proxy: Awaited<ReturnType<typeof startProxy>>;
let agent: ProxyAgent;
beforeAll(async () => {
  proxy = await startProxy();
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
