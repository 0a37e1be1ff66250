// Family A's records: one collection per resource, keyed by id, every record carrying its tenant,
// its realm (where it has one) and `seq` (creation order, the default list order).

/** An access tenant. */
export interface AccessTenantRecord {
  id: string;
  display_name: string;
  create_time: string;
  update_time: string;
}

/** A realm of an access tenant. */
export interface AccessRealmRecord {
  id: string;
  seq: number;
  tenant_id: string;
  display_name: string;
  classification: 'SECURE_WORKFORCE' | 'SECURE_CUSTOMER';
  create_time: string;
  update_time: string;
}

/** Fields every realm-scoped record has. */
export interface RealmScoped {
  id: string;
  seq: number;
  tenant_id: string;
  realm_id: string;
}

/** Where a group or identity came from: only SCIM-created ones are manageable through SCIM. */
export type AccessSource = 'native' | 'scim';

/** A group of identities. */
export interface AccessGroupRecord extends RealmScoped {
  display_name?: string;
  description?: string;
  /** Member identity ids, in the order they were added. */
  members: string[];
  source: AccessSource;
  scim_version?: number;
  create_time: string;
  update_time: string;
}

/** An identity's traits: `type` names the schema (`traits_v0`). */
export type TraitsRecord = { type: string } & Record<string, unknown>;

/** An identity (a SCIM user is an identity; its SCIM id is the identity id). */
export interface AccessIdentityRecord extends RealmScoped {
  display_name?: string;
  status: string;
  enrollment_status: 'ENROLLED' | 'PENDING' | 'INVITE_FAILED' | 'UNENROLLED';
  traits: TraitsRecord;
  source: AccessSource;
  /** SCIM-only attributes of a SCIM-created identity. */
  scim?: {
    externalId?: string;
    emails?: { value?: string; primary?: boolean }[];
    name?: { givenName?: string; familyName?: string };
    enterprise?: Record<string, unknown>;
    version: number;
  };
  create_time: string;
  update_time: string;
}

/** A credential bound to an identity by a completed credential binding job. */
export interface AccessCredentialRecord extends RealmScoped {
  identity_id: string;
  state: 'ACTIVE' | 'REVOKED';
  csr_type: string;
  jwk_json: string;
  jwk_thumbprint: string;
  create_time: string;
  update_time: string;
}

/** States of a credential binding job (the published set). */
export type CredentialBindingJobState =
  | 'LINK_SENT'
  | 'LINK_OPENED'
  | 'REQUEST_DELIVERED'
  | 'COMPLETE'
  | 'EXPIRED'
  | 'FAILED_TO_SEND'
  | 'REVOKED';

/** A credential binding job. */
export interface CredentialBindingJobRecord extends RealmScoped {
  identity_id: string;
  delivery_method: 'RETURN' | 'EMAIL';
  state: CredentialBindingJobState;
  /** The secret of the binding link (the link is returned once, or e-mailed). */
  link_token: string;
  post_binding_redirect_uri?: string;
  authenticator_config?: Record<string, unknown>;
  authenticator_config_id?: string;
  credential_id?: string;
  batch_id?: string;
  expire_time: string;
  create_time: string;
  update_time: string;
}

/** A batch of credential binding jobs made from one template. */
export interface BatchCredentialBindingJobRecord extends RealmScoped {
  identity_ids: string[];
  job_template: Record<string, unknown>;
  /** The job created for each identity (in the order of `identity_ids`). */
  job_ids: string[];
  /** Per identity id: why no job was created. */
  errors: Record<string, { message: string }>;
  state: string;
  create_time: string;
  update_time: string;
}

/** A realm's theme. */
export interface ThemeRecord extends RealmScoped {
  email_realm_name?: string;
  logo_url_light?: string;
  logo_url_dark?: string;
  support_url?: string;
  button_color?: string;
  button_text_color?: string;
  create_time: string;
  update_time: string;
}

/** An application with client credentials (the default management application among them). */
export interface AccessApplicationRecord {
  id: string;
  seq: number;
  tenant_id: string;
  realm_id: string;
  display_name: string;
  is_managed: boolean;
  client_id: string;
  client_secret: string;
  /** The resource server it grants access to (the management API for the default application). */
  resource_server_id?: string;
  authenticator_config_id?: string;
  /** The protocol configuration as sent (its `type` included), without the client credentials. */
  protocol_config?: Record<string, unknown>;
  create_time: string;
  update_time: string;
}

/** An authenticator configuration. */
export interface AuthenticatorConfigRecord extends RealmScoped {
  display_name?: string;
  config?: Record<string, unknown>;
}

/** A resource server and the scopes it defines. */
export interface ResourceServerRecord extends RealmScoped {
  display_name?: string;
  identifier?: string;
  scopes: string[];
  is_managed: boolean;
}

/** A role: scopes of one resource server, held by groups and identities. */
export interface RoleRecord extends RealmScoped {
  resource_server_id: string;
  display_name?: string;
  description?: string;
  scopes: string[];
  group_ids: string[];
  identity_ids: string[];
  create_time: string;
  update_time: string;
}

/** An SSO configuration and its direct assignments. */
export interface SsoConfigRecord extends RealmScoped {
  display_name: string;
  is_migrated: boolean;
  payload: Record<string, unknown>;
  identity_ids: string[];
  group_ids: string[];
  /** What the server created for the configuration (deleted with it). */
  owned: {
    application_id?: string;
    authenticator_config_id?: string;
    identity_provider_id?: string;
  };
}

/** An external identity provider. */
export interface IdentityProviderRecord extends RealmScoped {
  display_name: string;
  protocol_config: Record<string, unknown>;
}

/** A realm's launch mechanisms (created with defaults the first time they are read). */
export interface FlowTypeConfigRecord {
  id: string;
  tenant_id: string;
  realm_id: string;
  platform_config: Record<string, Record<string, { enabled: boolean; valid: boolean }>>;
  create_time: string;
  update_time: string;
}

/** Family A's state. */
export interface AccessState {
  tenants: Record<string, AccessTenantRecord>;
  realms: Record<string, AccessRealmRecord>;
  applications: Record<string, AccessApplicationRecord>;
  groups: Record<string, AccessGroupRecord>;
  identities: Record<string, AccessIdentityRecord>;
  credentials: Record<string, AccessCredentialRecord>;
  bindingJobs: Record<string, CredentialBindingJobRecord>;
  batchJobs: Record<string, BatchCredentialBindingJobRecord>;
  themes: Record<string, ThemeRecord>;
  authenticatorConfigs: Record<string, AuthenticatorConfigRecord>;
  resourceServers: Record<string, ResourceServerRecord>;
  roles: Record<string, RoleRecord>;
  ssoConfigs: Record<string, SsoConfigRecord>;
  identityProviders: Record<string, IdentityProviderRecord>;
  /** Keyed by realm id. */
  flowTypeConfigs: Record<string, FlowTypeConfigRecord>;
}

/** An empty family A state. */
export const emptyAccessState = (): AccessState => ({
  tenants: {},
  realms: {},
  applications: {},
  groups: {},
  identities: {},
  credentials: {},
  bindingJobs: {},
  batchJobs: {},
  themes: {},
  authenticatorConfigs: {},
  resourceServers: {},
  roles: {},
  ssoConfigs: {},
  identityProviders: {},
  flowTypeConfigs: {},
});
