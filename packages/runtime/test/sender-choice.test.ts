// Which sender a client uses (settings.ts is the one place that chooses): on Node, undici on a
// dispatcher per client (its own, or the caller's `fetchOptions.dispatcher`), from the client's
// first request on; fetch when the caller passes `fetch` or other `fetchOptions`, and on every
// other runtime.
import { createApiClient, createHttpRequester, type FetchLike } from '@x/runtime';
import { type ConnectProxy, startConnectProxy } from '@x/testing';
import { ProxyAgent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchSender } from '../src/transport/fetch-sender.js';
import { runsOnNode } from '../src/transport/node-transport.js';
import { transportSettings } from '../src/transport/settings.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
let proxy: ConnectProxy;
beforeAll(async () => {
  server = await startFakeServer((req, res) =>
    req.url === '/token'
      ? send(res, 200, { access_token: 'tok-through-proxy' })
      : send(res, 200, { ok: true }),
  );
  proxy = await startConnectProxy();
});
afterAll(async () => {
  await server.close();
  await proxy.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  server.clear();
  proxy.targets.length = 0;
  proxy.tunnelled.length = 0;
});

// Node's fetch adds `sec-fetch-mode: cors` to every request; undici's request() adds nothing of the kind.
const sentByFetch = () => server.requests.map((r) => r.headers['sec-fetch-mode'] === 'cors');

describe('on Node', () => {
  it('runs on Node here', () => {
    expect(runsOnNode()).toBe(true);
  });

  // First in this file: each test file has its own modules, so nothing has loaded the sender yet.
  it("a client's first request waits for the transport to load and goes over undici", async () => {
    const api = createApiClient({ baseUrl: server.url });
    await Promise.all([api.request('GET', '/first'), api.request('GET', '/second')]);
    await api.request('GET', '/then');
    expect(sentByFetch()).toEqual([false, false, false]);
  });

  it('a client with neither fetch nor fetchOptions sends over undici', async () => {
    expect(transportSettings({}).sender).not.toBe(fetchSender);
    const api = createApiClient({ baseUrl: server.url });
    await api.request('GET', '/a');
    await api.request('GET', '/b');
    expect(sentByFetch()).toEqual([false, false]);
  });

  it('a client with its own fetch sends through it', async () => {
    const calls: string[] = [];
    const fetch: FetchLike = (request, init) => {
      calls.push(request.url);
      return globalThis.fetch(request, init);
    };
    expect(transportSettings({ fetch }).sender).toBe(fetchSender);
    await createApiClient({ baseUrl: server.url, fetch }).request('GET', '/c');
    expect(calls).toEqual([`${server.url}/c`]);
    expect(sentByFetch()).toEqual([true]);
  });

  it('a client with fetchOptions other than a dispatcher sends over fetch, which they configure', async () => {
    expect(transportSettings({ fetchOptions: { keepalive: false } }).sender).toBe(fetchSender);
    await createApiClient({ baseUrl: server.url, fetchOptions: { keepalive: false } }).request(
      'GET',
      '/d',
    );
    expect(sentByFetch()).toEqual([true]);
  });

  it('each client keeps its own connections alive between calls', async () => {
    const before = server.openSockets();
    const one = createApiClient({ baseUrl: server.url });
    const two = createApiClient({ baseUrl: server.url });
    await one.request('GET', '/e');
    await two.request('GET', '/e');
    const opened = server.openSockets() - before;
    for (let i = 0; i < 4; i++) await one.request('GET', '/e');
    await two.request('GET', '/e');
    expect(opened).toBe(2);
    // undici hands a connection back a moment after the body ends: at most one more per client.
    expect(server.openSockets() - before).toBeLessThanOrEqual(4);
  });
});

describe('behind a forward proxy', () => {
  it('HTTP_PROXY sends every request through the proxy, the token request included', async () => {
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('NO_PROXY', '');
    const target = new URL(server.url).host;
    const tokens = createHttpRequester({});
    const auth = {
      getToken: async () =>
        (await tokens.request<{ access_token: string }>('POST', `${server.url}/token`, {
          body: { grant_type: 'client_credentials' },
        }))!.access_token,
    };
    await createApiClient({ baseUrl: server.url, auth }).request('GET', '/behind-proxy');
    expect(proxy.tunnelled).toEqual(['POST /token', 'GET /behind-proxy']);
    expect(proxy.targets).toContain(target);
    expect(sentByFetch()).toEqual([false, false]);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer tok-through-proxy');
  });

  it('NO_PROXY keeps a host off the proxy', async () => {
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('NO_PROXY', '127.0.0.1');
    await createApiClient({ baseUrl: server.url }).request('GET', '/direct');
    expect(proxy.targets).toEqual([]);
    expect(server.requests.map((r) => r.url)).toEqual(['/direct']);
  });

  it('fetchOptions.dispatcher carries every request over undici, not fetch', async () => {
    const dispatcher = new ProxyAgent(proxy.url);
    try {
      const api = createApiClient({ baseUrl: server.url, fetchOptions: { dispatcher } });
      await api.request('GET', '/through-dispatcher');
      expect(proxy.tunnelled).toContain('GET /through-dispatcher');
      expect(sentByFetch()).toEqual([false]);
    } finally {
      await dispatcher.close();
    }
  });
});

describe('elsewhere', () => {
  it.each(['Bun', 'Deno', 'EdgeRuntime'])('%s sends over fetch', (name) => {
    vi.stubGlobal(name, {});
    expect(runsOnNode()).toBe(false);
    expect(transportSettings({}).sender).toBe(fetchSender);
  });

  it('a runtime whose navigator is not Node (a worker) sends over fetch', () => {
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(runsOnNode()).toBe(false);
    expect(transportSettings({}).sender).toBe(fetchSender);
  });

  it('Node 21+ names itself in navigator.userAgent and still counts as Node', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/22' });
    expect(runsOnNode()).toBe(true);
  });
});
