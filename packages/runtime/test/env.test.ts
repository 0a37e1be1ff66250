import { ConfigurationError } from '@x/runtime';
import {
  insecureHttpFromEnv,
  loggingFromEnv,
  readEnv,
  resolveVariables,
  variableGroup,
} from '@x/runtime/internal';
import { describe, expect, it } from 'vitest';

describe('readEnv', () => {
  it('returns the values, trimmed; an unset optional one is absent', () => {
    expect(readEnv({ A: ' 1 ', B: '2' }, 'x', ['A'], ['B', 'C'])).toEqual({ A: '1', B: '2' });
  });

  it('names every missing or empty required variable, never a value', () => {
    const error = (() => {
      try {
        readEnv({ A: '', C: 'secret-value' }, 'the workforce client', ['A', 'B'], ['C']);
      } catch (e) {
        return e;
      }
    })() as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.missing).toEqual(['A', 'B']);
    expect(error.message).toBe('the workforce client needs the environment variables A, B');
    expect(JSON.stringify(error)).not.toContain('secret-value');
  });
});

describe('loggingFromEnv', () => {
  it('logs to the console at X_LOG_LEVEL, nothing when unset, and refuses unknown levels', () => {
    expect(loggingFromEnv({})).toEqual({});
    expect(loggingFromEnv({ X_LOG_LEVEL: 'DEBUG' })).toEqual({
      logger: console,
      logLevel: 'debug',
    });
    expect(() => loggingFromEnv({ X_LOG_LEVEL: 'loud' })).toThrow(ConfigurationError);
  });
});

describe('the one configuration rule (resolveVariables)', () => {
  const W = {
    url: 'X_W_URL',
    clientId: 'X_W_CLIENT_ID',
    clientSecret: 'X_W_CLIENT_SECRET',
    token: 'X_W_TOKEN',
  };
  const group = variableGroup(W);

  it('takes every variable of a group from the first source that sets any of them', () => {
    const profile = {
      name: 'profile "default"',
      values: { X_W_URL: 'https://real.example', X_W_CLIENT_ID: 'id', X_W_CLIENT_SECRET: 's3cret' },
    };
    // The shell leaves a URL behind: the profile's secret must not go to the shell's URL.
    const shell = { name: 'the environment', values: { X_W_URL: 'https://attacker.example' } };
    const resolved = resolveVariables([group], [shell, profile]);
    expect(resolved.values).toEqual({ X_W_URL: 'https://attacker.example' });
    expect(resolved.sourceOf.X_W_URL).toBe('the environment');
    expect(resolveVariables([group], [profile, shell]).values).toEqual(profile.values);
  });

  it('passes over sources that set none of the group, empty values counting as unset', () => {
    const resolved = resolveVariables(
      [group],
      [
        { name: 'a', values: { X_W_URL: '  ', OTHER: 'a' } },
        { name: 'b', values: { X_W_URL: 'https://b.example', X_W_TOKEN: ' tok ', OTHER: 'b' } },
      ],
    );
    expect(resolved.values).toEqual({
      X_W_URL: 'https://b.example',
      X_W_TOKEN: 'tok',
      OTHER: 'a',
    });
  });

  it('refuses a token and client credentials set in one source, naming both', () => {
    const both = {
      name: 'profile "prod"',
      values: { X_W_URL: 'https://w.example', X_W_TOKEN: 'tok', X_W_CLIENT_ID: 'id' },
    };
    const error = (() => {
      try {
        resolveVariables([group], [both]);
      } catch (e) {
        return e;
      }
    })() as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      'profile "prod" sets both X_W_TOKEN and X_W_CLIENT_ID: set a token or client credentials, not both',
    );
    expect(error.message).not.toContain('tok,');
    // In different sources, the first one decides and the other is never read.
    expect(
      resolveVariables([group], [{ name: 'env', values: { X_W_TOKEN: 'tok' } }, both]).values,
    ).toEqual({ X_W_TOKEN: 'tok' });
  });

  it('derives a group from a family table: its token and its client credentials', () => {
    expect(group).toEqual({
      variables: ['X_W_URL', 'X_W_CLIENT_ID', 'X_W_CLIENT_SECRET', 'X_W_TOKEN'],
      token: 'X_W_TOKEN',
      credentials: ['X_W_CLIENT_ID', 'X_W_CLIENT_SECRET'],
    });
    expect(variableGroup({ url: 'X_E_URL', apiKey: 'X_E_API_KEY' })).toEqual({
      variables: ['X_E_URL', 'X_E_API_KEY'],
    });
  });
});

describe('X_ALLOW_INSECURE_HTTP', () => {
  it('opts in with 1 or true, stays off when unset, 0 or false, refuses anything else', () => {
    expect(insecureHttpFromEnv({ X_ALLOW_INSECURE_HTTP: '1' })).toEqual({
      allowInsecureHttp: true,
    });
    expect(insecureHttpFromEnv({ X_ALLOW_INSECURE_HTTP: 'true' })).toEqual({
      allowInsecureHttp: true,
    });
    for (const off of [undefined, '', '0', 'false'])
      expect(insecureHttpFromEnv({ X_ALLOW_INSECURE_HTTP: off })).toEqual({});
    expect(() => insecureHttpFromEnv({ X_ALLOW_INSECURE_HTTP: 'yes' })).toThrow(
      /X_ALLOW_INSECURE_HTTP must be 1/,
    );
  });
});
