// Where undici cannot be loaded on Node, a client sends every request over fetch and says so once
// (a `transport-fallback` event, logged at warn): never silently, never a mix of senders.
import { type ClientEvent, createApiClient } from '@x/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeServer, send, startFakeServer } from './support/fake-server.js';

// The sender's module fails to load, as it does where undici is not installed.
vi.mock('../src/transport/undici-sender.js', () => {
  throw new Error("Cannot find package 'undici'");
});

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((_req, res) => send(res, 200, { ok: true }));
});
afterAll(() => server.close());

// Node's fetch adds `sec-fetch-mode: cors` to every request; undici's request() adds nothing of the kind.
const sentByFetch = () => server.requests.map((r) => r.headers['sec-fetch-mode'] === 'cors');

describe('when undici cannot be loaded', () => {
  it('sends every request over fetch and reports the fallback once per client', async () => {
    const events: ClientEvent[] = [];
    const warnings: string[] = [];
    const api = createApiClient({
      baseUrl: server.url,
      onEvent: (event) => events.push(event),
      logger: {
        debug: () => {},
        info: () => {},
        warn: (message) => warnings.push(message),
        error: () => {},
      },
    });
    await Promise.all([api.request('GET', '/a'), api.request('GET', '/b')]);
    await api.request('GET', '/c');
    expect(sentByFetch()).toEqual([true, true, true]);
    const fallbacks = events.filter((e) => e.type === 'transport-fallback');
    expect(fallbacks).toEqual([
      { type: 'transport-fallback', sender: 'fetch', reason: expect.any(String) },
    ]);
    // vitest wraps the loader's error in its own message; the event carries whichever it gets.
    expect(
      fallbacks[0]?.type === 'transport-fallback' && fallbacks[0].reason.length,
    ).toBeGreaterThan(0);
    expect(warnings).toEqual([expect.stringContaining('sends every request over fetch')]);
  });
});
