// Per-tenant rate limits in fixed windows on the emulator's clock, off unless configured. While
// on, every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.
import type { Clock } from '../clock.js';
import type { RateLimit, RateLimitOptions } from '../options.js';

/** The outcome of counting one request. */
export interface RateLimitTake {
  exceeded: boolean;
  headers: Record<string, string>;
}

/** Counts requests per tenant. */
export class RateLimiter {
  private options: RateLimitOptions | undefined;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    options: RateLimitOptions | undefined,
    private readonly clock: Clock,
  ) {
    this.configure(options);
  }

  /** Replaces the limits (undefined turns them off) and starts every window afresh. */
  configure(options: RateLimitOptions | undefined): void {
    if (options) {
      for (const limit of [options, ...Object.values(options.tenants ?? {})])
        if (!(Number.isInteger(limit.limit) && limit.limit >= 0 && limit.windowSeconds > 0))
          throw new RangeError('a rate limit needs an integer limit >= 0 and windowSeconds > 0');
    }
    this.options = options ? structuredClone(options) : undefined;
    this.windows.clear();
  }

  /** The limits in force (undefined when off). */
  current(): RateLimitOptions | undefined {
    return this.options ? structuredClone(this.options) : undefined;
  }

  /** Forgets every window (reset). */
  clear(): void {
    this.windows.clear();
  }

  /** Counts a request of a tenant; undefined when limits are off. */
  take(tenantId: string): RateLimitTake | undefined {
    if (!this.options) return undefined;
    const limit: RateLimit = this.options.tenants?.[tenantId] ?? this.options;
    const now = this.clock.now();
    const windowMs = limit.windowSeconds * 1000;
    let window = this.windows.get(tenantId);
    if (!window || now >= window.start + windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.windows.set(tenantId, window);
    }
    const exceeded = window.count >= limit.limit;
    if (!exceeded) window.count++;
    return {
      exceeded,
      headers: {
        'RateLimit-Limit': String(limit.limit),
        'RateLimit-Remaining': String(Math.max(0, limit.limit - window.count)),
        'RateLimit-Reset': String(Math.max(0, Math.ceil((window.start + windowMs - now) / 1000))),
      },
    };
  }
}
