// The emulator reachable beyond loopback: the control surface (credentials, signing key, the
// whole state) asks for its own key, every control route alike; the URLs it returns are the
// advertised ones; the variables it hands out carry the opt-in to plain http that such a host
// needs. Everything runs on loopback: a key given on purpose is asked for there too.
import { fromEnv } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTROL_KEY_HEADER, controlKeyFor } from '../src/control/guard.js';
import { type Emulator, startEmulator } from '../src/index.js';

const KEY = 'control-key-0123456789abcdef';
const started: Emulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((em) => em.stop()));
});
async function start(options: Parameters<typeof startEmulator>[0]) {
  const em = await startEmulator(options);
  started.push(em);
  return em;
}

describe('the control key', () => {
  it('guards every control route over the network, and the in-process fetch passes', async () => {
    const em = await start({ port: 0, controlKey: KEY });
    const secret = em.credentials.workforce.clientSecret;
    for (const [method, path] of [
      ['GET', '/info'],
      ['GET', '/snapshot'],
      ['GET', '/'],
      ['POST', '/reset'],
      ['PUT', '/faults'],
      ['POST', '/access/credential-binding-jobs/x/claim'],
      ['GET', '/no-such-route'],
    ] as const) {
      const res = await fetch(`${em.urls.control}${path}`, { method });
      const text = await res.text();
      expect([path, res.status]).toEqual([path, 401]);
      expect(text).toContain(CONTROL_KEY_HEADER);
      expect(text).not.toContain(secret);
    }
    const wrong = await fetch(`${em.urls.control}/info`, {
      headers: { [CONTROL_KEY_HEADER]: `${KEY}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${em.urls.control}/info`, {
      headers: { [CONTROL_KEY_HEADER]: KEY },
    });
    expect(right.status).toBe(200);
    expect(JSON.stringify(await right.json())).toContain(secret);
    expect((await em.fetch(`${em.urls.control}/info`)).status).toBe(200);
    // The families' own routes are not behind the control key.
    expect((await fetch(`${em.urls.workforce}/v2/users`)).status).toBe(401);
    expect(em.controlKey).toBe(KEY);
  });

  it('is made up when the emulator listens beyond loopback, and not asked for on loopback', () => {
    const made = controlKeyFor('0.0.0.0', undefined);
    expect(made).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(controlKeyFor('::', undefined)).not.toBe(made);
    expect(controlKeyFor('::', undefined)).toBeDefined();
    expect(controlKeyFor('127.0.0.1', undefined)).toBeUndefined();
    expect(controlKeyFor('localhost', undefined)).toBeUndefined();
    expect(controlKeyFor('::1', undefined)).toBeUndefined();
    expect(controlKeyFor(undefined, undefined)).toBeUndefined();
    expect(controlKeyFor('0.0.0.0', KEY)).toBe(KEY);
    expect(() => controlKeyFor('0.0.0.0', 'short')).toThrow(/16 characters/);
  });

  it('leaves the loopback emulator open as before', async () => {
    const em = await start({ port: 0 });
    expect(em.controlKey).toBeUndefined();
    expect((await fetch(`${em.urls.control}/info`)).status).toBe(200);
  });
});

describe('--advertise-host', () => {
  it('names the advertised host in every URL and hands out the plain-http opt-in', async () => {
    const em = await start({ port: 0, advertiseHost: 'emulator.test' });
    for (const url of Object.values(em.urls)) expect(url).toMatch(/^http:\/\/emulator\.test:\d+\//);
    expect(em.env.X_ALLOW_INSECURE_HTTP).toBe('1');
    // A client made from those variables accepts the non-loopback http URL (sent in process).
    const client = fromEnv({ fetch: em.fetch }, em.env);
    const users = await client.users.list({ page_size: 1 }).toArray({ limit: 1 });
    expect(users).toEqual([]);
    // Without the opt-in the URL is refused, and the error names the opt-in.
    const { X_ALLOW_INSECURE_HTTP: _, ...strict } = em.env;
    expect(() => fromEnv({ fetch: em.fetch }, strict)).toThrow(
      /allowInsecureHttp: true \(X_ALLOW_INSECURE_HTTP=1/,
    );
  });

  it('refuses a value that is not a host', async () => {
    await expect(startEmulator({ port: 0, advertiseHost: 'http://x/' })).rejects.toThrow(
      /advertiseHost/,
    );
  });
});
