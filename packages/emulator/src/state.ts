// The emulator's whole state as plain JSON: every family's records, the event log, the outbox
// and the issued tokens. Snapshots copy it; restore replaces it. Records keep a `seq` (creation
// order) so lists have a stable default order even when the clock stands still.

/** A workforce tenant with its API client (client credentials) and intermediate certificate. */
export interface WorkforceTenantRecord {
  id: string;
  name: string;
  client_id: string;
  client_secret: string;
  client_name: string;
  /** The tenant's current intermediate signing certificate, and the ones retired. */
  issuer: { id: string; issued_at: string; retired: { id: string; retired_at: string }[] };
}

/** A native or SCIM-provisioned workforce user. */
export interface WorkforceUserRecord {
  id: string;
  seq: number;
  tenant_id: string;
  create_time: string;
  update_time: string;
  last_auth_time?: string;
  external_id?: string;
  email_address?: string;
  username?: string;
  display_name?: string;
  state: 'ACTIVE' | 'SUSPENDED' | 'DELETED';
  /** `scim` when created through the SCIM set (only then manageable through it), else `native`. */
  source: 'native' | 'scim';
  /** SCIM-only attributes. */
  scim?: {
    name?: { givenName?: string; familyName?: string };
    emails?: { value: string; type?: string; primary?: boolean }[];
    enterprise?: Record<string, unknown>;
    version: number;
  };
}

/** A workforce group; `kind: 'permission'` is a permission group (403 everywhere, never listed). */
export interface WorkforceGroupRecord {
  id: string;
  seq: number;
  tenant_id: string;
  create_time: string;
  update_time: string;
  name: string;
  description?: string;
  source: 'native' | 'scim';
  kind: 'standard' | 'permission';
  /** Member user ids, in the order they were added. */
  members: string[];
  scim_version?: number;
}

/** A workforce binding job. */
export interface BindingJobRecord {
  id: string;
  seq: number;
  tenant_id: string;
  user_id: string;
  issuer_user_id?: string;
  delivery_method: string;
  state: 'PENDING' | 'CLAIMED' | 'SUCCESS';
  short_code: string;
  expire_time: string;
  create_time: string;
  claim_time?: string;
  complete_time?: string;
  passkey_id?: string;
}

/** A workforce passkey: the published response fields plus the fields seen only as filter names. */
export interface PasskeyRecord {
  id: string;
  seq: number;
  tenant_id: string;
  user_id: string;
  user_name: string;
  device_info: string;
  date_last_auth: string;
  date_created: string;
  platform: string;
  serial_number: string;
  hostname: string;
  major_version: number;
  minor_version: number;
  is_rooted: boolean;
  vulnerabilities: Record<string, unknown>;
  app_version: string;
  sdk: string;
  major: string;
  minor: string;
  patch: string;
  hardware_serial_number: string;
  device_name: string;
  is_jailbroken: boolean;
  /** Tag ids. */
  tags: string[];
  /** Id of the intermediate certificate that signed the passkey's credential. */
  issuer_id: string;
}

/** A passkey tag (names are unique per tenant, compared case-insensitively). */
export interface TagRecord {
  id: string;
  tenant_id: string;
  name: string;
}

/** The workforce family's state. */
export interface WorkforceState {
  tenants: Record<string, WorkforceTenantRecord>;
  users: Record<string, WorkforceUserRecord>;
  groups: Record<string, WorkforceGroupRecord>;
  bindingJobs: Record<string, BindingJobRecord>;
  passkeys: Record<string, PasskeyRecord>;
  tags: Record<string, TagRecord>;
}

/** A legacy (family L) user. */
export interface LegacyUserRecord {
  internal_id: string;
  seq: number;
  tenant_id: string;
  external_id: string;
  email: string;
  user_name: string;
  display_name: string;
  date_created: string;
  date_modified: string;
  status:
    | 'USER_STATUS_UNSET'
    | 'USER_STATUS_ACTIVE'
    | 'USER_STATUS_SUSPENDED'
    | 'USER_STATUS_DELETED';
}

/** A static bearer credential: an events API key or a legacy token. */
export interface StaticKeyRecord {
  /** Tenants whose data the key reaches. */
  tenant_ids: string[];
  /** An events key that is not active gives 403. */
  active: boolean;
  name: string;
}

/** One recorded event: the published envelope plus the tenant and the recording order. */
export interface EventRecord {
  seq: number;
  tenant_id: string;
  event: Record<string, unknown>;
}

/** An e-mail the platform would have sent. */
export interface OutboxMessage {
  id: string;
  seq: number;
  family: string;
  /** What the mail is for, e.g. `workforce.enrolment`, `legacy.enrolment`, `legacy.recovery`. */
  kind: string;
  tenant_id: string;
  to: string;
  subject: string;
  text: string;
  /** The binding token, code or link the mail carries. */
  token?: string;
  user_id?: string;
  sent_at: string;
}

/** A token issued by a client-credentials endpoint. */
export interface TokenRecord {
  jti: string;
  /** The family the token works on: a workforce token never works on access and the other way round. */
  family: string;
  tenant_id: string;
  client_id: string;
  scope: string;
  iat: number;
  exp: number;
  revoked: boolean;
  /** Extra claims a family keeps with the token (for example the access realm and application). */
  extra?: Record<string, string>;
}

/** Everything the emulator holds. */
export interface EmulatorState {
  /** Next creation sequence number. */
  seq: number;
  /** Per-instance HMAC key of the JWTs (base64url); kept so tokens survive snapshot and restore. */
  signing_key: string;
  workforce: WorkforceState;
  /** Family A's state, owned by its module. */
  access: Record<string, unknown>;
  legacy: { users: Record<string, LegacyUserRecord>; tokens: Record<string, StaticKeyRecord> };
  events: { records: EventRecord[]; api_keys: Record<string, StaticKeyRecord> };
  outbox: OutboxMessage[];
  tokens: Record<string, TokenRecord>;
}

/** The next creation sequence number of a state. */
export const nextSeq = (state: EmulatorState): number => state.seq++;
