// `emulator.env`: the variables every family's `fromEnv` reads, named by the family packages'
// own `*_ENV` tables; each family configured from it alone reaches the seeded tenant.
import { ACCESS_ENV, fromEnv as accessFromEnv } from '@x/access';
import { environmentOf, startEmulator } from '@x/emulator';
import { EVENTS_ENV, fromEnv as eventsFromEnv } from '@x/events';
import { LEGACY_ENV, fromEnv as legacyFromEnv } from '@x/legacy';
import { WORKFORCE_ENV, fromEnv as workforceFromEnv } from '@x/workforce';
import { describe, expect, it } from 'vitest';

describe('emulator.env', () => {
  it('names every variable of the families, pointed at the seeded tenants', async () => {
    const emulator = await startEmulator();
    const { env, urls, credentials: c } = emulator;
    expect(env).toEqual({
      [WORKFORCE_ENV.url]: urls.workforce,
      [WORKFORCE_ENV.clientId]: c.workforce.clientId,
      [WORKFORCE_ENV.clientSecret]: c.workforce.clientSecret,
      [ACCESS_ENV.url]: urls.access,
      [ACCESS_ENV.authUrl]: urls.accessAuth,
      [ACCESS_ENV.tenantId]: c.access.tenantId,
      [ACCESS_ENV.realmId]: c.access.realmId,
      [ACCESS_ENV.applicationId]: c.access.applicationId,
      [ACCESS_ENV.clientId]: c.access.clientId,
      [ACCESS_ENV.clientSecret]: c.access.clientSecret,
      [EVENTS_ENV.url]: urls.events,
      [EVENTS_ENV.apiKey]: c.events.apiKey,
      [LEGACY_ENV.url]: urls.legacy,
      [LEGACY_ENV.token]: c.legacy.token,
    });
    // What a script computes from the bin's first line is the same.
    expect(environmentOf(JSON.parse(JSON.stringify({ urls, credentials: c })))).toEqual(env);
  });

  it('configures each family through fromEnv alone', async () => {
    const emulator = await startEmulator();
    const options = { fetch: emulator.fetch };
    const workforce = workforceFromEnv(options, emulator.env);
    const access = accessFromEnv(options, emulator.env);
    const events = eventsFromEnv(options, emulator.env);
    const legacy = legacyFromEnv(options, emulator.env);

    const user = await workforce.users.create({
      username: 'ada',
      email_address: 'ada@example.com',
    });
    expect(user.username).toBe('ada');
    const realms = await access.realms.list();
    expect(realms.items.map((realm) => realm.id)).toContain(emulator.credentials.access.realmId);
    const recovered = await legacy.users.create({
      external_id: 'crm-1',
      email: 'grace@example.com',
      user_name: 'grace',
      display_name: 'Grace Hopper',
    });
    expect(recovered.status).toBeDefined();
    const page = await events.list({ page_size: 100 });
    expect(page.items.map((event) => event.event_type)).toEqual(
      expect.arrayContaining([expect.stringMatching(/user/i)]),
    );
  });

  it('follows the credentials when a snapshot replaces them', async () => {
    const first = await startEmulator({
      seed: {
        workforce: { tenants: [{ clientId: 'first-client', clientSecret: 'first-secret' }] },
      },
    });
    const second = await startEmulator();
    expect(second.env[WORKFORCE_ENV.clientSecret]).not.toBe('first-secret');
    second.restore(first.snapshot());
    expect(second.env[WORKFORCE_ENV.clientId]).toBe('first-client');
    expect(second.env[WORKFORCE_ENV.clientSecret]).toBe('first-secret');
    expect(second.env[WORKFORCE_ENV.url]).toBe(second.urls.workforce);
  });
});
