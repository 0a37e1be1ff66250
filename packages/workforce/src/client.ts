import { clientCredentials, staticToken, type TokenStore, workforceTokenUrl } from '@x/auth';
import {
  type ClientOptions,
  ConfigurationError,
  createApiClient,
  type TokenProvider,
} from '@x/runtime';
import { familyEnv, processEnv, secretSafe } from '@x/runtime/internal';
import type { WorkforceApi } from './api.js';
import { WORKFORCE_ENV } from './environment.js';
import type { paths } from './generated/schema.js';
import { BindingJobs } from './resources/binding-jobs.js';
import { CertificateAuthority } from './resources/certificate-authority.js';
import { Groups } from './resources/groups.js';
import { Passkeys } from './resources/passkeys.js';
import { Users } from './resources/users.js';
import { WORKFORCE_RETRY_SAFE } from './retry-safe.js';
import { Scim } from './scim/server.js';
import { VERSION } from './version.js';

export type { WorkforceApi } from './api.js';

/** Options of the workforce client: `baseUrl` is your tenant's regional `{workforce_api_url}`. */
export type WorkforceClientOptions = ClientOptions;

/** The family W client. */
export interface WorkforceClient {
  /** Native directory users. */
  readonly users: Users;
  /** Native directory groups and their members. */
  readonly groups: Groups;
  /** Credential binding jobs. */
  readonly bindingJobs: BindingJobs;
  /** Passkeys and their tags. */
  readonly passkeys: Passkeys;
  /** The tenant's intermediate signing certificate. */
  readonly certificateAuthority: CertificateAuthority;
  /** The SCIM 2.0 server: users, groups, discovery. */
  readonly scim: Scim;
  /** The typed openapi-fetch client for every operation of the spec, with the same auth, retries and errors. */
  readonly raw: WorkforceApi['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: WorkforceApi['request'];
}

/**
 * Creates a client for the workforce admin API and its SCIM server (family W).
 * @example
 * const workforce = createWorkforceClient({
 *   baseUrl,
 *   auth: clientCredentials({ tokenUrl: workforceTokenUrl(baseUrl), clientId, clientSecret }),
 * });
 * const ada = await workforce.users.create({ username: 'ada', email_address: 'ada@example.com' });
 */
export function createWorkforceClient(options: WorkforceClientOptions): WorkforceClient {
  const api: WorkforceApi = createApiClient<paths>(options, {
    name: 'workforce',
    version: VERSION,
    retrySafe: WORKFORCE_RETRY_SAFE,
  });
  const client: WorkforceClient = {
    users: new Users(api),
    groups: new Groups(api),
    bindingJobs: new BindingJobs(api),
    passkeys: new Passkeys(api),
    certificateAuthority: new CertificateAuthority(api),
    scim: new Scim(api),
    raw: api.raw,
    request: api.request,
  };
  return Object.freeze(secretSafe(client, () => `WorkforceClient(${api.baseUrl})`));
}

/**
 * A client configured from the environment: `X_WORKFORCE_URL`, and either
 * `X_WORKFORCE_CLIENT_ID` + `X_WORKFORCE_CLIENT_SECRET` (client credentials at
 * `{url}/v2/oauth2/token`) or `X_WORKFORCE_TOKEN`, never both; `X_LOG_LEVEL` logs to the
 * console; `X_ALLOW_INSECURE_HTTP=1` allows plain http to a host that is not loopback. Options given here win over the environment (and make their
 * variables optional); `fetch` and `fetchOptions` also serve the token requests. `tokenStore` is
 * where client credentials keep their token (a store shared by many processes, `@x/fleet`'s).
 * @throws ConfigurationError naming every variable that is missing, or the token and the client
 * credentials when both are set.
 */
export function fromEnv(
  given: Partial<WorkforceClientOptions> & { tokenStore?: TokenStore | undefined } = {},
  env: Record<string, string | undefined> = processEnv(),
): WorkforceClient {
  const { tokenStore, ...options } = given;
  const { url, clientId, clientSecret, token } = WORKFORCE_ENV;
  const { values, settings } = familyEnv(WORKFORCE_ENV, env, options.auth !== undefined);
  const baseUrl = options.baseUrl ?? values[url];
  const missing = [
    ...(baseUrl === undefined ? [url] : []),
    ...(options.auth === undefined ? missingAuth(values) : []),
  ];
  if (missing.length > 0 || baseUrl === undefined)
    throw new ConfigurationError(
      `the workforce client needs ${missing.join(', ')} (${url}, and ${clientId} + ${clientSecret} or ${token})`,
      missing,
    );
  const auth = options.auth ?? envAuth(values, baseUrl, { ...settings, ...options }, tokenStore);
  return createWorkforceClient({ ...settings, ...options, baseUrl, auth });
}

type EnvValues = Partial<Record<(typeof WORKFORCE_ENV)[keyof typeof WORKFORCE_ENV], string>>;

/** The authentication variables missing: half a client-credentials pair, or every one of them. */
function missingAuth(values: EnvValues): string[] {
  const { clientId, clientSecret, token } = WORKFORCE_ENV;
  const id = values[clientId] !== undefined;
  const secret = values[clientSecret] !== undefined;
  if (id || secret) return [...(id ? [] : [clientId]), ...(secret ? [] : [clientSecret])];
  return values[token] === undefined ? [clientId, clientSecret, token] : [];
}

/** Client credentials when the pair is set, else the token (`missingAuth` found one of them). */
function envAuth(
  values: EnvValues,
  baseUrl: string,
  options: Partial<WorkforceClientOptions>,
  tokenStore: TokenStore | undefined,
): TokenProvider {
  const id = values[WORKFORCE_ENV.clientId];
  const secret = values[WORKFORCE_ENV.clientSecret];
  if (id === undefined || secret === undefined) return staticToken(values[WORKFORCE_ENV.token]!);
  const allowInsecureHttp = options.allowInsecureHttp === true;
  return clientCredentials({
    tokenUrl: workforceTokenUrl(baseUrl, { allowInsecureHttp }),
    clientId: id,
    clientSecret: secret,
    ...(allowInsecureHttp ? { allowInsecureHttp } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.fetchOptions ? { fetchOptions: options.fetchOptions } : {}),
    ...(tokenStore ? { tokenStore } : {}),
  });
}
