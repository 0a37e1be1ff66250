export { createLegacyClient, type LegacyClient, type LegacyClientOptions } from './client.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type CreateLegacyUserInput,
  type LegacyUser,
  type LegacyUserStatus,
  LegacyUsers,
  type RecoverLegacyUserInput,
} from './users.js';
