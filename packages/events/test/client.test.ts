import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { staticToken } from '@x/auth';
import { createEventsClient, EVENTS_ENV, fromEnv, VERSION } from '@x/events';
import { ConfigurationError, ValidationError } from '@x/runtime';
import { startJsonFake } from '@x/testing';
import { afterEach, describe, expect, it } from 'vitest';

const KEY = 'events-secret-api-key-4711';
let fake: Awaited<ReturnType<typeof startJsonFake>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('fromEnv', () => {
  it('reads X_EVENTS_URL and X_EVENTS_API_KEY and sends the key as the bearer token', async () => {
    fake = await startJsonFake(() => ({ body: { message: 'OK', body: { events: [] } } }));
    const events = fromEnv({}, { [EVENTS_ENV.url]: fake.url, [EVENTS_ENV.apiKey]: KEY });
    expect((await events.list()).items).toEqual([]);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0]?.headers['user-agent']).toBe(
      `x-sdk-events/${VERSION} (node/${process.versions.node})`,
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
    expect((error as ConfigurationError).missing).toEqual(['X_EVENTS_URL', 'X_EVENTS_API_KEY']);
    expect(() =>
      fromEnv({ auth: staticToken(KEY) }, { X_EVENTS_URL: 'https://e.example.test' }),
    ).not.toThrow();
    expect(() =>
      fromEnv({ baseUrl: 'https://e.example.test' }, { X_EVENTS_API_KEY: KEY }),
    ).not.toThrow();
    expect(() => fromEnv({}, { X_EVENTS_URL: 'ftp://x', X_EVENTS_API_KEY: KEY })).toThrow(
      ValidationError,
    );
    expect(() =>
      fromEnv(
        {},
        { X_EVENTS_URL: 'https://e.example.test', X_EVENTS_API_KEY: KEY, X_LOG_LEVEL: 'loud' },
      ),
    ).toThrow(ConfigurationError);
  });
});

describe('the client', () => {
  it('prints no secret through console.log, inspect, JSON or String', () => {
    const events = createEventsClient({
      baseUrl: 'https://events.example.test',
      auth: staticToken(KEY),
    });
    for (const text of [
      inspect(events, { depth: 10, showHidden: true }),
      JSON.stringify(events),
      String(events),
      `${events}`,
    ])
      expect(text).not.toContain(KEY);
    expect(String(events)).toBe('EventsClient(https://events.example.test)');
    expect(Object.isFrozen(events)).toBe(true);
  });

  it('VERSION is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});
