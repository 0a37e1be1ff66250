// Configuration from environment variables, for `fromEnv()` of each family: one clear error that
// names every variable that is missing, never a value.
import { ALLOW_INSECURE_HTTP_ENV } from './base-url.js';
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

/**
 * The opt-in to plain http beyond loopback from `X_ALLOW_INSECURE_HTTP`: `1` (or `true`) allows
 * it, unset, empty, `0` or `false` do not.
 * @throws ConfigurationError for any other value.
 */
export function insecureHttpFromEnv(
  env: Record<string, string | undefined>,
): { allowInsecureHttp: true } | Record<string, never> {
  const value = env[ALLOW_INSECURE_HTTP_ENV]?.trim().toLowerCase();
  if (!value || value === '0' || value === 'false') return {};
  if (value === '1' || value === 'true') return { allowInsecureHttp: true };
  throw new ConfigurationError(`${ALLOW_INSECURE_HTTP_ENV} must be 1 (or unset)`, [
    ALLOW_INSECURE_HTTP_ENV,
  ]);
}

/** Where variables come from: the environment, a profile, … in the order they are asked. */
export interface VariableSource {
  /** What the source is, as an error names it: `the environment`, `profile "prod"`. */
  readonly name: string;
  readonly values: Readonly<Record<string, string | undefined>>;
}

/**
 * Variables that one source supplies together: a family's, as its `*_ENV` table names them
 * (`variableGroup(WORKFORCE_ENV)`), or one setting of a program.
 */
export interface VariableGroup {
  readonly variables: readonly string[];
  /** The bearer token variable, when the group has one. */
  readonly token?: string | undefined;
  /** The client credential variables: set in the same source as `token`, a configuration error. */
  readonly credentials?: readonly string[] | undefined;
}

/** The group of a family's `*_ENV` table: its `token`, and its `clientId` and `clientSecret`. */
export function variableGroup(table: Readonly<Record<string, string>>): VariableGroup {
  const credentials = [table.clientId, table.clientSecret].filter(
    (name): name is string => name !== undefined,
  );
  return {
    variables: Object.values(table),
    ...(table.token !== undefined ? { token: table.token } : {}),
    ...(credentials.length > 0 ? { credentials } : {}),
  };
}

/** The variables chosen, trimmed, and which source supplied each one. */
export interface ResolvedVariables {
  readonly values: Readonly<Record<string, string>>;
  /** The name of the source that supplied a variable, or undefined when none set it. */
  readonly sourceOf: Readonly<Record<string, string>>;
}

/**
 * The one configuration rule of every family and every program (`fromEnv`, the command line, the
 * MCP server): the first source that sets any of a group's variables supplies all of them, the
 * unset ones staying unset (never filled from a later source, which could send one source's
 * secret to another source's URL). A variable of no group is taken from the first source that
 * sets it. Empty values count as unset.
 * @throws ConfigurationError when the source chosen for a group sets both its token and any of
 * its client credentials, naming both.
 */
export function resolveVariables(
  groups: readonly VariableGroup[],
  sources: readonly VariableSource[],
): ResolvedVariables {
  const values: Record<string, string> = {};
  const sourceOf: Record<string, string> = {};
  const valueIn = (source: VariableSource, name: string) => {
    const value = source.values[name]?.trim();
    return value ? value : undefined;
  };
  const grouped = new Set<string>();
  for (const group of groups) {
    for (const name of group.variables) grouped.add(name);
    const source = sources.find((s) => group.variables.some((name) => valueIn(s, name)));
    if (!source) continue;
    const token =
      group.token !== undefined && valueIn(source, group.token) ? group.token : undefined;
    const credentials = (group.credentials ?? []).filter((name) => valueIn(source, name));
    if (token !== undefined && credentials.length > 0)
      throw new ConfigurationError(
        `${source.name} sets both ${token} and ${credentials.join(', ')}: set a token or client credentials, not both`,
        [token, ...credentials],
      );
    for (const name of group.variables) {
      const value = valueIn(source, name);
      if (value === undefined) continue;
      values[name] = value;
      sourceOf[name] = source.name;
    }
  }
  for (const source of sources)
    for (const name of Object.keys(source.values)) {
      if (grouped.has(name) || name in values) continue;
      const value = valueIn(source, name);
      if (value === undefined) continue;
      values[name] = value;
      sourceOf[name] = source.name;
    }
  return { values, sourceOf };
}

/**
 * What a family's `fromEnv` reads from one environment: its variables by the one rule
 * (`resolveVariables`; the token-and-credentials check only when the caller gave no `auth`), and
 * the settings every client shares (`X_LOG_LEVEL`, `X_ALLOW_INSECURE_HTTP`).
 * @throws ConfigurationError for a token set with client credentials, or a bad setting.
 */
export function familyEnv(
  table: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
  hasAuth: boolean,
): {
  values: Partial<Record<string, string>>;
  settings: { logger?: Console; logLevel?: LogLevel; allowInsecureHttp?: true };
} {
  const group = hasAuth ? { variables: Object.values(table) } : variableGroup(table);
  const { values } = resolveVariables([group], [{ name: 'the environment', values: env }]);
  return { values, settings: { ...loggingFromEnv(env), ...insecureHttpFromEnv(env) } };
}
