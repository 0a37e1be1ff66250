export { type AccessClient, type AccessClientOptions, createAccessClient } from './client.js';
export { usernameFilter } from './filters.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  checkDescription,
  checkDisplayName,
  FORBIDDEN_NAME_CHARACTERS,
  MAX_DESCRIPTION_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
} from './names.js';
export {
  type ListOptions,
  MAX_PAGE_SIZE,
  MAX_SMALL_PAGE_SIZE,
  type PageParams,
  type SkipPageParams,
  type TokenPaginator,
} from './paging.js';
export type { AccessApiPaths, AccessScimPaths } from './paths.js';
export {
  type Application,
  type ApplicationInput,
  type ApplicationList,
  ApplicationsResource,
  type ListApplicationsParams,
} from './resources/applications.js';
export {
  type AuthenticatorConfig,
  type AuthenticatorConfigCreateBody,
  type AuthenticatorConfigInput,
  type AuthenticatorConfigList,
  AuthenticatorConfigsResource,
  type ListAuthenticatorConfigsParams,
} from './resources/authenticator-configs.js';
export {
  type Group,
  type GroupInput,
  type GroupList,
  GroupsResource,
  type ListGroupsParams,
} from './resources/groups.js';
export {
  IdentitiesResource,
  type Identity,
  type IdentityInput,
  type IdentityList,
  type IdentityStatus,
  type IdentityTraits,
  type ListIdentitiesParams,
  type ListIdentityGroupsParams,
} from './resources/identities.js';
export { AccessRealm } from './resources/realm.js';
export {
  type ListRealmsParams,
  type Realm,
  type RealmClassification,
  type RealmInput,
  type RealmList,
  RealmsResource,
} from './resources/realms.js';
export {
  type ListMemberRolesParams,
  type ListRoleMembersParams,
  type ListRoleScopesParams,
  type Role,
  type RoleInput,
  type RoleList,
  type RoleMember,
  type RoleMemberList,
  type RoleMembersInput,
  RolesResource,
  type Scope,
  type ScopeList,
} from './resources/roles.js';
export {
  type IdentityAssignedResponse,
  type ListSsoConfigsParams,
  type SsoConfig,
  type SsoConfigGroupListing,
  type SsoConfigInput,
  type SsoConfigList,
  type SsoConfigPayload,
  SsoConfigsResource,
  type SsoConfigType,
} from './resources/sso-configs.js';
export { type Tenant, type TenantInput, TenantResource } from './resources/tenant.js';
export { type Theme, type ThemeInput, ThemesResource } from './resources/themes.js';
export {
  type ListTokensParams,
  type Token,
  type TokenList,
  TokensResource,
} from './resources/tokens.js';
export type { ScimFilterOperator } from './scim/filter.js';
export {
  type ListScimGroupsPageParams,
  type ListScimGroupsParams,
  type ScimGroup,
  type ScimGroupFilter,
  type ScimGroupInput,
  type ScimGroupListResponse,
  ScimGroupsResource,
} from './scim/groups.js';
export {
  ScimResource,
  type ScimResourceTypes,
  type ScimSchemas,
  type ScimServiceProviderConfig,
} from './scim/scim.js';
export {
  type ListScimUsersPageParams,
  type ListScimUsersParams,
  MAX_SCIM_COUNT,
  type ScimUser,
  type ScimUserFilter,
  type ScimUserInput,
  type ScimUserListResponse,
  type ScimUserPatchOperation,
  ScimUsersResource,
} from './scim/users.js';
