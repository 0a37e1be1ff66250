import { inspect } from 'node:util';
import { staticToken } from '@x/auth';
import { createLegacyClient, fromEnv, LEGACY_ENV, VERSION } from '@x/legacy';
import { ConfigurationError, ValidationError } from '@x/runtime';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

const TOKEN = 'legacy-secret-token-4711';
let fake: Awaited<ReturnType<typeof startJsonFake>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const user = {
  internal_id: 'i1',
  external_id: 'e1',
  email: 'a@x.test',
  user_name: 'a',
  display_name: 'A',
  status: 'USER_STATUS_ACTIVE',
};

describe('fromEnv', () => {
  it('reads X_LEGACY_URL and X_LEGACY_TOKEN and sends the token', async () => {
    fake = await startJsonFake(() => ({ body: user }));
    const legacy = fromEnv({}, { [LEGACY_ENV.url]: fake.url, [LEGACY_ENV.token]: TOKEN });
    expect((await legacy.users.recover({ external_id: 'e1' })).internal_id).toBe('i1');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.requests[0]?.headers['user-agent']).toBe(
      `x-sdk-legacy/${VERSION} (node/${process.versions.node})`,
    );
  });

  it('names every missing variable, and options make theirs optional', () => {
    const error = (() => {
      try {
        fromEnv({}, {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).missing).toEqual(['X_LEGACY_URL', 'X_LEGACY_TOKEN']);
    expect(() =>
      fromEnv({ auth: staticToken(TOKEN) }, { X_LEGACY_URL: 'https://l.example.test' }),
    ).not.toThrow();
    expect(() => fromEnv({}, { X_LEGACY_URL: 'ftp://x', X_LEGACY_TOKEN: TOKEN })).toThrow(
      ValidationError,
    );
  });
});

describe('printing', () => {
  it('the client and its provider print no secret through console.log, inspect, JSON or String', () => {
    const legacy = createLegacyClient({
      baseUrl: 'https://legacy.example.test',
      auth: staticToken(TOKEN),
    });
    for (const object of [legacy, staticToken(TOKEN)])
      for (const text of [
        inspect(object, { depth: 10, showHidden: true }),
        JSON.stringify(object),
        String(object),
        `${object}`,
      ])
        expect(text).not.toContain(TOKEN);
    expect(String(legacy)).toBe('LegacyClient(https://legacy.example.test)');
  });
});
