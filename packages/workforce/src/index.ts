export {
  createWorkforceClient,
  fromEnv,
  type WorkforceApi,
  type WorkforceClient,
  type WorkforceClientOptions,
} from './client.js';
export { WORKFORCE_ENV } from './environment.js';
// The filter builders, and the field and operator tables they are made from (the emulator
// evaluates filters with the same tables: keep these names).
export * from './filter/index.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type BindingJob,
  type BindingJobCreate,
  type BindingJobState,
  BindingJobs,
  type CreatedBindingJob,
} from './resources/binding-jobs.js';
export {
  CertificateAuthority,
  type RetireTenantIssuerResponse,
} from './resources/certificate-authority.js';
export { GroupMembers, Groups } from './resources/groups.js';
export {
  DEFAULT_PAGE_SIZE,
  type FilteredListParams,
  type GroupListParams,
  MAX_PAGE_SIZE,
  type PageParams,
  type PasskeyListParams,
  type UserListParams,
} from './resources/lists.js';
export {
  type Passkey,
  type PasskeyList,
  Passkeys,
  PasskeyTags,
  type Tag,
  type TagInput,
  type TagReplace,
} from './resources/passkeys.js';
export type {
  Group,
  GroupCreate,
  GroupList,
  GroupUpdate,
  User,
  UserCreate,
  UserList,
  UserState,
  UserUpdate,
} from './resources/types.js';
export { UserGroups, Users } from './resources/users.js';
export * from './runtime-exports.js';
export { ScimGroups } from './scim/groups.js';
export type { ScimCollection, ScimListParams } from './scim/lists.js';
export { Scim } from './scim/server.js';
export type {
  ScimGroup,
  ScimGroupCreate,
  ScimGroupList,
  ScimGroupListParams,
  ScimGroupMember,
  ScimGroupMemberCreate,
  ScimGroupPatchOperation,
  ScimResourceType,
  ScimResourceTypeList,
  ScimSchema,
  ScimSchemaList,
  ScimServiceProviderConfig,
  ScimUser,
  ScimUserCreate,
  ScimUserList,
  ScimUserListParams,
  ScimUserPatchOperation,
  ScimUserReplace,
} from './scim/types.js';
export {
  SCIM_ENTERPRISE_USER,
  SCIM_GROUP_EXTENSION,
  SCIM_GROUP_SCHEMA,
  SCIM_PATCH_OP,
  SCIM_USER_SCHEMA,
} from './scim/urns.js';
export { ScimUsers } from './scim/users.js';
export { VERSION } from './version.js';
