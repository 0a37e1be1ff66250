// `@x/fleet`: many processes, one token and one rate budget per tenant, on Redis.
export { type FleetClock, realClock } from './clock.js';
export { type ConnectionOptions, RedisUnavailableError } from './connection.js';
export {
  connectFleet,
  FLEET_URL_ENV,
  type Fleet,
  type FleetOptions,
  fleetFromEnv,
} from './fleet.js';
export { type LeaseOptions, RedisFollowerLease } from './follower-lease.js';
export { type SharedBudgetOptions, SharedRateBudget } from './rate-budget.js';
export { maskRedisUrl } from './redis-url.js';
export { type SharedTokenOptions, SharedTokenStore } from './token-store.js';
