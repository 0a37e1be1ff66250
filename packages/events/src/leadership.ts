// One replica's side of a `FollowerLease`: when it leads, when it must stop, and its fenced
// checkpoint writes. A holder counts its grant as valid until `ttlMs - marginMs` after it asked for
// it (measured from before the request, so a slow answer only shortens it), renews it every third
// of that, and stops delivering as soon as a renewal or a commit fails: a replica that cannot
// prove it still leads delivers nothing more, so no event goes out twice through it.
import type { FollowerLease, LeaseChange } from './lease.js';

/** A term of leadership: the checkpoint stored beside the lease, and whether it is this replica's. */
export interface Term {
  /** The checkpoint stored beside the lease (JSON text), or undefined. */
  readonly stored: string | undefined;
  /**
   * True when nobody else committed since this replica's last term: its own state (delivered
   * events not yet committed included) is the newest, and it goes on from there.
   */
  readonly own: boolean;
}

/** The leader or standby state of one `follow` or `export` call. */
export class Leadership {
  readonly #lease: FollowerLease;
  readonly #onChange: ((change: LeaseChange) => void) | undefined;
  // Names this call in the store: a replica that still holds the lease takes it again at once.
  readonly #holder = globalThis.crypto.randomUUID();
  readonly #renewEveryMs: number;
  #token: string | undefined;
  #validUntil = 0;
  #renewAt = 0;
  #led = false;
  #committed: string | undefined;
  #standbyReason: LeaseChange['reason'];

  constructor(lease: FollowerLease, onChange?: (change: LeaseChange) => void) {
    this.#lease = lease;
    this.#onChange = onChange;
    this.#renewEveryMs = Math.max(1, Math.floor((lease.ttlMs - lease.marginMs) / 3));
  }

  /** The checkpoint this replica committed last (JSON text). */
  get committed(): string | undefined {
    return this.#committed;
  }

  /** Waits until this replica holds the lease; undefined when `signal` aborted first. */
  async lead(signal: AbortSignal | undefined): Promise<Term | undefined> {
    for (;;) {
      if (signal?.aborted) return undefined;
      const asked = this.#lease.now();
      try {
        const grant = await this.#lease.acquire(this.#holder);
        if (grant.token !== undefined) {
          this.#hold(grant.token, asked);
          const own =
            this.#led && (grant.checkpoint === undefined || grant.checkpoint === this.#committed);
          this.#led = true;
          this.#standbyReason = undefined;
          this.#onChange?.({ leader: true, token: grant.token });
          return { stored: grant.checkpoint, own };
        }
        this.#standBy('held-elsewhere');
        // Asks again when the other holding ends (a dead leader's lease is taken at once then),
        // and at least every renewal period (a released lease is taken soon).
        const left = Math.max(0, grant.heldUntil - this.#lease.now());
        if (!(await this.#lease.wait(Math.min(left, this.#renewEveryMs), signal))) return undefined;
        continue;
      } catch (error) {
        this.#standBy('unavailable', error);
      }
      if (!(await this.#lease.wait(this.#renewEveryMs, signal))) return undefined;
    }
  }

  /** Whether this replica still leads, renewing the grant when a renewal is due. */
  async holds(): Promise<boolean> {
    const token = this.#token;
    if (token === undefined) return false;
    const now = this.#lease.now();
    if (now >= this.#validUntil) return this.#lose('lost');
    if (now < this.#renewAt) return true;
    try {
      if (await this.#lease.renew(token)) {
        this.#hold(token, now);
        return true;
      }
      return this.#lose('lost');
    } catch (error) {
      return this.#lose('unavailable', error);
    }
  }

  /** Stores `checkpoint` beside the lease with this replica's fencing token; false when refused. */
  async commit(checkpoint: string): Promise<boolean> {
    const token = this.#token;
    if (token === undefined) return false;
    const asked = this.#lease.now();
    if (asked >= this.#validUntil) return this.#lose('lost');
    try {
      if (!(await this.#lease.commit(token, checkpoint))) return this.#lose('lost');
    } catch (error) {
      return this.#lose('unavailable', error);
    }
    this.#hold(token, asked);
    this.#committed = checkpoint;
    return true;
  }

  /**
   * Waits `ms`, renewing the grant meanwhile: 'waited', 'lost' (this replica no longer leads) or
   * 'aborted'.
   */
  async wait(ms: number, signal: AbortSignal | undefined): Promise<'waited' | 'lost' | 'aborted'> {
    const end = this.#lease.now() + ms;
    for (;;) {
      if (!(await this.holds())) return 'lost';
      const left = end - this.#lease.now();
      if (left <= 0) return 'waited';
      if (!(await this.#lease.wait(Math.min(left, this.#renewEveryMs), signal))) return 'aborted';
    }
  }

  /** Lets go of the lease (a standby takes over at once); a store that is away is not waited for. */
  async release(): Promise<void> {
    const token = this.#token;
    this.#token = undefined;
    if (token !== undefined) await this.#lease.release(token).catch(() => undefined);
  }

  #hold(token: string, asked: number): void {
    this.#token = token;
    this.#validUntil = asked + this.#lease.ttlMs - this.#lease.marginMs;
    this.#renewAt = asked + this.#renewEveryMs;
  }

  #lose(reason: 'lost' | 'unavailable', error?: unknown): false {
    this.#token = undefined;
    this.#standBy(reason, error);
    return false;
  }

  #standBy(reason: NonNullable<LeaseChange['reason']>, error?: unknown): void {
    // Reported once per change, not once per attempt.
    if (this.#standbyReason === reason) return;
    this.#standbyReason = reason;
    this.#onChange?.({ leader: false, reason, ...(error !== undefined ? { error } : {}) });
  }
}
