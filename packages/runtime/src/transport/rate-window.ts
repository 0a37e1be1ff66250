// The pure half of the proactive rate limiter: what the server's RateLimit headers say about the
// current window, as numbers on this client's clock. Every method takes `now` explicitly, so the
// estimate is a function of its inputs and is table-tested without timers.
//
// The server measured RateLimit-Reset when it counted the request, somewhere between the sending and
// the arrival of the answer, so the window ends in [sent + reset, arrival + reset] on this clock.
// A reset in whole seconds is taken as rounded up (the emulator sends it so; the platform does not
// say): the window may then end up to a second sooner, so the lower end is sent + reset - 1 s. With
// sent + reset, a request sent after an early answer of the same window looked newer than it, and
// pushed the window's end later (the same fault @x/fleet's shared window had).
// The estimate waits for the upper end, which is never early. Of the answers counted in one window
// (their ranges overlap) the smallest upper end is the closest, so it keeps the minimum: on a busy
// client the last answers of a burst are read long after the server sent them, and taking the
// maximum held every request for that delay again in each window. An answer whose range lies
// wholly after the known window's end was counted in a newer window, which the estimate then
// follows. Each answer's range uses that attempt's own send time: the time the latest request went
// out is later than an earlier request was counted, and made such an answer look newer.

/** How long to hold when the budget is spent and no answer has said yet when the window ends. */
export const UNKNOWN_RESET_MS = 1000;

/** The current window as the answers so far describe it. */
export class RateWindow {
  /** Requests left in the window, as far as this client knows; undefined: no limit seen. */
  remaining: number | undefined;
  /** The last `RateLimit-Limit` the server sent. */
  limit: number | undefined;
  /** The estimated end of the current window on this clock; 0 when unknown. */
  resetAt = 0;
  /** The earliest the current window can end, on this clock. */
  floor = 0;
  /** The longest RateLimit-Reset seen, in ms: at most the length of the server's window. */
  longestResetMs = 0;

  /**
   * How long one more request must wait at `now` (after a roll-over), or undefined when it may go:
   * no limit known, budget left, nothing to wait for, or a wait longer than `maxWaitMs` (the
   * request then goes, and the server's 429 ends its call at once).
   */
  waitFor(now: number, maxWaitMs: number, inFlight: number): number | undefined {
    this.rollOver(now);
    if (this.remaining === undefined || this.remaining > 0) return undefined;
    if (this.resetAt === 0 && inFlight === 0) return undefined;
    const waitMs = this.resetAt === 0 ? UNKNOWN_RESET_MS : this.resetAt - now;
    return waitMs > maxWaitMs ? undefined : waitMs;
  }

  /** Counts one request against the budget. */
  take(): void {
    if (this.remaining !== undefined && this.remaining > 0) this.remaining--;
  }

  /** Once the estimated end has passed, a new window: the server's limit applies again. */
  rollOver(now: number): void {
    if (this.resetAt === 0 || now < this.resetAt) return;
    this.remaining = this.limit;
    this.resetAt = 0;
    // The old window ended at or after its floor; the new one lasts as long as the longest reset
    // seen, at least.
    this.floor += this.longestResetMs;
  }

  /**
   * Records an answer's headers: `remaining` and `resetSeconds` from the server, `sentAt` when
   * the answered attempt went out, `inFlight` how many other requests are still out.
   */
  record(
    remaining: number,
    resetSeconds: number,
    sentAt: number,
    now: number,
    inFlight: number,
  ): void {
    this.rollOver(now);
    const resetMs = Math.max(0, resetSeconds * 1000);
    this.longestResetMs = Math.max(this.longestResetMs, resetMs);
    // Requests still in flight were sent after the server counted this one.
    const estimate = Math.max(0, remaining - inFlight);
    const earliest = sentAt + Math.max(0, resetMs - granularityMs(resetSeconds));
    const latest = now + resetMs;
    if (this.resetAt === 0 || this.remaining === undefined) {
      // After a window ended, an answer ending before the new window can end is a late one from
      // the old window.
      if (latest < this.floor) return;
      this.remaining = estimate;
      this.resetAt = latest;
      this.floor = Math.max(this.floor, earliest);
      return;
    }
    // Responses can arrive out of order: within the window already known, a response the server
    // counted earlier (larger `remaining`) must not raise the budget again.
    this.remaining = Math.min(this.remaining, estimate);
    if (earliest > this.resetAt) {
      // Counted in a window that ends after the one known: the server began a new window before
      // this client saw the old one end. Follow the new one.
      this.resetAt = latest;
      this.floor = earliest;
    } else if (latest >= this.floor) {
      // The same window: the earliest of the latest ends is the closest.
      this.resetAt = Math.min(this.resetAt, latest);
      this.floor = Math.max(this.floor, earliest);
    }
    // Otherwise a late answer from an earlier window: it says nothing about this one.
  }

  /** Spends the budget until `now + ms` (a 429 said to wait that long). */
  block(ms: number, now: number): void {
    this.remaining = 0;
    this.resetAt = Math.max(this.resetAt, now + ms);
  }
}

/** How much sooner than a reset of `resetSeconds` the window may end: a second when it is whole (rounded up). */
function granularityMs(resetSeconds: number): number {
  return Number.isInteger(resetSeconds) ? 1000 : 0;
}
