export {
  createLegacyClient,
  fromEnv,
  type LegacyApi,
  type LegacyClient,
  type LegacyClientOptions,
} from './client.js';
export { LEGACY_ENV } from './environment.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type LegacyUser,
  type LegacyUserCreate,
  type LegacyUserRecover,
  type LegacyUserStatus,
  LegacyUsers,
} from './resources/users.js';
export * from './runtime-exports.js';
export { VERSION } from './version.js';
