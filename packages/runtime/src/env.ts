// Configuration from environment variables, for `fromEnv()` of each family: one clear error that
// names every variable that is missing, never a value.
import { ConfigurationError } from './core/errors.js';
import type { LogLevel } from './core/observe.js';

/** The environment to read: `process.env` where there is one. */
export function processEnv(): Record<string, string | undefined> {
  const g = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return g.process?.env ?? {};
}

/**
 * Reads variables: `required` must all be set (non-empty), `optional` may be. Returns the values
 * by name (unset optional ones are absent).
 * @throws ConfigurationError naming every required variable that is missing.
 */
export function readEnv<R extends string, O extends string = never>(
  env: Record<string, string | undefined>,
  what: string,
  required: readonly R[],
  optional: readonly O[] = [],
): Record<R, string> & Partial<Record<O, string>> {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of [...required, ...optional]) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
    else if ((required as readonly string[]).includes(name)) missing.push(name);
  }
  if (missing.length > 0)
    throw new ConfigurationError(
      `${what} needs the environment variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      missing,
    );
  return values as Record<R, string> & Partial<Record<O, string>>;
}

/** The variable that turns on logging to the console: `debug`, `info`, `warn` or `error`. */
export const LOG_LEVEL_ENV = 'X_LOG_LEVEL';

/**
 * Logging settings from `X_LOG_LEVEL`: the console at that level, or nothing when it is unset.
 * @throws ConfigurationError when the level is not one of the known ones.
 */
export function loggingFromEnv(
  env: Record<string, string | undefined>,
): { logger: Console; logLevel: LogLevel } | Record<string, never> {
  const level = env[LOG_LEVEL_ENV]?.trim().toLowerCase();
  if (!level) return {};
  if (!(LEVELS as readonly string[]).includes(level))
    throw new ConfigurationError(`${LOG_LEVEL_ENV} must be one of ${LEVELS.join(', ')}`, [
      LOG_LEVEL_ENV,
    ]);
  return { logger: console, logLevel: level as LogLevel };
}

const LEVELS = ['off', 'error', 'warn', 'info', 'debug'] as const;
