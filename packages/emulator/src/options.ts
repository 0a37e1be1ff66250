// Options of `startEmulator`: where to listen, what to seed, limits, faults and the clock.
import type { ClockOptions } from './clock.js';
import type { UnknownsOptions } from './tolerance/unknowns.js';

/** A workforce tenant to seed. Every field has a default. */
export interface WorkforceTenantSeed {
  id?: string;
  name?: string;
  clientId?: string;
  clientSecret?: string;
  /** Users to create natively (no enrolment e-mail is sent for seeded users). */
  users?: {
    id?: string;
    username?: string;
    display_name?: string;
    email_address?: string;
    external_id?: string;
    state?: 'ACTIVE' | 'SUSPENDED';
  }[];
  /** Groups to create. */
  groups?: { id?: string; name: string; description?: string; members?: string[] }[];
  /** Name of the tenant's permission group (default `Administrators`). */
  permissionGroupName?: string;
}

/** A static bearer key to seed (events API key or legacy token). */
export interface StaticKeySeed {
  key: string;
  /** Tenants it reaches; default the seeded tenants. */
  tenantIds?: string[];
  /** Default true; an events key that is not active gives 403. */
  active?: boolean;
  name?: string;
}

/** An access tenant to seed, with one realm and its default management application. */
export interface AccessTenantSeed {
  id?: string;
  displayName?: string;
  realm?: {
    id?: string;
    displayName?: string;
    classification?: 'SECURE_WORKFORCE' | 'SECURE_CUSTOMER';
  };
  application?: { id?: string; clientId?: string; clientSecret?: string };
}

/** Family A's seed. */
export interface AccessSeed {
  /** Tenants (default: one, with fixed ids and credentials). The first is `credentials.access`. */
  tenants?: AccessTenantSeed[];
  /**
   * Lifetime of a credential binding job (the platform publishes no lifetime field for them);
   * default 86400 (24 hours).
   */
  credentialBindingJobTtlSeconds?: number;
}

/** Seed data. Without it one workforce tenant, one access tenant and realm, an events key and a legacy token are seeded. */
export interface SeedData {
  workforce?: { tenants?: WorkforceTenantSeed[] };
  events?: { apiKeys?: StaticKeySeed[] };
  legacy?: { tokens?: StaticKeySeed[] };
  /** Family A's seed. */
  access?: AccessSeed;
}

/** One rate limit: at most `limit` requests per `windowSeconds` (on the emulator's clock). */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Per-tenant rate limits; off unless given. */
export interface RateLimitOptions extends RateLimit {
  /** Limits for particular tenants (by id), overriding the default. */
  tenants?: Record<string, RateLimit>;
}

/** Which requests a fault rule applies to. */
export interface FaultMatch {
  /** The mount (`workforce`, `access`, `accessAuth`, `events`, `legacy`). */
  mount?: string;
  /** operationId of the route. */
  operationId?: string;
  /** HTTP method (with `path`). */
  method?: string;
  /** Path template as the spec writes it (`/v2/users/{user_id}`). */
  path?: string;
}

/** What a fault does. */
export type FaultEffect =
  | { kind: 'latency'; ms: number | [min: number, max: number] }
  | { kind: 'status'; status: number }
  | { kind: 'rateLimit'; resetSeconds?: number }
  | { kind: 'reset' };

/** A fault rule: a match, an effect, how often it fires and how many times at most. */
export interface FaultRule extends FaultMatch {
  effect: FaultEffect;
  /** Chance per matching request, 0 to 1 (default 1), drawn from the seeded generator. */
  probability?: number;
  /** Fire at most this many times (a burst); default unlimited. */
  times?: number;
}

/** Fault injection: rules and the seed of their draws, so a run repeats. */
export interface FaultOptions {
  seed?: number;
  rules: FaultRule[];
}

/** Options of `startEmulator`. */
export interface EmulatorOptions {
  /** Also listen on this port (0 = any free port). Undefined: in-process `fetch` only. */
  port?: number;
  /** Host to listen on; default `127.0.0.1`. */
  host?: string;
  /**
   * The host name the printed and returned URLs use, when the listen address is not what clients
   * reach (`host: '0.0.0.0'` in a container reached as `http://emulator:…`). Default: `host`.
   */
  advertiseHost?: string;
  /**
   * The key the control surface (`/_emulator/*`) asks for in the `x-emulator-control-key` header
   * (at least 16 characters). Default: none on loopback; a new random key when `host` is not
   * loopback (read it from `emulator.controlKey`). The in-process `fetch` needs no key.
   */
  controlKey?: string;
  seed?: SeedData;
  /** Start from this snapshot instead of the seed. */
  snapshot?: unknown;
  rateLimits?: RateLimitOptions;
  faults?: FaultOptions;
  clock?: ClockOptions;
  /** Lifetime of issued access tokens in seconds; default 3600. */
  tokenLifetimeSeconds?: number;
  /** Largest request body accepted, in bytes; default 1 MiB (the SCIM `maxPayloadSize`). */
  maxBodyBytes?: number;
  /** Tolerance mode: unknown enum values and unknown fields in responses; off unless given. */
  unknowns?: UnknownsOptions;
}
