// Which sender a client uses (settings.ts is the one place that chooses): on Node, node:http(s)
// with a keep-alive agent per client, unless the caller passed `fetch` or `fetchOptions`; fetch on
// every other runtime.
import { createApiClient, type FetchLike } from '@x/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchSender } from '../src/transport/fetch-sender.js';
import { loadNodeSenders, runsOnNode } from '../src/transport/node-transport.js';
import { transportSettings } from '../src/transport/settings.js';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((_req, res) => send(res, 200, { ok: true }));
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
  server.clear();
});

// Node's fetch adds `sec-fetch-mode: cors` to every request; node:http adds nothing of the kind.
const sentByFetch = () => server.requests.map((r) => r.headers['sec-fetch-mode'] === 'cors');

describe('on Node', () => {
  it('runs on Node here', () => {
    expect(runsOnNode()).toBe(true);
  });

  // First in this file: each test file has its own modules, so nothing has loaded the sender yet.
  it("the process's first request loads the Node sender and goes over fetch meanwhile", async () => {
    const api = createApiClient({ baseUrl: server.url });
    await api.request('GET', '/first');
    expect(await loadNodeSenders()).toBe(true);
    await api.request('GET', '/then');
    expect(sentByFetch()).toEqual([true, false]);
  });

  it('a client with neither fetch nor fetchOptions sends over node:http', async () => {
    await loadNodeSenders();
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

  it('a client with fetchOptions sends over fetch, which those options configure', async () => {
    expect(transportSettings({ fetchOptions: {} }).sender).toBe(fetchSender);
    await createApiClient({ baseUrl: server.url, fetchOptions: { keepalive: false } }).request(
      'GET',
      '/d',
    );
    expect(sentByFetch()).toEqual([true]);
  });

  it('each client keeps its own connections alive between calls', async () => {
    await loadNodeSenders();
    const before = server.openSockets();
    const one = createApiClient({ baseUrl: server.url });
    const two = createApiClient({ baseUrl: server.url });
    await one.request('GET', '/e');
    await one.request('GET', '/e');
    await two.request('GET', '/e');
    await one.request('GET', '/e');
    expect(server.openSockets() - before).toBe(2);
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
