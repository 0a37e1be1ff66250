// Redis away, at start or in the middle of a run: every process goes on with its own token and
// rate limits, with one warning per outage and no hang, and uses Redis again once it is back.
// Nothing here waits on a timer of its own: a stopped server refuses connections at once.
import { clientCredentials } from '@x/auth';
import { connectFleet, type Fleet, maskRedisUrl } from '@x/fleet';
import { createApiClient, ValidationError } from '@x/runtime';
import { startRedis } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type LimitedApi, startLimitedApi } from './support/limited-api.js';
import { startTokenServer, type TokenServer } from './support/token-server.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

async function setup(redisOptions: { password?: string } = {}) {
  const redis = await startRedis(redisOptions);
  const tokens = await startTokenServer(3600);
  const api = await startLimitedApi(100, 1000);
  opened.push({ close: () => redis.stop() }, tokens, api);
  return { redis, tokens, api };
}

/** A fleet whose warnings are collected, reconnecting quickly once Redis is back. */
async function fleetOn(url: string, warnings: string[]): Promise<Fleet> {
  // connectTimeoutMs bounds the one case that waits for an answer: a TLS hello to a plain server.
  const fleet = await connectFleet({
    url,
    keyPrefix: 'faults:',
    reconnectMaxMs: 50,
    connectTimeoutMs: 500,
    onWarning: (message) => warnings.push(message),
  });
  opened.push(fleet);
  return fleet;
}

function providerOf(fleet: Fleet, tokens: TokenServer) {
  return clientCredentials({
    tokenUrl: tokens.url,
    clientId: 'sync-job',
    clientSecret: 'the-client-secret',
    tokenStore: fleet.tokenStore,
  });
}

function clientOf(fleet: Fleet, api: LimitedApi, tokens: TokenServer) {
  return createApiClient({
    baseUrl: api.url,
    auth: providerOf(fleet, tokens),
    rateLimit: fleet.rateBudget('tenant'),
  });
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('Redis unreachable at start', () => {
  it('the process goes on with its own token and limits, with one warning', async () => {
    const { redis, tokens, api } = await setup();
    await redis.stop();
    const warnings: string[] = [];
    const fleet = await fleetOn(redis.url, warnings);
    expect(fleet.connected).toBe(false);
    const client = clientOf(fleet, api, tokens);
    for (let i = 0; i < 5; i++) await client.request('GET', `/v2/users/u${i}`);
    expect(api.statuses()).toEqual([200, 200, 200, 200, 200]);
    // The in-process token store: one token for the five calls.
    expect(tokens.requests()).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Redis at ${maskRedisUrl(redis.url)} is unavailable`);
  });
});

describe('Redis lost in the middle of a run', () => {
  it('calls go on without it, one warning; once it is back the fleet uses it again', async () => {
    const { redis, tokens, api } = await setup();
    const warnings: string[] = [];
    const fleet = await fleetOn(redis.url, warnings);
    const auth = providerOf(fleet, tokens);
    const client = createApiClient({
      baseUrl: api.url,
      auth,
      rateLimit: fleet.rateBudget('tenant'),
    });
    await client.request('GET', '/v2/users/before');
    expect(fleet.connected).toBe(true);
    expect(tokens.requests()).toBe(1);

    await redis.stop();
    await until(() => !fleet.connected);
    for (let i = 0; i < 3; i++) await client.request('GET', `/v2/users/during${i}`);
    // A 401 while Redis is away: the in-process store fetches the next token.
    auth.invalidate!('token-1');
    expect(await auth.getToken()).toBe('token-2');
    expect(warnings).toHaveLength(1);

    await redis.restart();
    await until(() => fleet.connected);
    // Redis came back empty (nothing is saved): the first token request fills it again.
    auth.invalidate!('token-2');
    expect(await auth.getToken()).toBe('token-3');
    await client.request('GET', '/v2/users/after');
    expect(api.statuses().every((status) => status === 200)).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});

describe('the Redis URL', () => {
  it('never shows its password: a wrong one is refused and the warning masks it', async () => {
    const { redis, tokens } = await setup({ password: 'right-password-1' });
    const warnings: string[] = [];
    const wrong = redis.url.replace('right-password-1', 'wrong-password-2');
    const fleet = await fleetOn(wrong, warnings);
    expect(fleet.connected).toBe(false);
    expect(fleet.url).toBe(`redis://:***@127.0.0.1:${redis.port}`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(':***@127.0.0.1');
    expect(warnings[0]).not.toContain('wrong-password-2');
    // Still a working process, on its own token.
    expect(await providerOf(fleet, tokens).getToken()).toBe('token-1');

    const right = await fleetOn(redis.url, warnings);
    expect(right.connected).toBe(true);
    expect(warnings).toHaveLength(1);
  });

  it('accepts rediss:// (TLS): against a server without TLS it warns, masked, and goes on', async () => {
    const { redis, tokens } = await setup({ password: 'tls-password-3' });
    const warnings: string[] = [];
    const fleet = await fleetOn(redis.url.replace('redis://', 'rediss://'), warnings);
    expect(fleet.connected).toBe(false);
    expect(fleet.url).toBe(`rediss://:***@127.0.0.1:${redis.port}`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('tls-password-3');
    expect(await providerOf(fleet, tokens).getToken()).toBe('token-1');
  });

  it('refuses other schemes with a ValidationError that masks the password', async () => {
    const error = await connectFleet({ url: 'http://:secret-4@127.0.0.1:6379' }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error.message)).toContain('http://:***@127.0.0.1:6379');
    expect(String(error.message)).not.toContain('secret-4');
  });
});
