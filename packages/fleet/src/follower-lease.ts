// One follower per fleet: the `FollowerLease` of `@x/events`, kept in Redis. The lease and the
// checkpoint beside it are one hash, changed only by scripts that check the fencing token, so a
// holder that lost the lease (paused, cut off, or from before a Redis restart) can no longer move
// the checkpoint. Expiry is measured on the processes' clocks (injected in tests): a holder stops
// `marginMs` before its grant ends, so clocks that differ by less than that never let two lead.
import type { FollowerLease, LeaseGrant, LeaseRefusal } from '@x/events';
import { ValidationError } from '@x/runtime';
import type { FleetClock } from './clock.js';
import type { FleetConnection } from './connection.js';
import { LEASE_ACQUIRE, LEASE_COMMIT, LEASE_RELEASE, LEASE_RENEW } from './scripts.js';

/** How a follower lease behaves; every field has a default. */
export interface LeaseOptions {
  /** How long a grant lasts without renewal, in ms: a standby takes over within it. Default 15000. */
  ttlMs?: number | undefined;
  /**
   * How long before its grant ends a holder stops, in ms: the clock skew between processes the
   * lease tolerates. Default 3000; less than half of `ttlMs`.
   */
  marginMs?: number | undefined;
}

/** The lease named `name`, on the fleet's Redis. */
export class RedisFollowerLease implements FollowerLease {
  readonly ttlMs: number;
  readonly marginMs: number;
  readonly #connection: FleetConnection;
  readonly #clock: FleetClock;
  readonly #key: string;

  constructor(
    connection: FleetConnection,
    name: string,
    options: LeaseOptions & { keyPrefix: string; clock: FleetClock },
  ) {
    this.ttlMs = options.ttlMs ?? 15_000;
    this.marginMs = options.marginMs ?? 3000;
    if (!Number.isSafeInteger(this.ttlMs) || this.ttlMs < 3)
      throw new ValidationError('ttlMs', 'must be an integer of at least 3 (ms)');
    if (
      !Number.isSafeInteger(this.marginMs) ||
      this.marginMs < 0 ||
      2 * this.marginMs >= this.ttlMs
    )
      throw new ValidationError('marginMs', 'must be an integer from 0 to less than ttlMs / 2');
    this.#connection = connection;
    this.#clock = options.clock;
    // A hash tag around the name: the lease and its fence counter share a cluster slot.
    this.#key = `${options.keyPrefix}lease:{${name}}`;
  }

  now(): number {
    return this.#clock.now();
  }

  async wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.#clock.sleep(ms, signal);
      return true;
    } catch (error) {
      if (signal?.aborted) return false;
      throw error;
    }
  }

  async acquire(holder: string): Promise<LeaseGrant | LeaseRefusal> {
    const reply = (await this.#connection.run((redis) =>
      redis.eval(LEASE_ACQUIRE, 2, this.#key, `${this.#key}:fence`, holder, this.now(), this.ttlMs),
    )) as [number, string, string?];
    if (reply[0] !== 1) return { heldUntil: Number(reply[1]) };
    return { token: reply[1], checkpoint: reply[2] ? reply[2] : undefined };
  }

  async renew(token: string): Promise<boolean> {
    const reply = await this.#connection.run((redis) =>
      redis.eval(LEASE_RENEW, 1, this.#key, token, this.now(), this.ttlMs),
    );
    return reply === 1;
  }

  async commit(token: string, checkpoint: string): Promise<boolean> {
    const reply = await this.#connection.run((redis) =>
      redis.eval(LEASE_COMMIT, 1, this.#key, token, this.now(), this.ttlMs, checkpoint),
    );
    return reply === 1;
  }

  async release(token: string): Promise<void> {
    await this.#connection.run((redis) => redis.eval(LEASE_RELEASE, 1, this.#key, token));
  }
}
