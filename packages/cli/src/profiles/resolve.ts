// Which variables a command runs with: the process environment and the profiles of the config
// file, by the SDK's one configuration rule (`resolveVariables`, the rule of every `fromEnv` and of
// the MCP server): the first source that sets any of a family's variables supplies all of them,
// in the order `--profile`/`X_PROFILE`, the environment, the default profile. Mixing sources one
// variable at a time could send a profile's client secret to a token URL left in the shell.
import {
  maskUrlPassword,
  resolveVariables,
  urlPassword,
  type VariableSource,
} from '@x/runtime/internal';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { FAMILIES, FLEET_URL_VARIABLE, isSecretVariable } from '../families.js';
import { readConfig } from './config-file.js';

/** The variables a command runs with, and where they came from. */
export interface ResolvedProfile {
  /** The profile's name, or undefined when only the environment is used. */
  readonly name: string | undefined;
  /** Every variable, each family's from one source (see the file's comment). */
  readonly variables: Readonly<Record<string, string | undefined>>;
  /** Removes every secret value of the variables from a text. */
  readonly scrub: (text: string) => string;
}

/**
 * The variables for a run.
 * @throws CliError (configuration) when a profile named on purpose does not exist.
 * @throws ConfigurationError when the source chosen for a family sets both its token and its
 * client credentials (naming the source and both).
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
  const sources: VariableSource[] = [{ name: 'the environment', values: env }];
  if (profile !== undefined) {
    const source = { name: `profile "${name}"`, values: profile };
    if (explicit !== undefined) sources.unshift(source);
    else sources.push(source);
  }
  // A profile named on purpose can leave a family to the environment, and then to the default.
  const fallback = explicit !== undefined ? config.default : undefined;
  if (fallback !== undefined && fallback !== explicit && config.profiles[fallback] !== undefined)
    sources.push({ name: `profile "${fallback}"`, values: config.profiles[fallback] });
  // Fleet mode's Redis URL is a group of its own: from the first source that sets it.
  const { values } = resolveVariables(
    [...FAMILIES.map((family) => family.group), { variables: [FLEET_URL_VARIABLE] }],
    sources,
  );
  return {
    name: profile === undefined ? undefined : name,
    variables: values,
    // Every source's secrets are masked, the ones not chosen too.
    scrub: scrubberOf(Object.assign({}, ...[...sources].reverse().map((s) => s.values))),
  };
}

/** A function that masks every secret value among `variables` in a text. */
export function scrubberOf(
  variables: Readonly<Record<string, string | undefined>>,
): (text: string) => string {
  const secrets = Object.entries(variables)
    .map(([name, value]) =>
      name === FLEET_URL_VARIABLE && value !== undefined
        ? urlPassword(value)
        : isSecretVariable(name)
          ? value
          : undefined,
    )
    .filter((value): value is string => value !== undefined && value.length >= 4)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('****'), text);
}

/** A variable's value as it may be shown: secrets masked. */
export function shownValue(name: string, value: string): string {
  if (name === FLEET_URL_VARIABLE) return maskUrlPassword(value);
  return isSecretVariable(name) ? '****' : value;
}
