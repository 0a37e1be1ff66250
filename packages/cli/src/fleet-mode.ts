// Fleet mode in the CLI: `@x/fleet` (and its Redis client) is an optional dependency, loaded only
// when `--fleet` or `X_FLEET_URL` (the environment or a profile) asks for it, so that a CLI
// without it installed, or a run without fleet mode, never loads it.
import type { Fleet } from '@x/fleet';
import { maskUrlPassword } from '@x/runtime/internal';
import { CliError } from './cli-error.js';
import type { RunContext } from './context.js';
import { EXIT } from './exit-codes.js';
import { FLEET_URL_VARIABLE } from './families.js';

/** The Redis URL asked for: `--fleet` first, then `X_FLEET_URL` as the profile resolution gives it. */
export function fleetUrlOf(ctx: RunContext, flag: unknown): string | undefined {
  if (typeof flag === 'string' && flag !== '') return flag;
  const value = ctx.profile.variables[FLEET_URL_VARIABLE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Connects to the fleet's Redis. Resolves also when Redis is unreachable (then with one warning,
 * the password masked, and reconnection in the background).
 * @throws CliError (configuration) when `@x/fleet` is not installed or the URL is refused.
 */
export async function connectFleetMode(
  ctx: RunContext,
  url: string,
  command: string,
): Promise<Fleet> {
  let fleet: typeof import('@x/fleet');
  try {
    fleet = await import('@x/fleet');
  } catch (error) {
    throw new CliError(
      EXIT.config,
      `fleet mode (${maskUrlPassword(url)}) needs the optional package @x/fleet, which is not installed (${(error as Error).message})`,
      'install it beside the CLI: npm install @x/fleet',
    );
  }
  try {
    return await fleet.connectFleet({
      url,
      keyPrefix: 'xid:',
      onWarning: (message) => ctx.warn(`${command}: ${message}`),
    });
  } catch (error) {
    // The fleet's own messages already mask the password; the URL is masked here once more.
    throw new CliError(
      EXIT.config,
      `${command}: ${(error as Error).message}`,
      `the URL given: ${maskUrlPassword(url)}`,
    );
  }
}
