// Time as the fleet sees it: injected, so that tests of waits and faults make no real waits.
import { sleep } from '@x/runtime/internal';

/** Reads the time and waits. The default is the real clock. */
export interface FleetClock {
  /** Epoch ms. */
  now(): number;
  /** Waits `ms`; rejects with AbortError as soon as `signal` fires. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock. */
export const realClock: FleetClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, signal),
};
