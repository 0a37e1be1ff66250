// One connection to Redis per fleet object, and what happens when Redis is away: every command
// fails at once (no offline queue, no resend, a command timeout), the caller goes on with its
// per-process behaviour, and one warning says so per outage. ioredis reconnects in the background;
// from its next `ready` the shared behaviour is back.
import { urlPassword } from '@x/runtime/internal';
import { Redis } from 'ioredis';
import { maskRedisUrl, scrub } from './redis-url.js';

/** Redis could not run a command: the caller goes on without it. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** How the connection behaves; every field has a default. */
export interface ConnectionOptions {
  /** How long a connection attempt may take, in ms. Default 2000. */
  connectTimeoutMs?: number | undefined;
  /** How long one command may take before Redis counts as away, in ms. Default 2000. */
  commandTimeoutMs?: number | undefined;
  /** The longest pause between reconnection attempts, in ms. Default 5000. */
  reconnectMaxMs?: number | undefined;
  /**
   * Receives the one warning per outage (its text never holds the Redis password). Default:
   * `process.emitWarning` with the code `X_FLEET_UNAVAILABLE`.
   */
  onWarning?: ((message: string) => void) | undefined;
}

/** The Redis connection of a fleet, with the outage bookkeeping. */
export class FleetConnection {
  readonly redis: Redis;
  readonly #masked: string;
  readonly #secrets: readonly (string | undefined)[];
  readonly #warn: (message: string) => void;
  #away = false;

  private constructor(url: string, options: ConnectionOptions) {
    this.#masked = maskRedisUrl(url);
    this.#secrets = [urlPassword(url), new URL(url).password || undefined];
    this.#warn =
      options.onWarning ??
      ((message) => process.emitWarning(message, { code: 'X_FLEET_UNAVAILABLE' }));
    const reconnectMaxMs = options.reconnectMaxMs ?? 5000;
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast while disconnected: a queued command would hold the SDK call that waits on it.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: options.connectTimeoutMs ?? 2000,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 10), reconnectMaxMs),
    });
    // ioredis reports each failed (re)connection here; without a listener it prints them itself.
    this.redis.on('error', (error: unknown) => this.#down(error));
    this.redis.on('ready', () => {
      this.#away = false;
    });
  }

  /**
   * Connects to `url`: resolves once connected, or once the first attempt failed (then with the
   * warning given, and reconnecting in the background). Never rejects for an unreachable server.
   */
  static async open(url: string, options: ConnectionOptions = {}): Promise<FleetConnection> {
    const connection = new FleetConnection(url, options);
    try {
      await connection.redis.connect();
    } catch (error) {
      connection.#down(error);
    }
    return connection;
  }

  /** The URL with its password masked, for messages. */
  get maskedUrl(): string {
    return this.#masked;
  }

  /** Whether commands can go to Redis now. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** Runs `command`; any failure of Redis becomes RedisUnavailableError (after the warning). */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.ready) throw this.#down(new Error(`connection ${this.redis.status}`));
    try {
      const result = await command(this.redis);
      this.#away = false;
      return result;
    } catch (error) {
      throw this.#down(error);
    }
  }

  /** Text without the Redis password. */
  scrub(text: string): string {
    return scrub(text, this.#secrets);
  }

  /** Closes the connection; no reconnection follows. */
  async close(): Promise<void> {
    this.redis.disconnect(false);
  }

  #down(error: unknown): RedisUnavailableError {
    const reason = this.scrub(error instanceof Error ? error.message : String(error));
    const message = `@x/fleet: Redis at ${this.#masked} is unavailable (${reason}); this process goes on with its own token and rate limits until it is back`;
    if (!this.#away) {
      this.#away = true;
      this.#warn(message);
    }
    return new RedisUnavailableError(message);
  }
}
