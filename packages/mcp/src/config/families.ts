// The four families as the server meets them: where each one's catalog comes from, how its
// client is configured from the environment (the family's own `fromEnv`), what the server fills
// in from that configuration, and what it leaves out on purpose.
import type { FetchLike } from '@x/runtime';
import type { SpecName } from '@x/specs';
import type { AnyCatalog } from './catalog.js';
import { type SharedLimits, sharedOptions } from './fleet.js';

/** The families of the platform, each with one spec document in `@x/specs`. */
export type FamilyName = SpecName;

/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What the server needs to know about a family. */
export interface FamilySource {
  readonly name: FamilyName;
  /** The variables its `fromEnv` reads (`X_LOG_LEVEL` aside). */
  readonly variables: readonly string[];
  /** The family's operation catalog; undefined when the installed package has none. */
  loadCatalog(): Promise<AnyCatalog | undefined>;
  /**
   * The family's client from the environment (its `fromEnv`), sending through `fetch` when given,
   * with the fleet's shared token store and rate budget when `shared` is given.
   * @throws ConfigurationError naming the missing variables.
   */
  createClient(
    env: Env,
    fetch: FetchLike | undefined,
    shared?: SharedLimits | undefined,
  ): Promise<unknown>;
  /** Arguments the server supplies from the configuration, by wire name. */
  fixedArguments(env: Env): Readonly<Record<string, string>>;
  /** Operations offered as no tool, with the reason. */
  readonly withheld: Readonly<Record<string, string>>;
  /**
   * Operations sent with POST that only read (a question asked with a body). The server takes
   * an effect at least as strict as the HTTP method's; these are the reviewed exceptions.
   */
  readonly postQueries: readonly string[];
  /** Arguments left out of an operation's tool, by operationId, with the reason. */
  readonly hiddenArguments: Readonly<Record<string, { names: readonly string[]; reason: string }>>;
}

const TOKEN_WITHHELD =
  'mints an access token: the server authenticates by itself, and a token in an agent conversation is a leaked credential';

const withFetch = (fetch: FetchLike | undefined) => (fetch ? { fetch } : {});

/**
 * Imports a family's catalog module and returns its catalog (the export named `*_OPERATIONS`),
 * or undefined when the installed version of the package does not have one yet.
 */
async function importCatalog(load: () => Promise<unknown>): Promise<AnyCatalog | undefined> {
  let module: unknown;
  try {
    module = await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' || code === 'ERR_MODULE_NOT_FOUND')
      return undefined;
    throw error;
  }
  const found = Object.entries(module as Record<string, unknown>).find(([name]) =>
    name.endsWith('_OPERATIONS'),
  );
  return found?.[1] as AnyCatalog | undefined;
}

export const LEGACY: FamilySource = {
  name: 'legacy',
  variables: ['X_LEGACY_URL', 'X_LEGACY_TOKEN'],
  loadCatalog: () => importCatalog(() => import('@x/legacy/operations')),
  async createClient(env, fetch, shared) {
    const { fromEnv } = await import('@x/legacy');
    return fromEnv({ ...withFetch(fetch), ...sharedOptions(shared, env.X_LEGACY_URL, false) }, env);
  },
  fixedArguments: () => ({}),
  withheld: {},
  postQueries: [],
  hiddenArguments: {},
};

export const WORKFORCE: FamilySource = {
  name: 'workforce',
  variables: [
    'X_WORKFORCE_URL',
    'X_WORKFORCE_CLIENT_ID',
    'X_WORKFORCE_CLIENT_SECRET',
    'X_WORKFORCE_TOKEN',
  ],
  loadCatalog: () => importCatalog(() => import('@x/workforce/operations')),
  async createClient(env, fetch, shared) {
    const { fromEnv } = await import('@x/workforce');
    return fromEnv(
      { ...withFetch(fetch), ...sharedOptions(shared, env.X_WORKFORCE_URL, true) },
      env,
    );
  },
  fixedArguments: () => ({}),
  withheld: { issueToken: TOKEN_WITHHELD },
  postQueries: [],
  hiddenArguments: {},
};

export const ACCESS: FamilySource = {
  name: 'access',
  variables: [
    'X_ACCESS_URL',
    'X_ACCESS_TENANT_ID',
    'X_ACCESS_AUTH_URL',
    'X_ACCESS_REALM_ID',
    'X_ACCESS_APPLICATION_ID',
    'X_ACCESS_CLIENT_ID',
    'X_ACCESS_CLIENT_SECRET',
    'X_ACCESS_SCOPE',
    'X_ACCESS_TOKEN',
  ],
  loadCatalog: () => importCatalog(() => import('@x/access/operations')),
  async createClient(env, fetch, shared) {
    const access = (await import('@x/access')) as Record<string, unknown>;
    const fromEnv = access.fromEnv as
      | ((options: { fetch?: FetchLike }, env: Env) => unknown)
      | undefined;
    if (typeof fromEnv !== 'function') throw new Error('this version of @x/access has no fromEnv');
    return fromEnv({ ...withFetch(fetch), ...sharedOptions(shared, env.X_ACCESS_URL, true) }, env);
  },
  // Every access path is under `/v1/tenants/{tenant_id}`: the configured tenant, never the agent's.
  fixedArguments: (env) => (env.X_ACCESS_TENANT_ID ? { tenant_id: env.X_ACCESS_TENANT_ID } : {}),
  withheld: { issueToken: TOKEN_WITHHELD },
  // "Answers whether any of the groups sent is assigned to the SSO configuration."
  postQueries: ['checkGroupSsoConfigAssignment'],
  hiddenArguments: {},
};

export const EVENTS: FamilySource = {
  name: 'events',
  variables: ['X_EVENTS_URL', 'X_EVENTS_API_KEY'],
  loadCatalog: () => importCatalog(() => import('@x/events/operations')),
  async createClient(env, fetch, shared) {
    const { fromEnv } = await import('@x/events');
    return fromEnv({ ...withFetch(fetch), ...sharedOptions(shared, env.X_EVENTS_URL, false) }, env);
  },
  fixedArguments: () => ({}),
  withheld: {},
  postQueries: [],
  hiddenArguments: {
    listEvents: {
      names: ['query_text'],
      reason:
        'a raw query_text lets a term carry operators (`OR`, `-`); events_search builds it from terms, each quoted',
    },
  },
};

/** Every family, in the order their tools are listed. */
export const FAMILIES: readonly FamilySource[] = [WORKFORCE, ACCESS, EVENTS, LEGACY];
