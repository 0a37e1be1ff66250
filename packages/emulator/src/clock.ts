// The emulator's clock: every timestamp, token expiry, binding-job expiry and rate-limit window
// reads it, so a test can move time forward instead of waiting.

/** How the clock starts: at a fixed instant, and frozen or running with real time. */
export interface ClockOptions {
  /** The instant the clock starts at (epoch ms, ISO string or Date). Default: the real time. */
  start?: number | string | Date;
  /**
   * When true the clock stands still and moves only with `advanceClock`, so timestamps repeat
   * from run to run. Default false: it runs with real time from `start`.
   */
  frozen?: boolean;
}

/** The clock as stored in a snapshot. */
export interface ClockState {
  now: number;
  frozen: boolean;
}

/** A settable clock in epoch milliseconds. */
export class Clock {
  private base: number;
  private realAtBase: number;
  frozen: boolean;

  constructor(options: ClockOptions = {}) {
    this.base = options.start === undefined ? Date.now() : toMillis(options.start);
    this.realAtBase = Date.now();
    this.frozen = options.frozen === true;
  }

  /** Current emulated time, epoch ms. */
  now(): number {
    return this.frozen ? this.base : this.base + (Date.now() - this.realAtBase);
  }

  /** Current emulated time as an RFC 3339 UTC string. */
  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Moves the clock forward (never back: a negative amount is refused). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a finite ms >= 0');
    this.base += ms;
    return this.now();
  }

  /** Sets the clock to an instant (used by restore). */
  set(state: ClockState): void {
    this.base = state.now;
    this.realAtBase = Date.now();
    this.frozen = state.frozen;
  }

  toJSON(): ClockState {
    return { now: this.now(), frozen: this.frozen };
  }
}

/** Epoch ms of an instant given as a number, an ISO string or a Date. */
export function toMillis(value: number | string | Date): number {
  const ms = typeof value === 'number' ? value : new Date(value).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not a valid instant: ${String(value)}`);
  return ms;
}
