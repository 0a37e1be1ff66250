import { type ApiClient, type ClientOptions, createApiClient } from '@x/runtime';
import { BindingJobs } from './binding-jobs.js';
import type { paths } from './generated/schema.js';
import { Groups } from './groups.js';
import { Passkeys } from './passkeys.js';
import { createScim, type Scim } from './scim.js';
import { Users } from './users.js';

/** Options of the workforce client: `baseUrl` is your regional `{workforce_api_url}`. */
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
  /** The SCIM 2.0 server. */
  readonly scim: Scim;
  /** The typed openapi-fetch client for every operation of the spec, with the same auth, retries and errors. */
  readonly raw: ApiClient<paths>['raw'];
  /** Untyped requests for anything the spec does not describe. */
  readonly request: ApiClient<paths>['request'];
}

/**
 * Creates a client for the workforce admin API and its SCIM server (family W).
 * @example
 * const workforce = createWorkforceClient({
 *   baseUrl: process.env.WORKFORCE_API_URL!,
 *   auth: clientCredentials({ tokenUrl: workforceTokenUrl(process.env.WORKFORCE_API_URL!), clientId, clientSecret }),
 * });
 * for await (const user of workforce.users.list({ filter: userFilter.username.sw('ada') })) console.log(user.id);
 */
export function createWorkforceClient(options: WorkforceClientOptions): WorkforceClient {
  const client = createApiClient<paths>(options);
  return Object.freeze({
    users: new Users(client),
    groups: new Groups(client),
    bindingJobs: new BindingJobs(client),
    passkeys: new Passkeys(client),
    scim: createScim(client),
    raw: client.raw,
    request: client.request,
  });
}
