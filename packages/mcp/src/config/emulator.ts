// `--emulator`: an emulator of the whole platform in this process, reached through its in-process
// fetch (no socket), with every family configured from its seeded credentials through the same
// `fromEnv` path a real tenant takes.
import type { Emulator } from '@x/emulator';
import type { FetchLike } from '@x/runtime';
import type { Env } from './families.js';

/** A running in-process emulator and the configuration that points every family at it. */
export interface EmulatorEnvironment {
  readonly emulator: Emulator;
  readonly env: Env;
  readonly fetch: FetchLike;
}

/**
 * Starts an in-process emulator. Only `X_LOG_LEVEL` is taken from `base`: a real tenant's
 * variables never mix with the emulator's.
 */
export async function emulatorEnvironment(base: Env = {}): Promise<EmulatorEnvironment> {
  // Loaded only for --emulator: a server for a real tenant never loads the emulator.
  const { startEmulator } = await import('@x/emulator');
  const emulator = await startEmulator();
  const env: Record<string, string> = { ...emulator.env };
  if (base.X_LOG_LEVEL) env.X_LOG_LEVEL = base.X_LOG_LEVEL;
  return { emulator, env, fetch: (request, init) => emulator.fetch(request, init) };
}
