// A clock the test moves forward: the real time plus an offset, with the real timers for waits.
import type { FleetClock } from '@x/fleet';
import { realClock } from '@x/fleet';

/** A `FleetClock` whose `now` the test can move ahead with `advance`. */
export function fakeClock(): FleetClock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: realClock.sleep,
    advance(ms) {
      offset += ms;
    },
  };
}
