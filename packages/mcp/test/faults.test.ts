// A failing platform: the server configured from the environment (each family's fromEnv) against
// an emulator this test owns on a port, whose faults the test switches on. Every failure must
// come back as a tool error, and the server must go on answering.
import { type Emulator, startEmulator } from '@x/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/config/families.js';
import { type Connected, connect, data, summary } from './helpers/stdio.js';
import { Session } from './helpers/tools.js';

let emulator: Emulator;
let server: Connected;
let s: Session;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  // Every family but access: an unconfigured family must leave the others working.
  const access = FAMILIES.find((family) => family.name === 'access')!;
  const env = Object.fromEntries(
    Object.entries(emulator.env).filter(([name]) => !access.variables.includes(name)),
  );
  expect(Object.keys(env)).toContain('X_WORKFORCE_URL');
  expect(Object.keys(env).filter((name) => name.startsWith('X_ACCESS_'))).toEqual([]);
  server = await connect(['--allow-write'], env);
  s = new Session(server.client);
});
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});
beforeEach(() => emulator.setFaults(undefined));

const user = {
  external_id: 'crm-7',
  email: 'ada@example.com',
  user_name: 'ada',
  display_name: 'Ada',
  binding_token_delivery_method: 'email',
};

describe('configured from the environment', () => {
  it('serves the configured families and says why the others are missing', async () => {
    const created = await s.call('legacy_users_create', user);
    expect(created.isError, summary(created)).toBeFalsy();
    expect(server.stderr()).toMatch(/access: unavailable \(not configured: .*X_ACCESS_URL/);
    expect(server.client.getInstructions()).toMatch(/access: unavailable/);
  });
});

describe('a failing platform', () => {
  it('a 500 on a create is a tool error, sent once (never retried: it could duplicate)', async () => {
    emulator.setFaults({
      seed: 1,
      rules: [{ operationId: 'createLegacyUser', effect: { kind: 'status', status: 500 } }],
    });
    const result = await s.call('legacy_users_create', { ...user, external_id: 'crm-8' });
    expect(result.isError).toBe(true);
    expect(data(result).error).toMatchObject({ type: 'ServerError', status: 500, retryable: true });
  });

  it('a 503 that outlasts the retries on a read is a tool error', async () => {
    emulator.setFaults({
      seed: 2,
      rules: [{ operationId: 'listEvents', effect: { kind: 'status', status: 503 } }],
    });
    const result = await s.call('events_search', {});
    expect(result.isError).toBe(true);
    expect(data(result).error).toMatchObject({ status: 503, retryable: true });
  });

  it('a rate limit is a tool error that says when to try again', async () => {
    emulator.setFaults({
      seed: 3,
      rules: [
        { operationId: 'createLegacyUser', effect: { kind: 'rateLimit', resetSeconds: 120 } },
      ],
    });
    const result = await s.call('legacy_users_create', { ...user, external_id: 'crm-9' });
    expect(result.isError).toBe(true);
    expect(data(result).error).toMatchObject({ type: 'RateLimitError', status: 429 });
  });

  it('a reset connection is a tool error', async () => {
    emulator.setFaults({
      seed: 4,
      rules: [{ operationId: 'recoverLegacyUser', effect: { kind: 'reset' } }],
    });
    const result = await s.call('legacy_users_recover', {
      external_id: 'crm-7',
      binding_token_delivery_method: 'email',
    });
    expect(result.isError).toBe(true);
    expect(data(result).error).toMatchObject({ type: 'ConnectionError', retryable: true });
  });

  it('keeps answering afterwards', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.length).toBeGreaterThan(2);
    const events = await s.call('events_search', { event_types: ['USER_CHANGE'] });
    expect(events.isError, summary(events)).toBeFalsy();
  });
});
