import { ConfigurationError } from '@x/runtime';
import { loggingFromEnv, readEnv } from '@x/runtime/internal';
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
