export {
  type BindingJob,
  BindingJobs,
  type CreateBindingJobInput,
  type CreatedBindingJob,
} from './binding-jobs.js';
export {
  createWorkforceClient,
  type WorkforceClient,
  type WorkforceClientOptions,
} from './client.js';
export * from './filter/index.js';
export type { components, operations, paths } from './generated/schema.js';
export { type Group, type GroupInput, type GroupPage, type GroupQuery, Groups } from './groups.js';
export {
  DEFAULT_PAGE_SIZE,
  type ListOptions,
  MAX_PAGE_SIZE,
  type PageQuery,
} from './list-options.js';
export {
  type Passkey,
  type PasskeyPage,
  type PasskeyQuery,
  Passkeys,
  type Tag,
  type TagInput,
} from './passkeys.js';
export type { Scim, ScimServiceProviderConfig } from './scim.js';
export {
  SCIM_USER_SCHEMA,
  type ScimUser,
  type ScimUserInput,
  type ScimUserListOptions,
  type ScimUserPage,
  type ScimUserQuery,
  ScimUsers,
} from './scim-users.js';
export { type User, type UserInput, type UserPage, type UserQuery, Users } from './users.js';
