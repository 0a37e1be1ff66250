// The config file: named profiles, each a set of the same `X_*` variables the family packages'
// `fromEnv` read, in the user's config directory. It holds secrets, so it is written with mode
// 0600 in a 0700 directory, atomically (a temporary file renamed over it), and a file found
// readable by others is narrowed back to 0600 with a warning.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';

/** The variables of one profile. */
export type Profile = Record<string, string>;

/** What the config file holds. */
export interface ConfigFile {
  /** The profile used when neither `--profile` nor `X_PROFILE` names one. */
  default?: string | undefined;
  profiles: Record<string, Profile>;
}

/**
 * The command line's config directory: `$XDG_CONFIG_HOME/xid`, else the OS's equivalent
 * (`%APPDATA%\xid` on Windows, `~/Library/Application Support/xid` on macOS, `~/.config/xid`).
 */
export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'xid');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'xid');
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'xid');
  return join(home, '.config', 'xid');
}

/** The config file's path. */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  return join(configDir(env), 'config.json');
}

/**
 * Reads the config file (an empty one when there is none).
 * @param warn receives a warning when the file was readable by others (it is then narrowed)
 */
export function readConfig(
  env: Readonly<Record<string, string | undefined>>,
  warn: (text: string) => void = () => undefined,
): ConfigFile {
  const file = configPath(env);
  if (!existsSync(file)) return { profiles: {} };
  if (process.platform !== 'win32') {
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(file, 0o600);
      warn(`${file} was readable by others (mode ${mode.toString(8)}); it is now 0600`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(EXIT.config, `cannot read ${file}: ${(error as Error).message}`);
  }
  const config = parsed as Partial<ConfigFile> | null;
  if (!config || typeof config !== 'object' || typeof config.profiles !== 'object')
    throw new CliError(EXIT.config, `${file} is not an xid config file (no "profiles")`);
  return { default: config.default, profiles: config.profiles ?? {} };
}

/** Writes the config file: mode 0600, directory 0700, replaced atomically. */
export function writeConfig(
  env: Readonly<Record<string, string | undefined>>,
  config: ConfigFile,
): string {
  const file = configPath(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode of `writeFileSync` is narrowed by the umask only; make sure of it anyway.
  if (process.platform !== 'win32') chmodSync(temp, 0o600);
  renameSync(temp, file);
  return file;
}
