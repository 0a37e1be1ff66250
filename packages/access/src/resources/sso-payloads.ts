// The payload of an SSO configuration as sent: one of nine kinds, selected by `type`, each with its
// fields (the spec's `…SsoPayloadCreate` and `…SsoPayloadUpdate`). A create sends a whole payload
// with its required fields; an update sends `type` and the fields that change.
import { isRecord } from '@x/runtime/internal';
import { displayName, flag, object, oneOf, strings, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import {
  anyValue,
  byType,
  integer,
  listOf,
  nullable,
  type ShapeFields,
  shape,
} from '../shape-checks.js';

type Schemas = components['schemas'];
type Fields = ShapeFields['writable'];

const NAME_FORMAT = oneOf([
  'unspecified',
  'email_address',
  'x509_subject_name',
  'persistent',
  'transient',
  'entity',
  'kerberos',
  'windows_domain_qualified_name',
] satisfies Schemas['SsoNameFormat'][]);
const AUTHENTICATION_CONTEXT = oneOf([
  'x509',
  'integrated_windows_federation',
  'kerberos',
  'password',
  'password_protected_transport',
  'tls_client',
  'unspecified',
  'refeds_mfa',
] satisfies Schemas['SsoAuthenticationContext'][]);
const SUBJECT_USER_NAME = oneOf([
  'user_name',
  'email',
  'email_prefix',
  'external_id',
  'display_name',
  'custom',
  'none',
] satisfies Schemas['SsoSubjectUserNameAttribute'][]);
const SIGNATURE = oneOf([
  'rsa_sha256',
  'rsa_sha1',
  'rsa_sha384',
  'rsa_sha512',
] satisfies Schemas['SsoSignatureAlgorithm'][]);
const DIGEST = oneOf([
  'sha256',
  'sha1',
  'sha384',
  'sha512',
] satisfies Schemas['SsoDigestAlgorithm'][]);
const ATTRIBUTE_VALUE = oneOf([
  'email',
  'user_name',
  'external_id',
  'display_name',
  'custom_static_string',
] satisfies Schemas['SsoUserAttributeValue'][]);
const PKCE = oneOf(['disabled', 'plain', 's256'] satisfies Schemas['PkceConfig'][]);
const SUBJECT_FIELD = oneOf([
  'id',
  'email',
  'username',
  'external_id',
] satisfies Schemas['SubjectField'][]);
// Its fields are not published: an open object, or null.
const INBOUND_SCIM = nullable(object);

/** The tile fields most kinds share. */
const TILE: Fields = { login_link: text, icon: text, is_tile_visible: flag };

const GENERIC_OIDC_IDP: Fields = {
  client_id: text,
  identifying_claim_name: text,
  identity_attribute: SUBJECT_FIELD,
  authorization_endpoint: nullable(text),
  token_endpoint: text,
  jwks_endpoint: text,
};

const GENERIC_SAML: Fields = {
  acs_url: text,
  override_recipient_and_destination: flag,
  recipient_url: text,
  destination_url: text,
  audience_url: text,
  default_relay_state: text,
  name_format: NAME_FORMAT,
  authentication_context: AUTHENTICATION_CONTEXT,
  subject_user_name_attribute: SUBJECT_USER_NAME,
  sign_envelope: flag,
  sign_assertions: flag,
  signature_algorithm: SIGNATURE,
  digest_algorithm: DIGEST,
  encrypt_assertions: flag,
  assertion_validity_duration_seconds: integer(),
  assertion_encryption_algorithm: oneOf([
    'aes256_cbc',
    'aes256_gcm',
    'aes128_cbc',
    'aes128_gcm',
  ] satisfies Schemas['SamlAssertionEncryptionAlgorithm'][]),
  assertion_key_transport_algorithm: oneOf([
    'rsa_oaep',
    'rsa1_5',
  ] satisfies Schemas['SamlAssertionKeyTransportAlgorithm'][]),
  assertion_encryption_public_key: text,
  // Their item shape is not published.
  sp_signature_certificates: listOf(anyValue),
  enable_single_log_out: flag,
  single_log_out_url: text,
  single_log_out_issuer_url: text,
  single_log_out_binding: oneOf([
    'post',
    'redirect',
  ] satisfies Schemas['SamlSingleLogOutBinding'][]),
  single_logout_sign_request_and_response: flag,
  validate_signed_requests: flag,
  other_sso_urls: shape({
    writable: { index: integer(-32768, 32767), url: text },
    required: ['index', 'url'],
  }),
  additional_user_attributes: listOf(
    shape({
      writable: {
        name: text,
        name_format: NAME_FORMAT,
        value: ATTRIBUTE_VALUE,
        custom_value: text,
      },
      required: ['name', 'name_format', 'value'],
    }),
  ),
  use_short_url: flag,
};

const PARTNER_IDP: Fields = {
  client_id: text,
  client_secret: nullable(text),
  pkce: PKCE,
  id_token_scopes: strings,
  identifying_claim_name: text,
  identity_attribute: SUBJECT_FIELD,
  partner_domain: text,
  inbound_scim: INBOUND_SCIM,
};

const WS_FED: Fields = {
  acs_url: text,
  audience_url: text,
  expiration_time_seconds: integer(),
  digest_algorithm: DIGEST,
  signature_algorithm: SIGNATURE,
  name_format: NAME_FORMAT,
  subject_user_name_attribute: SUBJECT_USER_NAME,
  authentication_context: AUTHENTICATION_CONTEXT,
  additional_user_attributes: listOf(
    shape({
      writable: { name: text, name_format: NAME_FORMAT, value: ATTRIBUTE_VALUE, namespace: text },
      required: ['name', 'name_format', 'value'],
    }),
  ),
  icon: text,
  is_tile_visible: flag,
  inbound_scim: INBOUND_SCIM,
};

/** Each kind's fields as sent on create, and those a create requires. */
const CREATE: Record<Schemas['SsoConfigType'], ShapeFields> = {
  bookmark: { writable: TILE, required: ['login_link'] },
  cloud_directory_external_auth_methods: {
    writable: {
      redirect_uris: strings,
      inbound_scim: INBOUND_SCIM,
      discover_endpoint: oneOf([
        'global_azure',
        'azure_us_government',
        'microsoft_azure_vianet',
      ] satisfies Schemas['SsoDiscoverEndpoint'][]),
    },
    required: ['redirect_uris', 'discover_endpoint'],
  },
  generic_oidc: {
    writable: {
      ...TILE,
      redirect_uris: strings,
      scopes: strings,
      trusted_origins: strings,
      confidentiality: oneOf(['confidential', 'public'] satisfies Schemas['Confidentiality'][]),
      pkce: PKCE,
      inbound_scim: INBOUND_SCIM,
    },
    required: ['redirect_uris', 'scopes', 'confidentiality', 'pkce'],
  },
  generic_oidc_idp: {
    writable: GENERIC_OIDC_IDP,
    required: Object.keys(GENERIC_OIDC_IDP),
  },
  generic_saml: {
    writable: GENERIC_SAML,
    required: [
      'acs_url',
      'override_recipient_and_destination',
      'audience_url',
      'default_relay_state',
      'name_format',
      'authentication_context',
      'subject_user_name_attribute',
      'sign_envelope',
      'sign_assertions',
      'signature_algorithm',
      'digest_algorithm',
      'encrypt_assertions',
      'assertion_validity_duration_seconds',
      'sp_signature_certificates',
      'enable_single_log_out',
      'single_logout_sign_request_and_response',
      'validate_signed_requests',
      'additional_user_attributes',
    ],
  },
  partner_idp: {
    writable: PARTNER_IDP,
    required: ['client_id', 'identifying_claim_name', 'identity_attribute', 'partner_domain'],
  },
  partner_sso_vendor_idp: {
    writable: {
      pkce: PKCE,
      partner_registration: shape({
        writable: { domain: text, partner_token: text, attribute_name: text, is_enabled: flag },
      }),
      inbound_scim: INBOUND_SCIM,
    },
    required: ['pkce', 'partner_registration'],
  },
  // Its create fields are not published: the payload is open.
  scim: { writable: {} },
  ws_fed: {
    writable: WS_FED,
    required: [
      'acs_url',
      'audience_url',
      'expiration_time_seconds',
      'digest_algorithm',
      'signature_algorithm',
      'name_format',
      'subject_user_name_attribute',
      'authentication_context',
      'additional_user_attributes',
    ],
  },
};

/** Each kind's fields as sent on update: the create fields (none required), and a few more. */
const UPDATE: Record<Schemas['SsoConfigType'], ShapeFields> = {
  ...CREATE,
  generic_oidc_idp: {
    writable: {
      ...GENERIC_OIDC_IDP,
      client_secret: nullable(text),
      pkce: PKCE,
      id_token_scopes: strings,
    },
  },
  generic_saml: {
    writable: { ...GENERIC_SAML, icon: text, is_tile_visible: flag, inbound_scim: INBOUND_SCIM },
  },
  scim: { writable: TILE },
};
for (const kind of Object.keys(UPDATE) as Schemas['SsoConfigType'][])
  UPDATE[kind] = { writable: UPDATE[kind].writable };

/** The kinds a request can name (the list's `type` filter takes the same). */
export const SSO_CONFIG_TYPES = Object.keys(CREATE) as Schemas['SsoConfigType'][];

/** The fields of an SSO configuration as created: `display_name`, `payload`, `is_migrated`. */
export const SSO_CONFIG_CREATE: ShapeFields = {
  writable: { is_migrated: flag, display_name: displayName, payload: openScim(byType(CREATE)) },
  readOnly: ['id'],
  required: ['display_name', 'payload'],
};

/** The partial payload of an update, selected by `type`. */
export const SSO_PAYLOAD_UPDATE = byType(UPDATE);

/**
 * The `scim` kind's create payload is open (its fields are not published): it is sent as given,
 * while every other kind is checked field by field.
 */
function openScim(check: ReturnType<typeof byType>): ReturnType<typeof byType> {
  return (value, field) => (isRecord(value) && value.type === 'scim' ? value : check(value, field));
}
