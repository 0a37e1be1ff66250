// The environment variables of the access client: pure data, shared by `fromEnv` and by tools
// (the emulator's `env`) that bundle it without the client.
/** The environment variables `fromEnv` reads. */
export const ACCESS_ENV = {
  /** The management API's base URL, your `{access_api_url}`. */
  url: 'X_ACCESS_URL',
  /** The tenant every call is scoped to. */
  tenantId: 'X_ACCESS_TENANT_ID',
  /** A bearer token (from the admin console); or the five client credential variables below. */
  token: 'X_ACCESS_TOKEN',
  /** Token issuance's base URL, your `{access_auth_url}`. */
  authUrl: 'X_ACCESS_AUTH_URL',
  /** The realm of the application whose credentials are used. */
  realmId: 'X_ACCESS_REALM_ID',
  /** The application whose credentials are used (configured for the management API). */
  applicationId: 'X_ACCESS_APPLICATION_ID',
  /** The application's client id. */
  clientId: 'X_ACCESS_CLIENT_ID',
  /** The application's client secret. */
  clientSecret: 'X_ACCESS_CLIENT_SECRET',
  /** Optional: the scopes to request, separated by spaces. */
  scope: 'X_ACCESS_SCOPE',
} as const;
