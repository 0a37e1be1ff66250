// Each family's credentials as Schemathesis's configs read them (environment variables named
// `X_FUZZ_*`, substituted into tools/fuzz/config/<family>.toml): the workforce and access
// tokens from their token URLs with the seeded client credentials, the legacy token and the
// events API key as the emulator seeded them.
import type { Emulator } from '@x/emulator';

async function clientCredentialsToken(tokenUrl: string, clientId: string, clientSecret: string) {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!res.ok) throw new Error(`token from ${tokenUrl}: HTTP ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token?: string };
  if (!access_token) throw new Error(`token from ${tokenUrl}: no access_token`);
  return access_token;
}

/** The variables the family configs read. */
export async function fuzzEnvironment(emulator: Emulator): Promise<Record<string, string>> {
  const { workforce, access, legacy, events } = emulator.credentials;
  const { urls } = emulator;
  return {
    X_FUZZ_WORKFORCE_URL: urls.workforce,
    X_FUZZ_WORKFORCE_TOKEN: await clientCredentialsToken(
      workforce.tokenUrl,
      workforce.clientId,
      workforce.clientSecret,
    ),
    X_FUZZ_WORKFORCE_CLIENT_ID: workforce.clientId,
    X_FUZZ_WORKFORCE_CLIENT_SECRET: workforce.clientSecret,
    X_FUZZ_ACCESS_URL: urls.access,
    X_FUZZ_ACCESS_AUTH_URL: urls.accessAuth,
    X_FUZZ_ACCESS_SCIM_URL: `${urls.access}/v1/tenants/${access.tenantId}/realms/${access.realmId}/scim/v2`,
    X_FUZZ_ACCESS_TOKEN: await clientCredentialsToken(
      access.tokenUrl,
      access.clientId,
      access.clientSecret,
    ),
    X_FUZZ_ACCESS_CLIENT_ID: access.clientId,
    X_FUZZ_ACCESS_CLIENT_SECRET: access.clientSecret,
    X_FUZZ_ACCESS_TENANT_ID: access.tenantId,
    X_FUZZ_ACCESS_REALM_ID: access.realmId,
    X_FUZZ_ACCESS_APPLICATION_ID: access.applicationId,
    X_FUZZ_LEGACY_URL: urls.legacy,
    X_FUZZ_LEGACY_TOKEN: legacy.token,
    X_FUZZ_EVENTS_URL: urls.events,
    X_FUZZ_EVENTS_API_KEY: events.apiKey,
  };
}

let madeUsers = 0;

/**
 * A new active workforce user's id (POST /v2/users with the run's token): the user a binding
 * job is made for. Schemathesis cannot know one (a generated `user_id` names no user), and the
 * unit phases may suspend or delete any user they list, so each run gets its own.
 */
export async function activeWorkforceUser(env: Record<string, string>): Promise<string> {
  madeUsers += 1;
  const name = `fuzz-binding-user-${madeUsers}`;
  const res = await fetch(`${env.X_FUZZ_WORKFORCE_URL}/v2/users`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.X_FUZZ_WORKFORCE_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      user: {
        external_id: name,
        email_address: `${name}@example.com`,
        username: name,
        display_name: name,
      },
    }),
  });
  if (!res.ok)
    throw new Error(`workforce user for binding jobs: HTTP ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id?: string };
  if (!id) throw new Error('workforce user for binding jobs: no id');
  return id;
}
