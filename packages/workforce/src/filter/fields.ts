// Which fields each collection can be filtered and sorted on, and with which operators: the
// tables of the reference ("List filtering, sorting and paging"). Types are derived from these.

/** The kinds of filter fields: each kind fixes the operators and the value type. */
export interface FieldKinds {
  /** Strings compared with `eq ne co sw ew`. */
  text: { operators: 'eq' | 'ne' | 'co' | 'sw' | 'ew'; value: string };
  /** Version numbers given as strings or numbers, compared with `eq ne co sw ew`. */
  version: { operators: 'eq' | 'ne' | 'co' | 'sw' | 'ew'; value: string | number };
  /** Timestamps compared with `pr eq ne gt lt ge le`; a Date or an RFC 3339 string. */
  dateTime: { operators: 'pr' | 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le'; value: Date | string };
  /** Booleans compared with `eq ne`. */
  flag: { operators: 'eq' | 'ne'; value: boolean };
  /** Strings compared with `eq ne` only. */
  exact: { operators: 'eq' | 'ne'; value: string };
}

/** A field kind name. */
export type FieldKind = keyof FieldKinds;

/** The operators of each kind, at run time (checked for untyped callers). */
export const OPERATORS_OF_KIND: {
  readonly [K in FieldKind]: readonly FieldKinds[K]['operators'][];
} = {
  text: ['eq', 'ne', 'co', 'sw', 'ew'],
  version: ['eq', 'ne', 'co', 'sw', 'ew'],
  dateTime: ['pr', 'eq', 'ne', 'gt', 'lt', 'ge', 'le'],
  flag: ['eq', 'ne'],
  exact: ['eq', 'ne'],
};

/** Filter fields of users and of a group's members (`users.list`, `groups.listMembers`). */
export const USER_FILTER_FIELDS = {
  id: 'text',
  email_address: 'text',
  external_id: 'text',
  username: 'text',
  display_name: 'text',
  state: 'text',
  source: 'text',
  last_auth_time: 'dateTime',
  has_active_passkey: 'flag',
} as const satisfies Record<string, FieldKind>;

/** Filter fields of groups (`groups.list`). */
export const GROUP_FILTER_FIELDS = {
  id: 'text',
  name: 'text',
  description: 'text',
  source: 'text',
} as const satisfies Record<string, FieldKind>;

/**
 * Filter fields of passkeys (`passkeys.list`). `search` is left out: the reference calls it a
 * text search without naming its operators; pass a raw filter string to use it.
 */
export const PASSKEY_FILTER_FIELDS = {
  id: 'text',
  platform: 'text',
  sdk: 'text',
  major: 'version',
  minor: 'version',
  patch: 'version',
  hardware_serial_number: 'text',
  app_version: 'text',
  user_name: 'text',
  device_name: 'text',
  user_status: 'text',
  hostname: 'text',
  date_last_auth: 'dateTime',
  platform_pr: 'flag',
  app_version_pr: 'flag',
  is_jailbroken: 'flag',
  is_rooted: 'flag',
  vul_firewall: 'flag',
  vul_rooted: 'flag',
  vul_biometric: 'flag',
  vul_password: 'flag',
  vul_tpm: 'flag',
  serial_number: 'exact',
} as const satisfies Record<string, FieldKind>;

/** Filter fields of SCIM users (`scim.users.list`): `eq` and `ne` on two attributes only. */
export const SCIM_USER_FILTER_FIELDS = {
  userName: 'exact',
  externalId: 'exact',
} as const satisfies Record<string, FieldKind>;

/**
 * Filter fields of SCIM groups (`scim.groups.list`): `eq` and `ne`. Which attributes the server
 * accepts is not published; `displayName`, the group's name attribute, is the documented example.
 */
export const SCIM_GROUP_FILTER_FIELDS = {
  displayName: 'exact',
} as const satisfies Record<string, FieldKind>;

/** Sort fields of users and of a group's members. */
export const USER_SORT_FIELDS = [
  'display_name',
  'username',
  'email_address',
  'status',
  'source',
  'last_auth_time',
] as const;
/** Sort fields of groups. */
export const GROUP_SORT_FIELDS = ['name', 'source'] as const;
/** Sort fields of passkeys. */
export const PASSKEY_SORT_FIELDS = [
  'date_last_auth',
  'device_name',
  'hostname',
  'user_name',
  'platform',
  'sdk',
  'major',
  'minor',
  'patch',
] as const;
