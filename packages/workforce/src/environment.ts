// The environment variables of the workforce client: pure data, shared by `fromEnv` and by tools
// (the emulator's `env`) that bundle it without the client.
/** The environment variables `fromEnv` reads (and `X_LOG_LEVEL`). */
export const WORKFORCE_ENV = {
  /** The workforce API's base URL, your tenant's regional `{workforce_api_url}`. */
  url: 'X_WORKFORCE_URL',
  /** Client credentials (admin console, settings, API access): the client id ... */
  clientId: 'X_WORKFORCE_CLIENT_ID',
  /** ... and its secret. Tokens come from `{url}/v2/oauth2/token`. */
  clientSecret: 'X_WORKFORCE_CLIENT_SECRET',
  /** Or a bearer token created in the admin console. */
  token: 'X_WORKFORCE_TOKEN',
} as const;
