/** Supplies the bearer token for each attempt. `@x/auth` has the implementations. */
export interface TokenProvider {
  /** Returns a valid access token, fetching or refreshing one if needed. */
  getToken(context?: { signal?: AbortSignal }): Promise<string>;
  /**
   * Called when the server rejected `token` with 401: the provider should forget it, so the
   * client's single retry gets a fresh one. Providers that cannot refresh leave it out.
   */
  invalidate?(token: string): void;
  /** Secret values (client secrets) the client must mask in everything it reports. */
  readonly secrets?: readonly string[];
}
