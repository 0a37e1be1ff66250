// Which variables a command runs with: the process environment and a profile of the config file.
// A profile named on purpose (`--profile`, `X_PROFILE`) wins over the environment; the default
// profile only fills what the environment leaves unset (like the AWS and gh command lines).
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { isSecretVariable } from '../families.js';
import { readConfig } from './config-file.js';

/** The variables a command runs with, and where they came from. */
export interface ResolvedProfile {
  /** The profile's name, or undefined when only the environment is used. */
  readonly name: string | undefined;
  /** Every variable: the environment's and the profile's, merged. */
  readonly variables: Readonly<Record<string, string | undefined>>;
  /** Removes every secret value of the variables from a text. */
  readonly scrub: (text: string) => string;
}

/**
 * The variables for a run.
 * @throws CliError (configuration) when a profile named on purpose does not exist.
 */
export function resolveProfile(
  env: Readonly<Record<string, string | undefined>>,
  requested: string | undefined,
  warn: (text: string) => void,
): ResolvedProfile {
  const config = readConfig(env, warn);
  const explicit = requested ?? (env.X_PROFILE || undefined);
  const name = explicit ?? config.default;
  const profile = name === undefined ? undefined : config.profiles[name];
  if (explicit !== undefined && profile === undefined)
    throw new CliError(
      EXIT.config,
      `there is no profile "${explicit}"`,
      Object.keys(config.profiles).length > 0
        ? `profiles: ${Object.keys(config.profiles).join(', ')}`
        : 'create one with `xid profile set NAME VAR=VALUE …` or `xid emulator start`',
    );
  const variables =
    profile === undefined
      ? { ...env }
      : explicit !== undefined
        ? { ...env, ...profile }
        : { ...profile, ...env };
  return {
    name: profile === undefined ? undefined : name,
    variables,
    scrub: scrubberOf(variables),
  };
}

/** A function that masks every secret value among `variables` in a text. */
export function scrubberOf(
  variables: Readonly<Record<string, string | undefined>>,
): (text: string) => string {
  const secrets = Object.entries(variables)
    .filter(([name, value]) => isSecretVariable(name) && value !== undefined && value.length >= 4)
    .map(([, value]) => value as string)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('****'), text);
}

/** A variable's value as it may be shown: secrets masked. */
export function shownValue(name: string, value: string): string {
  return isSecretVariable(name) ? '****' : value;
}
