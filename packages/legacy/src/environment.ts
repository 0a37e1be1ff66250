// The environment variables of the legacy client: pure data, shared by `fromEnv` and by tools
// (the emulator's `env`) that bundle it without the client.
/** The environment variables `fromEnv` reads. */
export const LEGACY_ENV = {
  /** The legacy API's base URL, your `{legacy_api_url}`. */
  url: 'X_LEGACY_URL',
  /** The bearer token. */
  token: 'X_LEGACY_TOKEN',
} as const;
