// The lease that lets one of several replicas run `follow` or `export` while the others stand by.
// The events package owns this interface and depends on no store: `@x/fleet` implements it on
// Redis, and any store with an atomic compare-and-set can implement it too.

/** What taking the lease gives its holder. */
export interface LeaseGrant {
  /**
   * The fencing token of this holding: different for every grant, also after the store lost its
   * data. Every checkpoint write names it, and the store refuses a write from an older holder.
   */
  readonly token: string;
  /** The checkpoint the last holder committed beside the lease (JSON text), if any. */
  readonly checkpoint: string | undefined;
}

/** What taking the lease gives while another holder has it: when that holding ends. */
export interface LeaseRefusal {
  readonly token?: undefined;
  /** Epoch ms (the holder's clock) at which the other holding ends unless renewed. */
  readonly heldUntil: number;
}

/**
 * A lease held by one replica at a time, with the checkpoint stored beside it. Any method may
 * throw when the store cannot be reached: the follower then stops advancing and tries again.
 */
export interface FollowerLease {
  /** How long a grant lasts without renewal, in ms: a standby takes over within it. */
  readonly ttlMs: number;
  /**
   * How long before its expiry a holder stops (it no longer delivers once this close to the end),
   * in ms: the clock skew between replicas that the lease tolerates. Less than `ttlMs / 2`.
   */
  readonly marginMs: number;
  /** Epoch ms on the clock the lease's expiry is measured with (tests inject one). */
  now(): number;
  /** Waits `ms` on that clock; resolves false at once when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<boolean>;
  /**
   * Takes the lease when it is free or expired, or extends it when `holder` already holds it
   * (then with the same token). While another holder has it: when that holding ends.
   */
  acquire(holder: string): Promise<LeaseGrant | LeaseRefusal>;
  /** Extends the lease while `token` holds it; false when it no longer does. */
  renew(token: string): Promise<boolean>;
  /**
   * Stores `checkpoint` (JSON text) beside the lease and extends it, only while `token` holds it;
   * false (nothing stored) when it no longer does.
   */
  commit(token: string, checkpoint: string): Promise<boolean>;
  /** Lets go of the lease while `token` holds it, so that a standby takes over at once. */
  release(token: string): Promise<void>;
}

/** What `onLeaseChange` learns: this replica became the leader, or stands by (and why). */
export interface LeaseChange {
  readonly leader: boolean;
  /** The fencing token, while leader. */
  readonly token?: string | undefined;
  /** Why this replica stands by: another holds the lease, it was lost, or the store is away. */
  readonly reason?: 'held-elsewhere' | 'lost' | 'unavailable' | undefined;
  /** The store's error, when it is away. */
  readonly error?: unknown;
}
