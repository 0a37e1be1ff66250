export type { AccessApiPaths, AccessScimPaths } from './api.js';
export {
  checkDescription,
  checkDisplayName,
  FORBIDDEN_NAME_CHARACTERS,
  MAX_DESCRIPTION_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
} from './checks.js';
export {
  type AccessApi,
  type AccessClient,
  type AccessClientOptions,
  type AccessScimApi,
  createAccessClient,
  fromEnv,
} from './client.js';
export { ACCESS_ENV } from './environment.js';
export { usernameFilter } from './filters.js';
export type { components, operations, paths } from './generated/schema.js';
export { AccessRealm } from './realm.js';
export {
  type Application,
  type ApplicationCreate,
  type ApplicationList,
  type ApplicationListParams,
  type ApplicationProtocolConfig,
  type ApplicationProtocolConfigCreate,
  type ApplicationSsoConfigId,
  Applications,
  type ApplicationUpdate,
} from './resources/applications.js';
export {
  type AuthenticatorConfig,
  type AuthenticatorConfigCreate,
  type AuthenticatorConfigList,
  type AuthenticatorConfigListParams,
  type AuthenticatorConfigSettings,
  type AuthenticatorConfigSettingsCreate,
  AuthenticatorConfigs,
  type AuthenticatorConfigUpdate,
} from './resources/authenticator-configs.js';
export {
  type BatchCredentialBindingJob,
  type BatchCredentialBindingJobCreate,
  type BatchCredentialBindingJobResultList,
  BatchCredentialBindingJobs,
} from './resources/batch-credential-binding-jobs.js';
export {
  CORRELATION_HEADER,
  type CorrelatedCallOptions,
  type CorrelatedListOptions,
} from './resources/correlation.js';
export {
  type CreatedCredentialBindingJob,
  type CredentialBindingJob,
  type CredentialBindingJobCreate,
  type CredentialBindingJobList,
  type CredentialBindingJobListParams,
  type CredentialBindingJobState,
  CredentialBindingJobs,
  type CredentialDeliveryMethod,
  IdentityCredentialBindingJobs,
} from './resources/credential-binding-jobs.js';
export {
  type Credential,
  type CredentialList,
  type CredentialListParams,
  type CredentialState,
  Credentials,
  IdentityCredentials,
} from './resources/credentials.js';
export {
  type FlowTypeConfig,
  FlowTypeConfigResource,
  type FlowTypeConfigUpdate,
} from './resources/flow-type-config.js';
export {
  type GroupCreate,
  type GroupListParams,
  type GroupMemberListParams,
  GroupMembers,
  type GroupRoleListParams,
  GroupRoles,
  Groups,
  type GroupUpdate,
} from './resources/groups.js';
export {
  Identities,
  type IdentityCreate,
  type IdentityGroupListParams,
  IdentityGroups,
  type IdentityListParams,
  type IdentityRoleListParams,
  IdentityRoles,
  type IdentityStatus,
  type IdentityTraits,
  type IdentityTraitsCreate,
  type IdentityUpdate,
} from './resources/identities.js';
export {
  type CreatedIdentityProvider,
  type IdentityProvider,
  type IdentityProviderCreate,
  type IdentityProviderList,
  type IdentityProviderListParams,
  type IdentityProviderProtocolConfig,
  IdentityProviders,
  type IdentityProviderUpdate,
} from './resources/identity-providers.js';
export {
  isKnownAuthenticatorSettings,
  isKnownIdentityProviderConfig,
  isKnownProtocolConfig,
  isKnownSsoPayload,
} from './resources/known-kinds.js';
export {
  MAX_PAGE_SIZE,
  MAX_SMALL_PAGE_SIZE,
  type PageParams,
  type SkipPageParams,
} from './resources/lists.js';
export {
  type Realm,
  type RealmClassification,
  type RealmCreate,
  type RealmList,
  type RealmListParams,
  Realms,
  type RealmUpdate,
} from './resources/realms.js';
export {
  type ResourceServer,
  type ResourceServerCreate,
  type ResourceServerList,
  type ResourceServerListParams,
  ResourceServers,
  type ResourceServerUpdate,
} from './resources/resource-servers.js';
export {
  ResourceServerRoles,
  type RoleCreate,
  type RoleListParams,
  type RoleMember,
  type RoleMemberList,
  type RoleMemberListParams,
  type RoleMembers,
  RoleMemberships,
  type RoleScopeListParams,
  RoleScopes,
  Roles,
  type RoleUpdate,
  type ScopeList,
} from './resources/roles.js';
export {
  GroupSsoConfigs,
  type IdentityAssignedResponse,
  type IdentitySsoConfigList,
  IdentitySsoConfigs,
  type SsoConfig,
  type SsoConfigCreate,
  type SsoConfigGroup,
  type SsoConfigGroupAssignment,
  type SsoConfigGroupList,
  type SsoConfigGroupListing,
  SsoConfigGroups,
  SsoConfigIdentities,
  type SsoConfigIdentity,
  type SsoConfigIdentityList,
  type SsoConfigKind,
  type SsoConfigList,
  type SsoConfigListParams,
  type SsoConfigPageParams,
  type SsoConfigPayload,
  type SsoConfigPayloadCreate,
  type SsoConfigSummary,
  SsoConfigs,
  type SsoConfigTestResult,
  type SsoConfigType,
  type SsoConfigUpdate,
} from './resources/sso-configs.js';
export { type Tenant, TenantResource, type TenantUpdate } from './resources/tenant.js';
export { type Theme, type ThemeCreate, Themes, type ThemeUpdate } from './resources/themes.js';
export {
  ApplicationTokens,
  type Token,
  type TokenList,
  type TokenListParams,
  Tokens,
} from './resources/tokens.js';
export type {
  Group,
  GroupList,
  Identity,
  IdentityList,
  Role,
  RoleList,
} from './resources/types.js';
export * from './runtime-exports.js';
export type { ScimFilterOperator, ScimGroupFilter, ScimUserFilter } from './scim/filter.js';
export {
  type ScimGroup,
  type ScimGroupCreate,
  type ScimGroupList,
  type ScimGroupListParams,
  type ScimGroupPatchOperation,
  ScimGroups,
  type ScimMemberRef,
} from './scim/groups.js';
export { DEFAULT_SCIM_COUNT, MAX_SCIM_COUNT, type ScimListParams } from './scim/lists.js';
export {
  Scim,
  type ScimResourceTypeList,
  type ScimSchemaList,
  type ScimServiceProviderConfig,
} from './scim/server.js';
export {
  type ScimUser,
  type ScimUserCreate,
  type ScimUserList,
  type ScimUserListParams,
  type ScimUserPatchOperation,
  type ScimUserReplace,
  ScimUsers,
} from './scim/users.js';
export { VERSION } from './version.js';
