// The environment variables of the events client: pure data, shared by `fromEnv` and by tools
// (the emulator's `env`) that bundle it without the client.
/** The environment variables `fromEnv` reads. */
export const EVENTS_ENV = {
  /** The events API's base URL, your `{events_url}`. */
  url: 'X_EVENTS_URL',
  /** The API key from the vendor's support team, sent as the bearer token. */
  apiKey: 'X_EVENTS_API_KEY',
} as const;
