export {
  createLegacyClient,
  fromEnv,
  LEGACY_ENV,
  type LegacyApi,
  type LegacyClient,
  type LegacyClientOptions,
} from './client.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type LegacyUser,
  type LegacyUserCreate,
  type LegacyUserRecover,
  type LegacyUserStatus,
  LegacyUsers,
} from './resources/users.js';
export { VERSION } from './version.js';
