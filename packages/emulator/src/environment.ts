// The environment an app sets to reach the emulator's seeded tenants, named by the family
// packages' own `*_ENV` tables, so `fromEnv()`, the CLI's profiles and the MCP server read it
// exactly as they read a real tenant's.
import { ACCESS_ENV } from '@x/access';
import { EVENTS_ENV } from '@x/events';
import { LEGACY_ENV } from '@x/legacy';
import { WORKFORCE_ENV } from '@x/workforce';

/** Full base URLs: pass them as `baseUrl` to the SDK clients. */
export interface EmulatorUrls {
  /** `{workforce_api_url}` (the SCIM server is under `/scim/v2` of it). */
  workforce: string;
  /** `{access_api_url}`. */
  access: string;
  /** `{access_auth_url}` (access token issuance). */
  accessAuth: string;
  /** `{events_url}`. */
  events: string;
  /** `{legacy_api_url}`. */
  legacy: string;
  /** The control surface (`/_emulator`); its page is at this address. */
  control: string;
}

/** The seeded credentials. */
export interface EmulatorCredentials {
  workforce: { tenantId: string; clientId: string; clientSecret: string; tokenUrl: string };
  access: {
    tenantId: string;
    realmId: string;
    applicationId: string;
    clientId: string;
    clientSecret: string;
    tokenUrl: string;
  };
  events: { apiKey: string };
  legacy: { token: string };
}

/** The variables every family's `fromEnv` reads, pointed at the emulator's seeded tenants. */
export function environmentOf({
  urls,
  credentials: c,
}: {
  urls: EmulatorUrls;
  credentials: EmulatorCredentials;
}) {
  return {
    [WORKFORCE_ENV.url]: urls.workforce,
    [WORKFORCE_ENV.clientId]: c.workforce.clientId,
    [WORKFORCE_ENV.clientSecret]: c.workforce.clientSecret,
    [ACCESS_ENV.url]: urls.access,
    [ACCESS_ENV.authUrl]: urls.accessAuth,
    [ACCESS_ENV.tenantId]: c.access.tenantId,
    [ACCESS_ENV.realmId]: c.access.realmId,
    [ACCESS_ENV.applicationId]: c.access.applicationId,
    [ACCESS_ENV.clientId]: c.access.clientId,
    [ACCESS_ENV.clientSecret]: c.access.clientSecret,
    [EVENTS_ENV.url]: urls.events,
    [EVENTS_ENV.apiKey]: c.events.apiKey,
    [LEGACY_ENV.url]: urls.legacy,
    [LEGACY_ENV.token]: c.legacy.token,
    // Advertised beyond loopback (a container's service name), plain http needs the opt-in.
    ...(insecureBeyondLoopback(urls.workforce) ? { X_ALLOW_INSECURE_HTTP: '1' as const } : {}),
  };
}

/** Whether a URL is plain http to a host that is not loopback. */
function insecureBeyondLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && !/^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/** Variable name to value, for every family (client credentials, not bearer tokens). */
export type EmulatorEnvironment = ReturnType<typeof environmentOf>;
